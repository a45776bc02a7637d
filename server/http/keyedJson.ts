// A JSON POST with its Idempotency-Key, read one way by every API route that takes one: size, key,
// UTF-8 and depth are checked before any recursive work, such as the request's fingerprint.
import { answers } from './messages';
import { json, jsonTooDeep, notUtf8, readBody, tooLarge } from './http';

const idempotencyKeyPattern = /^[\x21-\x7e]{1,200}$/;

/** A request nests three deep (tracking, quote); anything past this is not one. */
const maxJsonDepth = 8;

/** The key and the parsed body, or the answer that refuses them. */
export async function readKeyedJson(
  request: Request,
): Promise<{ key: string; body: unknown } | Response> {
  const raw = await readBody(request);
  if (raw === tooLarge) return json(413, { error: answers.tooLarge });
  const key = request.headers.get('idempotency-key');
  if (key === null || !idempotencyKeyPattern.test(key)) {
    return json(400, { error: answers.idempotencyKey });
  }
  try {
    if (raw === notUtf8) throw new TypeError('not UTF-8');
    if (jsonTooDeep(raw, maxJsonDepth)) throw new RangeError('nested too deep');
    return { key, body: JSON.parse(raw) as unknown };
  } catch {
    return json(400, { error: answers.invalidJson });
  }
}
