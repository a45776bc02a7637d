// A stored request is parsed once, where a store reads it back (server/leads/storedRequest.ts):
// what the handler stored reads back unchanged; what an older release or a hand edit left reads
// as empty values, never as a lost lead.
import { parseStoredRequest } from '../../../server/leads/storedRequest';
import { leadRequest } from '../../factories/estimate';

describe('a stored request read back', () => {
  it('is the request the handler stored, as the webhook sends it', () => {
    const request = leadRequest('yamada', { tracking: { gaid: 'g-1', source: 'google' } });
    const json = JSON.stringify(request);
    expect(JSON.stringify(parseStoredRequest(JSON.parse(json), 'yamada'))).toBe(json);
  });

  it('keeps a quote and a filled honeypot', () => {
    const request = {
      ...leadRequest('carsupport'),
      quote: { vehicleClass: 'kei' as const, roughTotal: 45_000 },
      homepage: 'https://spam.example',
    };
    expect(parseStoredRequest(request, 'carsupport')).toStrictEqual(request);
  });

  it("reads an older row's numbers as digits and wrong types as empty", () => {
    const request = leadRequest('yamada');
    const older = {
      ...request,
      vehicle: { ...request.vehicle, expiryYear: 2027, expiryMonth: 4, maker: ['ホンダ'] },
      customer: 'not a group',
      tracking: { gaid: 7, source: 'google', unknownKey: 'x' },
      quote: { vehicleClass: 'compact', roughTotal: 52_000 },
    };
    const read = parseStoredRequest(older, 'yamada');
    expect(read.vehicle).toMatchObject({ expiryYear: '2027', expiryMonth: '4', maker: '' });
    expect(read.customer).toEqual({
      lastName: '',
      firstName: '',
      lastNameKana: '',
      firstNameKana: '',
      phone: '',
      email: '',
    });
    expect(read.tracking).toEqual({ source: 'google' });
    expect(read).not.toHaveProperty('quote');
  });

  it("takes the brand from the lead's row and reads nothing at all as an empty request", () => {
    const read = parseStoredRequest(null, 'carsupport');
    expect(read).toMatchObject({
      brand: 'carsupport',
      entryPoint: '',
      consent: true,
      tracking: {},
    });
    expect(read.request).toEqual({});
    expect(parseStoredRequest({ ...leadRequest('yamada') }, 'carsupport').brand).toBe('carsupport');
  });
});
