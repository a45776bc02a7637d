// The Worker as its tests meet it: the app (server/app.ts) over a real local D1 with every
// migration (d1.ts), its queue and mail bindings captured, the brand's tree a stand-in that knows
// only its 404 page and postal data, and a clock the test sets. Opened once per file (beforeAll), closed after.
import { createApp } from '../../server/app';
import { D1Deliveries } from '../../server/db/deliveries';
import { D1LeadStore } from '../../server/db/leads';
import { D1Staff } from '../../server/db/staff';
import type { Env, LeadMessage } from '../../server/env';
import type { MailMessage } from '../../server/delivery/leadMail';
import type { StoredLead } from '../../server/leads/store';
import { securityHeaders } from '../../server/site/headers';
import worker from '../../server/worker';
import { localOrigin, type BrandId } from '../../src/brand/brands';
import { postalAssets } from '../factories/postal';
import { localD1, type LocalD1 } from './d1';

/** What the stand-in tree answers for its 404 page, as `_headers` gives every page. */
export const notFoundPage = '<!doctype html><title>ページが見つかりませんでした。</title>';
const treeHeaders = { ...securityHeaders, 'Content-Security-Policy': "default-src 'self'" };

/** The tree's 404 page and its postal data (tests/factories/postal.ts); nothing else. */
function assets(): Env['ASSETS'] {
  const postal = postalAssets();
  return {
    async fetch(input: RequestInfo | URL, init?: RequestInit) {
      const request = new Request(input as Request, init);
      if (new URL(request.url).pathname.startsWith('/_app/postal/')) return postal.fetch(request);
      const found = new URL(request.url).pathname === '/404';
      const body = request.method === 'HEAD' ? null : notFoundPage;
      const headers = { ...treeHeaders, 'Content-Type': 'text/html; charset=utf-8' };
      return new Response(body, { status: found ? 200 : 404, headers });
    },
    connect() {
      throw new Error('not in tests');
    },
  } as unknown as Env['ASSETS'];
}

type Clock = { now: Date; advance(ms: number): void };

export type TestWorker = {
  d1: LocalD1;
  env: Env;
  clock: Clock;
  leads: D1LeadStore;
  staff: D1Staff;
  deliveries: D1Deliveries;
  /** Every message the app put on the queue, in order. */
  queued: LeadMessage[];
  /** Every mail sent through the EMAIL binding, in order. */
  mails: MailMessage[];
  /** A request to the app: `path` on `brand`'s host (its site origin), from `ip`; `env` instead. */
  fetch(
    path: string,
    init?: RequestInit & { brand?: BrandId; ip?: string; host?: string; env?: Env },
  ): Promise<Response>;
  /** Runs the queued messages through the Worker's consumer until none is left. */
  deliver(): Promise<void>;
  /** Every lead stored for `brand`, oldest first. */
  stored(brand: BrandId): Promise<StoredLead[]>;
  /** Empties every table, the captured messages and mails, and sets the clock back. */
  reset(): Promise<void>;
};

/**
 * `env` adds vars and secrets (STAFF_SECRET, EXPORT_SECRET…); without `BRAND` the brand follows the
 * Host, as on a Worker that serves every host.
 */
/** The test clock's time unless a file names its own. */
const defaultStart = '2026-11-20T01:00:00.000Z';

export function workerOnD1(options: { env?: Partial<Env>; start?: string } = {}): TestWorker {
  const on = { queued: [], mails: [] } as unknown as TestWorker;
  beforeAll(async () => {
    on.d1 = await localD1();
    const clock: Clock = {
      now: new Date(options.start ?? defaultStart),
      advance(ms) {
        this.now = new Date(this.now.getTime() + ms);
      },
    };
    on.clock = clock;
    const queue = {
      send: async (body: LeadMessage) => void on.queued.push(body),
      sendBatch: async (messages: Iterable<{ body: LeadMessage }>) => {
        for (const message of messages) on.queued.push(message.body);
      },
    };
    const email = {
      send: async (message: MailMessage) => {
        on.mails.push(message);
        return { messageId: `<${on.mails.length}@test>` };
      },
    };
    on.env = {
      DB: on.d1.db,
      ASSETS: assets(),
      LEADS: queue,
      EMAIL: email,
      DEAD_LETTER_QUEUE: 'test-dlq',
      RETRY_BASE_SECONDS: '1',
      ...options.env,
    } as unknown as Env;
    on.leads = new D1LeadStore(on.d1.db);
    on.staff = new D1Staff(on.d1.db, on.leads);
    on.deliveries = new D1Deliveries(on.d1.db);
    const app = createApp({ now: () => clock.now });
    on.fetch = async (path, init = {}) => {
      const { brand = 'carsupport', ip = '192.0.2.1', host, env = on.env, ...request } = init;
      const origin = host ? `http://${host}` : siteOf(brand);
      const headers = new Headers(request.headers);
      headers.set('CF-Connecting-IP', ip);
      return Promise.resolve(app.request(new URL(path, origin).href, { ...request, headers }, env));
    };
    on.deliver = async () => {
      while (on.queued.length > 0) {
        const messages = on.queued.splice(0).map((body, index) => ({
          id: String(index),
          body,
          attempts: 1,
          ack: () => {},
          retry: () => {},
        }));
        await worker.queue({ queue: 'test', messages } as never, on.env);
      }
    };
    on.stored = (brand) =>
      on.leads.list(brand, '2000-01-01T00:00:00.000Z', '2100-01-01T00:00:00.000Z');
    on.reset = async () => {
      await on.d1.empty();
      on.queued.splice(0);
      on.mails.splice(0);
      clock.now = new Date(options.start ?? defaultStart);
    };
  });
  afterAll(async () => {
    await on.d1?.dispose();
  });
  return on;
}

export const siteOf = (brand: BrandId) => localOrigin(brand, 4173);

/** The Worker's bindings with a D1 that fails every call: the store is down. */
export function withD1Down(env: Env): Env {
  const down = () => {
    throw new Error('D1 is down');
  };
  return {
    ...env,
    DB: { prepare: down, batch: () => Promise.reject(new Error('D1 is down')) },
  } as unknown as Env;
}
