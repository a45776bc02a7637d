/**
 * The ad platforms' conversion channels, one per platform of the published table
 * (src/content/externalTransmission.ts), in the shape every delivery channel shares
 * (server/core/deliveryChannel.ts): the per-channel delivery gives each its own state and retries.
 */
import { googleChannel } from './google';
import { lineChannel } from './line';
import { metaChannel } from './meta';
import { yahooChannel } from './yahoo';
import type { ConversionChannel } from './conversionChannel';

export const conversionChannels: readonly ConversionChannel[] = [
  googleChannel,
  metaChannel,
  yahooChannel,
  lineChannel,
];
