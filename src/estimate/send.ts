/**
 * The send step, free of React: builds the request body from the validated values and what the
 * page knows (brand, entry point, quote, tracking, the honeypot), asks for the key to send it with
 * and sends it. Returns what came of it (api.ts), never throws.
 */
import type { BrandId } from '../brand/brands';
import { readTrackingData } from '../tracking/trackingData';
import { submitEstimate, type SendOutcome } from './api';
import type { EntryPoint, EstimateQuote } from './types';
import { toEstimateRequest, type EstimateFormOutput } from './validation/estimateSchema';

export async function sendEstimate(
  values: EstimateFormOutput,
  context: { brand: BrandId; entryPoint: EntryPoint; quote: EstimateQuote | undefined },
  /** The honeypot: people never see it; a filled one marks the lead (the API decides). */
  homepage: string,
  keyFor: (body: unknown) => string,
): Promise<SendOutcome> {
  try {
    const body = {
      ...toEstimateRequest(values, { ...context, tracking: readTrackingData() }),
      ...(homepage && { homepage }),
    };
    return await submitEstimate(body, keyFor(body));
  } catch {
    return { kind: 'retryable', reason: 'unexpected' };
  }
}
