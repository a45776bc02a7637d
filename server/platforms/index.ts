// Every ad platform the site reports leads to, in the order their channels are listed (the CSV's
// columns): the delivery list, the Worker's config and its Env derive from here.
import type { ConversionPlatform } from '../../src/content/externalTransmission';
import { google } from './google';
import { line } from './line';
import { meta } from './meta';
import { conversionStages, type ConversionStage } from './platform';
import { yahoo } from './yahoo';
import { yahooSearch } from './yahooSearch';

const adPlatforms = [google, meta, yahoo, yahooSearch, line] as const;

export const conversionChannels = adPlatforms.map((platform) => platform.lead);

export const stageConversionChannels = conversionStages.flatMap((stage) =>
  adPlatforms.map((platform) => platform.stages[stage]),
);

/** The channels a lead's first arrival at `stage` sets off; none when it was there before. */
export function stageConversionNames(stage: ConversionStage): string[] {
  return adPlatforms.map((platform) => platform.stages[stage].name);
}

type Platform = (typeof adPlatforms)[number];

/** Off until all are set. @internal For the Worker's config generator, a deploy script. */
export const conversionVariables = Object.fromEntries(
  adPlatforms.map((platform) => [platform.id, platform.variables]),
) as { [P in Platform as P['id']]: P['variables'] } satisfies Record<
  ConversionPlatform,
  readonly string[]
>;

/** Test modes, stage actions, status checks. @internal For the Worker's config generator. */
export const conversionOptions = adPlatforms.flatMap(
  (platform) => platform.options,
) as readonly Platform['options'][number][];

/** @internal Exported for the Worker's config generator: its vars outside local runs. */
export const productionEndpoints: Readonly<Record<string, string>> = Object.assign(
  {},
  ...adPlatforms.map((platform) => platform.endpoints),
);

export type PlatformVariable = Platform['variables'][number] | Platform['options'][number];
