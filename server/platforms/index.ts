import { googleChannel } from './google';
import { lineChannel } from './line';
import { metaChannel } from './meta';
import { yahooChannel } from './yahoo';
import type { ConversionChannel } from './platform';

export const conversionChannels: readonly ConversionChannel[] = [
  googleChannel,
  metaChannel,
  yahooChannel,
  lineChannel,
];
