/**
 * The receivers the smoke suite's Worker sends a lead's channels to (engines.ts points it at their
 * ports): the brand's webhook and the ad platforms. api.spec.ts and platforms.spec.ts both need
 * them, and Playwright may run the two files side by side, so a file waits until the other has
 * let the ports go (`EADDRINUSE`), then holds them until its afterAll.
 */
import { importSPKI } from 'jose';
import { startConversionReceivers, type ConversionReceivers } from './conversionReceivers';
import { smokeApi, smokeGoogleAccount } from './engines';
import { startReceiver, type Receiver } from './webhookReceiver';

export type LeadReceivers = { webhook: Receiver; platforms: ConversionReceivers };

/** How long a file waits for the other's turn: the longer file takes a few minutes. */
export const receiversWaitMs = 600_000;

function inUse(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE';
}

export async function startLeadReceivers(): Promise<LeadReceivers> {
  const account = smokeGoogleAccount();
  const secrets = {
    googleEmail: account.email,
    googlePublicKey: await importSPKI(account.publicKey, 'RS256'),
    googlePrivateKeyPkcs8: account.privateKey,
  };
  const deadline = Date.now() + receiversWaitMs;
  for (;;) {
    let webhook: Receiver | undefined;
    try {
      webhook = await startReceiver(smokeApi.webhookPort);
      return {
        webhook,
        platforms: await startConversionReceivers(smokeApi.conversionsPort, secrets),
      };
    } catch (error) {
      await webhook?.close();
      if (!inUse(error) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
