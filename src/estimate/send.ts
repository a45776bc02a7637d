// The send step, free of React. A key the server knows for other content (a copied tab sent
// first) is renewed and the body sent again, once. Never throws.
import type { BrandId } from '../brand/brands';
import { readTrackingData } from '../tracking/trackingData';
import { submitEstimate, type SendOutcome } from './api';
import type { BookingChoice } from './contract/booking';
import type { EntryPoint } from './contract/types';
import type { EstimateQuote } from './contract/validation/estimateSchema';
import { toEstimateRequest, type EstimateFormOutput } from './contract/validation/estimateSchema';

export async function sendEstimate(
  values: EstimateFormOutput,
  context: {
    brand: BrandId;
    entryPoint: EntryPoint;
    quote: EstimateQuote | undefined;
    booking?: BookingChoice | undefined;
  },
  homepage: string,
  /** `renew` asks for a key never used before. */
  keyFor: (body: unknown, renew: boolean) => string,
): Promise<SendOutcome> {
  try {
    const body = {
      ...toEstimateRequest(values, { ...context, tracking: readTrackingData() }),
      ...(homepage && { homepage }),
    };
    const outcome = await submitEstimate(body, keyFor(body, false));
    if (outcome.kind !== 'key-reused') return outcome;
    const again = await submitEstimate(body, keyFor(body, true));
    // A fresh key cannot be known: a second refusal is the server's fault, and safe to retry.
    return again.kind === 'key-reused' ? { kind: 'retryable', reason: 'unexpected' } : again;
  } catch {
    return { kind: 'retryable', reason: 'unexpected' };
  }
}
