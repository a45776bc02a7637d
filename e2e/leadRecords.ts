// What the estimate API stored, read the way staff and their tools read it: the CSV export finds
// a visitor's leads by e-mail address, the staff API gives each one's stored request. Shared by
// e2e and the smoke suite; raw HTTP with a Host header (Node resolves no *.localhost name).
import { request as httpRequest } from 'node:http';
import type { BrandId } from '../src/brand/brands';
import { parseCsv } from '../tests/parseCsv';

export type Answer = { status: number; headers: Record<string, string | undefined>; body: string };
export type Call = {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
};

/** One request to 127.0.0.1:`port` under `host`, sent as is. */
export function rawCall(
  port: number,
  host: string,
  { method = 'GET', path, headers = {}, body }: Call,
): Promise<Answer> {
  return new Promise<Answer>((done, fail) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        // A connection per request: a kept-alive one the server has just closed would hang up.
        agent: false,
        method,
        path,
        headers: { Host: host, ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const flat: Record<string, string | undefined> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            flat[name] = Array.isArray(value) ? value.join(', ') : value;
          }
          done({ status: res.statusCode ?? 0, headers: flat, body: text });
        });
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${method} ${path}`)));
    req.on('error', fail);
    req.end(body);
  });
}

/** A running server of the site and the secrets that open its staff routes. */
export type LeadServer = {
  port: number;
  host: (brand: BrandId) => string;
  exportSecret: string;
  staffSecret: string;
};

/** A lead as the staff API gives it (server/staff/api.ts): the request as stored, its state. */
export type StaffLead = {
  id: string;
  brand: BrandId;
  receivedAt: string;
  suspectedSpam: boolean;
  request: {
    brand: string;
    entryPoint: string;
    vehicle: Record<string, string>;
    customer: Record<string, string>;
    request: Record<string, string>;
    consent: boolean;
    tracking: Record<string, string>;
    quote?: { vehicleClass: string; roughTotal: number };
  };
  deliveries: { channel: string; state: string }[];
};

/** A day in Japan, `days` from today, as the export's `from` and `to` take it. */
export function tokyoDay(days: number): string {
  return new Date(Date.now() + 9 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

async function ok(answer: Promise<Answer>, what: string): Promise<string> {
  const { status, body } = await answer;
  if (status !== 200) throw new Error(`${what} answered ${status}: ${body.slice(0, 200)}`);
  return body;
}

/** The 受付番号 of every lead of `brand` since yesterday (Japan) with this メールアドレス. */
async function leadIdsFor(server: LeadServer, brand: BrandId, email: string): Promise<string[]> {
  const path = `/api/estimates.csv?from=${tokyoDay(-1)}&to=${tokyoDay(0)}`;
  const csv = await ok(
    rawCall(server.port, server.host(brand), {
      path,
      headers: { Authorization: `Bearer ${server.exportSecret}` },
    }),
    path,
  );
  const [header = [], ...rows] = parseCsv(csv);
  const idColumn = header.indexOf('受付番号');
  const emailColumn = header.indexOf('メールアドレス');
  if (idColumn < 0 || emailColumn < 0) throw new Error(`no 受付番号 or メールアドレス in ${path}`);
  return rows.filter((row) => row[emailColumn] === email).map((row) => row[idColumn]!);
}

/** Lead `id` of `brand`, from the staff API. */
export async function staffLead(
  server: LeadServer,
  brand: BrandId,
  id: string,
): Promise<StaffLead> {
  const path = `/api/staff/leads/${encodeURIComponent(id)}`;
  const body = await ok(
    rawCall(server.port, server.host(brand), {
      path,
      headers: { Authorization: `Bearer ${server.staffSecret}` },
    }),
    path,
  );
  return JSON.parse(body) as StaffLead;
}

/** Every lead `brand` stored for `email`, in the export's order. */
export async function storedFor(
  server: LeadServer,
  brand: BrandId,
  email: string,
): Promise<StaffLead[]> {
  const ids = await leadIdsFor(server, brand, email);
  return Promise.all(ids.map((id) => staffLead(server, brand, id)));
}
