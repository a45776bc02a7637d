/**
 * The four ad platforms' conversion endpoints as local stand-ins (issue 29): one Node http server
 * on 127.0.0.1 that checks each request against the platform's documented shape
 * (server/platforms/ cites the pages) and answers as the platform does: Google's token endpoint
 * and Data Manager API, Meta's Conversions API, LINEヤフー's and LINE's Conversion APIs. It asserts
 * the method, the path, the auth header (Meta: the body's access_token), the required fields (a
 * later stage's value and currency, Meta's offline events), that
 * hashes are lowercase hex SHA-256, the event-time window and the deduplication id; a request that
 * fails a check is refused with 400 and its problems, as the platforms refuse it. Accepted events
 * are kept once per deduplication id (a repeat is counted in `duplicates`), and a platform listed
 * in `failing` answers 500 (a platform that is down).
 */
import { createServer, type IncomingMessage } from 'node:http';
import { jwtVerify } from 'jose';
import type { ConversionPlatform } from '../../src/content/externalTransmission';
import { googleFixtures, metaFixtures } from './platformFixtures';

type AcceptedEvent = { platform: ConversionPlatform; dedupId: string; body: unknown };

export type ConversionReceivers = {
  /** The Worker's configuration pointing every channel at this server. */
  env: Record<string, string>;
  accepted: AcceptedEvent[];
  /** Deduplication ids a platform received again after accepting them. */
  duplicates: AcceptedEvent[];
  /** Requests refused with 400, with what was wrong (and the event's id, where it had one). */
  refused: { platform: ConversionPlatform | 'unknown'; problems: string[]; dedupId?: string }[];
  /** Platforms that answer 500 until removed. */
  failing: Set<ConversionPlatform>;
  /** Platforms that refuse every well-formed event with 400 and this body until removed. */
  refusing: Map<ConversionPlatform, unknown>;
  /**
   * requestStatus.retrieve's answer per requestId or per the event's transactionId (the lead's
   * id); SUCCESS when none is set.
   */
  googleStatus: Map<string, unknown>;
  /** Google requests checked with validateOnly: checked, never kept. */
  validated: AcceptedEvent[];
  close(): Promise<void>;
};

export type ReceiverSecrets = {
  googleEmail: string;
  googlePublicKey: CryptoKey;
  googlePrivateKeyPkcs8: string;
};

const dayMs = 24 * 60 * 60 * 1000;
const hexSha256 = /^[0-9a-f]{64}$/;
const googleToken = 'local-google-access-token';
const metaToken = 'local-meta-token';
const yahooToken = 'local-yahoo-token';
const lineToken = 'local-line-token';
const pixelId = '1234567890';
const yahooTagId = 'yahoo-tag-1';
const yahooSearchAppId = 'local-yahoo-search-app';
const yahooSearchConversionId = '1234567890';
const lineTagId = '00000000-0000-0000-0000-000000000000';

/** `answer`: the platform's own error body for the refusal. */
type Check = { problems: string[]; dedupId?: string; answer?: unknown; validateOnly?: boolean };

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** Seconds (or an RFC 3339 time) within [now - maxAge, now + ahead]. */
function inWindow(seconds: number, maxAgeMs: number, aheadMs: number): boolean {
  const ms = seconds * 1000;
  const now = Date.now();
  return Number.isFinite(ms) && ms >= now - maxAgeMs && ms <= now + aheadMs;
}

function hashes(problems: string[], label: string, values: unknown[]): void {
  for (const value of values) {
    if (value !== undefined && (typeof value !== 'string' || !hexSha256.test(value))) {
      problems.push(`${label} is not lowercase hex SHA-256`);
    }
  }
}

