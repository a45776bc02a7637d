// The published table turns the conversion channels on: a platform the brand's 「外部送信について」
// does not list stays off, whatever its configuration (issue 29, part 4).
import type { StoredLead } from '../../server/api/leadStore';
import type * as transmissionTable from '../../src/content/externalTransmission';
import { conversionChannels } from '../../server/conversions/channels';
import { conversionVariables } from '../../server/conversions/conversionChannel';
import { validRequest } from '../factories/estimate';

vi.mock('../../src/content/externalTransmission', async (importOriginal) => {
  const original = await importOriginal<typeof transmissionTable>();
  // yamada publishes every server row but Meta's; carsupport publishes none.
  return {
    ...original,
    externalTransmissions: {
      carsupport: original.externalTransmissions.carsupport.filter((row) => row.route === 'tag'),
      yamada: original.externalTransmissions.yamada.filter((row) => row.platform !== 'meta'),
    },
  };
});

const env = Object.fromEntries(
  Object.values(conversionVariables)
    .flat()
    .map((name) => [name, 'set']),
);

function lead(brand: 'carsupport' | 'yamada'): StoredLead {
  return {
    id: '261125-7K3QF9ZD',
    brand,
    idempotencyKey: 'key',
    contentHash: 'hash',
    receivedAt: new Date().toISOString(),
    suspectedSpam: false,
    deliveredAt: null,
    request: validRequest(brand, {
      tracking: { gaid: 'g', yclid: 'y', fbclid: 'f', ldtag_cl: 'l' },
    }),
  };
}

it('keeps a configured channel off while the brand’s table does not list its platform', async () => {
  const ctx = { env, fetch, now: () => new Date() };
  const decisions = async (brand: 'carsupport' | 'yamada') =>
    Object.fromEntries(
      await Promise.all(
        conversionChannels.map(async (channel) => [
          channel.name,
          (await channel.decide(lead(brand), ctx)).kind,
        ]),
      ),
    );
  expect(await decisions('yamada')).toEqual({
    google: 'send',
    meta: 'off',
    yahoo: 'send',
    line: 'send',
  });
  expect(await decisions('carsupport')).toEqual({
    google: 'off',
    meta: 'off',
    yahoo: 'off',
    line: 'off',
  });
});
