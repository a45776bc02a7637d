import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Cancelling the stream, or `discard` once answered, reads and drops the rest instead of dropping
 * the socket, so the answer is still sent and the connection reused.
 */
function bodyStream(req: IncomingMessage): { stream: ReadableStream<Uint8Array>; discard(): void } {
  let done = false;
  const discard = () => {
    done = true;
    req.resume();
  };
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      req.on('data', (chunk: Buffer) => {
        if (done) return;
        controller.enqueue(new Uint8Array(chunk));
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      });
      req.on('end', () => {
        if (done) return;
        done = true;
        controller.close();
      });
      req.on('error', (error) => {
        if (done) return;
        done = true;
        controller.error(error);
      });
    },
    pull() {
      req.resume();
    },
    cancel: discard,
  });
  return { stream, discard };
}

function toFetchRequest(
  req: IncomingMessage,
  res: ServerResponse,
  origin: string,
): { request: Request; discard(): void } {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const method = req.method ?? 'GET';
  const body = method !== 'GET' && method !== 'HEAD' ? bodyStream(req) : undefined;
  // The request's signal aborts once the connection is gone, so a handler still waiting stops.
  const gone = new AbortController();
  res.on('close', () => gone.abort());
  const request = new Request(new URL(req.url ?? '/', origin), {
    method,
    headers,
    signal: gone.signal,
    ...(body && { body: body.stream, duplex: 'half' }),
  } as RequestInit);
  return { request, discard: body?.discard ?? (() => req.resume()) };
}

async function sendFetchResponse(res: ServerResponse, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  if (res.writableEnded || res.destroyed) return;
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  // A body left unread (too large) is not worth reading on: close once answered.
  if (response.status === 413) res.setHeader('Connection', 'close');
  res.setHeader('Content-Length', body.length);
  res.end(body);
}

export async function serveFetch(
  req: IncomingMessage,
  res: ServerResponse,
  origin: string,
  handle: (request: Request) => Promise<Response>,
): Promise<void> {
  const { request, discard } = toFetchRequest(req, res, origin);
  try {
    await sendFetchResponse(res, await handle(request));
  } finally {
    discard();
  }
}
