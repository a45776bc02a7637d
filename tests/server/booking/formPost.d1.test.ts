// The booking without JavaScript: 「空き枠を表示する」 gives the form back with every value kept and
// the nearest shops' free slots; a chosen slot is held with the lead; a slot taken meanwhile gives
// the form back, nothing stored, with the slots still free.
import { validFormPost } from '../../factories/estimate';
import { booked, page, postForm, tuesday, words, worker } from './bookingWorker';

beforeEach(() => worker.reset());

const filled: Record<string, string> = {
  ...validFormPost('carsupport'),
  'vehicle.postalCode': '154-0002',
};

describe('the no-JS booking step', () => {
  it('lists the nearest shops and the first one’s free slots, keeping what was typed', async () => {
    const answer = await postForm('/api/estimates', { ...filled, intent: 'slots' });
    expect(answer.status).toBe(200);
    const document = await page(answer);
    const shops = [...document.querySelectorAll('input[name=bookingShop]')] as HTMLInputElement[];
    expect(shops.map((input) => input.value)).toEqual(['setagaya', 'shibuya', 'yokohama']);
    expect(shops[0]?.checked).toBe(true);
    const later = document.querySelector('input[name=bookingStart][value=""]') as HTMLInputElement;
    expect(later.checked).toBe(true);
    expect(words(later.parentElement)).toContain('日時はあとで相談する');
    expect(
      document.querySelector('input[name=bookingStart][value="2026-11-24T09:30:00+09:00"]'),
    ).not.toBeNull();
    expect(
      (document.querySelector('input[name="customer.lastName"]') as HTMLInputElement).value,
    ).toBe('山田');
    expect(await worker.stored('carsupport')).toHaveLength(0);
  });

  it('holds the chosen slot with the lead and says so', async () => {
    const answer = await postForm('/api/estimates', {
      ...filled,
      bookingShop: 'shibuya',
      bookingStart: tuesday,
    });
    expect(answer.status).toBe(201);
    const text = words(await page(answer));
    expect(text).toContain('仮予約を受け付けました');
    expect(text).toContain('日時: 11月24日（火）9:30');
    const [lead] = await worker.stored('carsupport');
    expect(lead?.booking).toMatchObject({ shop: 'shibuya', start: tuesday, state: 'held' });
  });

  it('gives the form back when the slot was taken, nothing stored, the free slots listed', async () => {
    await booked(tuesday);
    await booked(tuesday);
    const answer = await postForm('/api/estimates', {
      ...filled,
      bookingShop: 'shibuya',
      bookingStart: tuesday,
    });
    expect(answer.status).toBe(409);
    const document = await page(answer);
    expect(words(document.querySelector('[role=alert]'))).toMatch(/満席/);
    expect(document.querySelector(`input[value="${tuesday}"]`)).toBeNull();
    expect(
      document.querySelector('input[name=bookingStart][value="2026-11-24T11:00:00+09:00"]'),
    ).not.toBeNull();
    expect((document.querySelector('input[name="customer.email"]') as HTMLInputElement).value).toBe(
      filled['customer.email'],
    );
    expect(await worker.stored('carsupport')).toHaveLength(2);
  });
});
