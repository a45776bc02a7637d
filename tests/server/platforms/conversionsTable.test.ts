// The published table turns the conversion channels on: a platform 「外部送信について」 does not
// list stays off, whatever its configuration (issue 29, part 4).
import type { StoredLead } from '../../../server/leads/store';
import type * as transmissionTable from '../../../src/content/externalTransmission';
import { conversionChannels, conversionVariables } from '../../../server/platforms/index';
import { adProvisionSince } from '../../../src/content/externalTransmission';
import { leadRequest, storedLead } from '../../factories/estimate';

vi.mock('../../../src/content/externalTransmission', async (importOriginal) => {
  const original = await importOriginal<typeof transmissionTable>();
  // Every server row but Meta's.
  return {
    ...original,
    externalTransmissions: original.externalTransmissions.filter((row) => row.platform !== 'meta'),
  };
});

const env = Object.fromEntries(
  Object.values(conversionVariables)
    .flat()
    .map((name) => [name, 'set']),
);

const lead: StoredLead = storedLead({
  receivedAt: new Date().toISOString(),
  request: {
    ...leadRequest('yamada', { tracking: { gaid: 'g', yclid: 'y', fbclid: 'f', ldtag_cl: 'l' } }),
    adConsent: true,
  },
  matching: {
    cookies: {},
    userAgent: 'UA',
    eventSourceUrl: 'https://x.example/',
    privacyPolicyVersion: adProvisionSince,
  },
});

it('keeps a configured channel off while the table does not list its platform', async () => {
  const ctx = { env, fetch, now: () => new Date() };
  const decisions = Object.fromEntries(
    await Promise.all(
      conversionChannels.map(async (channel) => [
        channel.name,
        (await channel.decide(lead, ctx)).kind,
      ]),
    ),
  );
  expect(decisions).toEqual({
    google: 'send',
    meta: 'off',
    yahoo: 'send',
    yahooSearch: 'skip',
    line: 'send',
  });
});
