/**
 * The bindings of one brand's Worker (its wrangler config is written by config.ts), typed here
 * once, with the few Workers runtime types the Worker uses (the project does not pull in
 * @cloudflare/workers-types, whose globals clash with the DOM library the app is checked with).
 */

type Fetcher = { fetch(request: Request | URL | string): Promise<Response> };

export type D1Result<T = Record<string, unknown>> = {
  results: T[];
  meta: { changes: number };
};

export interface D1PreparedStatement {
  bind(...values: unknown[]): D1PreparedStatement;
  first<T = Record<string, unknown>>(): Promise<T | null>;
  all<T = Record<string, unknown>>(): Promise<D1Result<T>>;
  run(): Promise<D1Result>;
}

export interface D1Database {
  prepare(query: string): D1PreparedStatement;
  /** Runs the statements in one transaction, in order. */
  batch<T = Record<string, unknown>>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]>;
}

export interface Queue<Body> {
  send(body: Body, options?: { delaySeconds?: number }): Promise<void>;
}

export interface QueueMessage<Body> {
  readonly id: string;
  readonly body: Body;
  /** 1 on the first delivery. */
  readonly attempts: number;
  ack(): void;
  retry(options?: { delaySeconds?: number }): void;
}

export interface MessageBatch<Body> {
  readonly queue: string;
  readonly messages: readonly QueueMessage<Body>[];
}

/** What a lead's queue message carries: the row is read from D1 when it is delivered. */
export type LeadMessage = { id: string };

export type Env = {
  ASSETS: Fetcher;
  DB: D1Database;
  LEADS: Queue<LeadMessage>;
  /** This Worker's brand id. */
  BRAND?: string;
  /** The name of the dead-letter queue, to tell its batches from the leads queue's. */
  DEAD_LETTER_QUEUE: string;
  /** Secrets (wrangler secret put; .dev.vars locally). */
  EXPORT_SECRET?: string;
  WEBHOOK_URL?: string;
  WEBHOOK_SECRET?: string;
  /** Vars: opening hours (H:MM) and the first retry delay of a failed delivery, in seconds. */
  BUSINESS_START_TIME?: string;
  BUSINESS_END_TIME?: string;
  RETRY_BASE_SECONDS?: string;
};
