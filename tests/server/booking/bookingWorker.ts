// The Worker of the booking's D1 tests, with its booking store at hand.
import { D1Bookings } from '../../../server/db/bookings';
import { workerOnD1, type TestWorker } from '../worker';

const base = workerOnD1({ env: { STAFF_SECRET: 'booking-staff-secret' } });

export const worker = base as TestWorker & { bookings: D1Bookings };

beforeAll(() => {
  worker.bookings = new D1Bookings(base.d1.db);
});
