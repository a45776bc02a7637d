// The webhook's signature (server/delivery/webhookSignature.ts), checked against Node's own
// HMAC as a receiver would compute it (docs/deploy.md).
import { createHmac } from 'node:crypto';
import { signWebhook } from '../../../server/delivery/webhookSignature';

describe('signWebhook', () => {
  it('is sha256= and the hex HMAC-SHA256 of timestamp.body under the secret', async () => {
    const body = JSON.stringify({ id: 'a1', customer: { lastName: '山田' } });
    const expected = createHmac('sha256', 'shh').update(`1700000000.${body}`).digest('hex');
    expect(await signWebhook('shh', '1700000000', body)).toBe(`sha256=${expected}`);
  });

  it('changes with the secret, the timestamp and the body', async () => {
    const base = await signWebhook('shh', '1', 'x');
    expect(await signWebhook('other', '1', 'x')).not.toBe(base);
    expect(await signWebhook('shh', '2', 'x')).not.toBe(base);
    expect(await signWebhook('shh', '1', 'y')).not.toBe(base);
  });
});
