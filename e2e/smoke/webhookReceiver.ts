/**
 * A brand's webhook as the API spec's stand-in for a CRM: a Node http server on 127.0.0.1 that
 * records every delivery (path = brand id, headers, body) and answers 500 to a body containing a
 * marker in `failing`, 204 to anything else.
 */
import { createServer } from 'node:http';

export type Delivery = {
  brand: string;
  body: string;
  timestamp: string;
  signature: string;
  status: number;
};

export type Receiver = {
  deliveries: Delivery[];
  /** Bodies containing one of these answer 500 (a destination that is down). */
  failing: Set<string>;
  close(): Promise<void>;
};

export async function startReceiver(port: number): Promise<Receiver> {
  const deliveries: Delivery[] = [];
  const failing = new Set<string>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const status = [...failing].some((marker) => body.includes(marker)) ? 500 : 204;
      deliveries.push({
        brand: (req.url ?? '').slice(1),
        body,
        timestamp: String(req.headers['x-shaken-timestamp'] ?? ''),
        signature: String(req.headers['x-shaken-signature'] ?? ''),
        status,
      });
      // No keep-alive: workerd would reuse a connection this server has timed out.
      res.writeHead(status, { Connection: 'close' }).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    deliveries,
    failing,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