function checkGoogle(body: unknown, auth: string | undefined): Check {
  const problems: string[] = [];
  if (auth !== `Bearer ${googleToken}`) problems.push('Authorization is not the issued token');
  const request = record(body);
  const destination = record((request.destinations as unknown[] | undefined)?.[0]);
  if (record(destination.operatingAccount).accountType !== 'GOOGLE_ADS') {
    problems.push('destinations[0].operatingAccount.accountType is not GOOGLE_ADS');
  }
  if (!destination.productDestinationId) problems.push('no productDestinationId');
  if (request.encoding !== 'HEX') problems.push('encoding is not HEX');
  const events = request.events as unknown[] | undefined;
  if (!Array.isArray(events) || events.length !== 1)
    return { problems: [...problems, 'not one event'] };
  const event = record(events[0]);
  if (typeof event.transactionId !== 'string') problems.push('no transactionId');
  if (!inWindow(Date.parse(String(event.eventTimestamp)) / 1000, 90 * dayMs, 60_000)) {
    problems.push('eventTimestamp out of window');
  }
  const ids = record(event.adIdentifiers);
  const clickIds = Object.keys(ids).filter((key) => ['gclid', 'gbraid', 'wbraid'].includes(key));
  const identifiers = (record(event.userData).userIdentifiers as unknown[] | undefined) ?? [];
  if (clickIds.length > 1) problems.push('more than one of gclid, gbraid, wbraid');
  if (clickIds.length === 0 && identifiers.length === 0) {
    problems.push('neither a click id nor user identifiers');
  }
  hashes(
    problems,
    'userIdentifiers',
    identifiers.flatMap((item) => Object.values(record(item))),
  );
  if (event.conversionValue !== undefined) {
    if (typeof event.conversionValue !== 'number' || event.conversionValue < 0) {
      problems.push('conversionValue is not a number ≥ 0');
    }
    if (!/^[A-Z]{3}$/.test(String(event.currency))) problems.push('currency is not ISO 4217');
  }
  const consent = record(event.consent);
  for (const key of ['adUserData', 'adPersonalization']) {
    if (!['CONSENT_GRANTED', 'CONSENT_DENIED'].includes(String(consent[key]))) {
      problems.push(`consent.${key} missing`);
    }
  }
  return {
    problems,
    dedupId: String(event.transactionId),
    answer: googleFixtures.invalidArgument(problems.join('; ')),
    validateOnly: request.validateOnly === true,
  };
}

function checkMeta(body: unknown): Check {
  const problems: string[] = [];
  const request = record(body);
  if (request.access_token !== metaToken) problems.push('access_token is not the pixel’s token');
  const events = request.data as unknown[] | undefined;
  if (!Array.isArray(events) || events.length !== 1)
    return { problems: [...problems, 'not one event'] };
  const event = record(events[0]);
  const user = record(event.user_data);
  if (event.action_source === 'physical_store') {
    // An offline event: a standard event of the shop, no page or browser required.
    if (!['Schedule', 'Purchase'].includes(String(event.event_name))) {
      problems.push('event_name is not Schedule or Purchase');
    }
    const custom = record(event.custom_data);
    if (event.event_name === 'Purchase' && typeof custom.value !== 'number') {
      problems.push('a Purchase without custom_data.value');
    }
    if (custom.value !== undefined && !/^[A-Z]{3}$/.test(String(custom.currency))) {
      problems.push('custom_data.currency is not ISO 4217');
    }
  } else {
    if (event.event_name !== 'Lead') problems.push('event_name is not Lead');
    if (event.action_source !== 'website') problems.push('action_source is not website');
    if (typeof event.event_source_url !== 'string') problems.push('no event_source_url');
    if (typeof user.client_user_agent !== 'string') problems.push('no client_user_agent');
  }
  if (!inWindow(Number(event.event_time), 7 * dayMs, 60_000))
    problems.push('event_time out of window');
  if (typeof event.event_id !== 'string') problems.push('no event_id');
  if (!user.fbc && !user.fbp && !user.em && !user.ph) problems.push('no customer information');
  hashes(problems, 'em/ph', [...((user.em as unknown[]) ?? []), ...((user.ph as unknown[]) ?? [])]);
  const answer =
    request.access_token !== metaToken ? metaFixtures.invalidToken : metaFixtures.missingUserAgent;
  return { problems, dedupId: String(event.event_id), answer };
}

