/** The one way a route takes its methods: any other gets 405 with `Allow`, in JSON, in Japanese. */
import type { AppContext, Handler } from './context';
import { json } from './answers';
import { messages } from './messages';

type Method = 'GET' | 'POST';

/** A route's handler per method; HEAD is GET's (Hono drops the body). */
export function methods(handlers: Partial<Record<Method, Handler>>): Handler {
  const allowed = (Object.keys(handlers) as Method[]).flatMap((method) =>
    method === 'GET' ? ['GET', 'HEAD'] : [method],
  );
  return (c: AppContext) => {
    const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
    const handler = handlers[method as Method];
    if (handler) return handler(c);
    return Promise.resolve(
      json(405, { error: messages.methodNotAllowed(allowed) }, { Allow: allowed.join(', ') }),
    );
  };
}