function checkYahoo(body: unknown, token: string | undefined): Check {
  const problems: string[] = [];
  if (token !== yahooToken) problems.push('X-TagAccessToken is not the tag’s token');
  const request = record(body);
  if (request.tag_id !== yahooTagId) problems.push('tag_id is not the tag');
  const events = request.data as unknown[] | undefined;
  if (!Array.isArray(events) || events.length !== 1)
    return { problems: [...problems, 'not one event'] };
  const item = record(events[0]);
  const event = record(item.event);
  if (!event.event_type) problems.push('no event_type');
  if (event.action_source !== 'web') problems.push('action_source is not web');
  if (
    !/^\d{10}$/.test(String(event.event_time)) ||
    !inWindow(Number(event.event_time), 90 * dayMs, 60_000)
  ) {
    problems.push('event_time is not 10-digit seconds in window');
  }
  const id = String(event.transaction_id ?? '');
  if (!/^[!"#$%&'()*+,\-./0-9:;=?@A-Z_a-z~]{1,64}$/.test(id)) problems.push('bad transaction_id');
  const user = record(item.user);
  if (Object.keys(user).length === 0) problems.push('no user parameter');
  hashes(problems, 'hashed_email/hashed_phone_number', [
    user.hashed_email,
    user.hashed_phone_number,
  ]);
  return { problems, dedupId: id };
}

// The search-ads API's request table (docs/platform-sources.md): the AppID in User-Agent, yclid,
// the tag's id and label, a 13-digit event_time, url, user_agent and ip.
function checkYahooSearch(body: unknown, userAgent: string | undefined): Check {
  const problems: string[] = [];
  if (userAgent !== `Yahoo AppID: ${yahooSearchAppId}`)
    problems.push('User-Agent is not the AppID');
  const request = record(body);
  if (!/^YSS\./.test(String(request.yclid ?? ''))) problems.push('yclid is not a search ad’s');
  if (request.yahoo_conversion_id !== yahooSearchConversionId) problems.push('bad conversion id');
  if (typeof request.yahoo_conversion_label !== 'string') problems.push('no conversion label');
  if (!/^\d{13}$/.test(String(request.event_time))) problems.push('event_time is not 13 digits');
  for (const name of ['url', 'user_agent', 'ip'] as const) {
    if (typeof request[name] !== 'string' || !request[name]) problems.push(`no ${name}`);
  }
  for (const name of Object.keys(request)) {
    if (!yahooSearchKeys.includes(name)) problems.push(`unknown parameter ${name}`);
  }
  return { problems, dedupId: String(request.yclid ?? '') };
}

const yahooSearchKeys = [
  'yclid',
  'yahoo_conversion_id',
  'yahoo_conversion_label',
  'yahoo_conversion_value',
  'event_time',
  'url',
  'referrer',
  'user_agent',
  'ip',
];

function checkLine(body: unknown, token: string | undefined): Check {
  const problems: string[] = [];
  if (token !== lineToken) problems.push('X-Line-TagAccessToken is not the tag’s token');
  if (!Array.isArray(body) || body.length !== 1)
    return { problems: [...problems, 'not an array of one event'] };
  const item = record(body[0]);
  const event = record(item.event);
  const key = String(event.deduplication_key ?? '');
  if (!/^[0-9a-zA-Z\-_]{1,256}$/.test(key)) problems.push('bad deduplication_key');
  if (event.event_type !== 'conversion') problems.push('event_type is not conversion');
  if (event.source_type !== 'web') problems.push('source_type is not web');
  if (!inWindow(Number(event.event_timestamp), 90 * dayMs, dayMs))
    problems.push('event_timestamp out of window');
  const user = record(item.user);
  if (!user.click_id && !user.browser_id && !user.email && !user.phone) {
    problems.push('no user field usable for matching');
  }
  hashes(problems, 'email/phone', [user.email, user.phone]);
  return { problems, dedupId: key };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

export async function startConversionReceivers(
  port: number,
  secrets: ReceiverSecrets,
): Promise<ConversionReceivers> {
  const accepted: AcceptedEvent[] = [];
  const duplicates: AcceptedEvent[] = [];
  const refused: ConversionReceivers['refused'] = [];
  const failing = new Set<ConversionPlatform>();
  const refusing = new Map<ConversionPlatform, unknown>();
  const googleStatus = new Map<string, unknown>();
  const validated: AcceptedEvent[] = [];
  const googleRequests = new Map<string, string>();
  let origin = '';

  const server = createServer((req, res) => {
    void (async () => {
      const text = await readBody(req);
      const path = (req.url ?? '').split('?')[0] ?? '';
      const answer = (status: number, body?: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json', Connection: 'close' });
        res.end(body === undefined ? '' : JSON.stringify(body));
      };
      if (req.method === 'GET' && path === '/v1/requestStatus:retrieve') {
        if (req.headers.authorization !== `Bearer ${googleToken}`) return answer(401);
        const requestId = new URL(req.url ?? '', origin).searchParams.get('requestId') ?? '';
        const transactionId = googleRequests.get(requestId);
        if (transactionId === undefined) {
          return answer(404, { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } });
        }
        return answer(
          200,
          googleStatus.get(requestId) ??
            googleStatus.get(transactionId) ??
            googleFixtures.statusSuccess,
        );
      }
      if (req.method !== 'POST') return answer(405);
      if (path === '/google/token') {
        const form = new URLSearchParams(text);
        try {
          if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
            throw new Error('grant_type');
          const { payload } = await jwtVerify(
            form.get('assertion') ?? '',
            secrets.googlePublicKey,
            {
              issuer: secrets.googleEmail,
              audience: `${origin}/google/token`,
              algorithms: ['RS256'],
            },
          );
          if (payload.scope !== 'https://www.googleapis.com/auth/datamanager')
            throw new Error('scope');
          return answer(200, { access_token: googleToken, expires_in: 3600, token_type: 'Bearer' });
        } catch (error) {
          refused.push({ platform: 'google', problems: [`token: ${String(error)}`] });
          return answer(400, { error: 'invalid_grant' });
        }
      }
      const routes: [RegExp, ConversionPlatform, (body: unknown) => Check][] = [
        [
          /^\/google\/v1\/events:ingest$/,
          'google',
          (body) => checkGoogle(body, req.headers.authorization),
        ],
        [new RegExp(`^/meta/v25\\.0/${pixelId}/events$`), 'meta', checkMeta],
        [
          /^\/yahoo\/v1\/$/,
          'yahoo',
          (body) => checkYahoo(body, req.headers['x-tagaccesstoken'] as string | undefined),
        ],
        [
          /^\/yahoo-search\/v1\/$/,
          'yahooSearch',
          (body) => checkYahooSearch(body, req.headers['user-agent']),
        ],
        [
          new RegExp(`^/line/v1/${lineTagId}/events$`),
          'line',
          (body) => checkLine(body, req.headers['x-line-tagaccesstoken'] as string | undefined),
        ],
      ];
      const route = routes.find(([pattern]) => pattern.test(path));
      if (!route) {
        refused.push({ platform: 'unknown', problems: [`no endpoint at ${path}`] });
        return answer(404);
      }
      const [, platform, check] = route;
      if (failing.has(platform)) return answer(500);
      if (!/^application\/json\b/.test(req.headers['content-type'] ?? '')) {
        refused.push({ platform, problems: ['Content-Type is not application/json'] });
        return answer(415);
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        refused.push({ platform, problems: ['body is not JSON'] });
        return answer(400);
      }
      const { problems, dedupId = '', answer: refusal, validateOnly } = check(body);
      if (problems.length > 0) {
        refused.push({ platform, problems });
        return answer(400, refusal ?? { error: problems });
      }
      if (refusing.has(platform)) {
        refused.push({ platform, problems: ['refused as told'], dedupId });
        return answer(400, refusing.get(platform));
      }
      const event = { platform, dedupId, body };
      // The Data Manager API checks a validateOnly request and issues no requestId.
      if (validateOnly) {
        validated.push(event);
        return answer(200, {});
      }
      const seen = accepted.some(
        (other) => other.platform === platform && other.dedupId === dedupId,
      );
      (seen ? duplicates : accepted).push(event);
      if (platform === 'google') {
        const requestId = `request-${googleRequests.size + 1}`;
        googleRequests.set(requestId, dedupId);
        return answer(200, { requestId });
      }
      if (platform === 'meta') return answer(200, { events_received: 1 });
      return answer(202);
    })();
  });
  // api.spec.ts and stageConversions.spec.ts may run side by side (two workers): the second waits
  // for the first to close the port, which the Worker's configuration names.
  for (;;) {
    const bound = await new Promise<boolean>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) =>
        error.code === 'EADDRINUSE' ? resolve(false) : reject(error),
      );
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (bound) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;
  return {
    env: receiverEnv(origin, secrets),
    accepted,
    duplicates,
    refused,
    failing,
    refusing,
    googleStatus,
    validated,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The configuration pointing every channel at the receivers on `origin` (the Worker of the smoke
 * suite gets it before they start: e2e/smoke/engines.ts).
 */
export function receiverEnv(
  origin: string,
  secrets: Pick<ReceiverSecrets, 'googleEmail' | 'googlePrivateKeyPkcs8'>,
): Record<string, string> {
  return {
    GOOGLE_DATA_MANAGER_ENDPOINT: `${origin}/google/v1/events:ingest`,
    GOOGLE_OAUTH_TOKEN_ENDPOINT: `${origin}/google/token`,
    GOOGLE_SERVICE_ACCOUNT_EMAIL: secrets.googleEmail,
    GOOGLE_SERVICE_ACCOUNT_PRIVATE_KEY: secrets.googlePrivateKeyPkcs8,
    GOOGLE_ADS_CUSTOMER_ID: '123-456-7890',
    GOOGLE_ADS_CONVERSION_ACTION_ID: '987654321',
    GOOGLE_ADS_BOOKED_CONVERSION_ACTION_ID: '987654322',
    GOOGLE_ADS_COMPLETED_CONVERSION_ACTION_ID: '987654323',
    META_CONVERSIONS_ENDPOINT: `${origin}/meta/v25.0`,
    META_PIXEL_ID: pixelId,
    META_ACCESS_TOKEN: metaToken,
    YAHOO_CONVERSION_ENDPOINT: `${origin}/yahoo/v1/`,
    YAHOO_TAG_ID: yahooTagId,
    YAHOO_TAG_ACCESS_TOKEN: yahooToken,
    YAHOO_SEARCH_CONVERSION_ENDPOINT: `${origin}/yahoo-search/v1/`,
    YAHOO_SEARCH_APP_ID: yahooSearchAppId,
    YAHOO_SEARCH_CONVERSION_ID: yahooSearchConversionId,
    YAHOO_SEARCH_CONVERSION_LABEL: 'a1B2C3dE4FgH5IJK6_lMno7',
    LINE_CONVERSION_ENDPOINT: `${origin}/line/v1`,
    LINE_TAG_ID: lineTagId,
    LINE_TAG_ACCESS_TOKEN: lineToken,
  };
}
