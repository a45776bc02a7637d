// The estimate form's tag-manager events (docs/tracking.md): marketers' tags read them as they are.
import type { BrandId } from '../brand/brands';
import { trackingConfig } from '../content/trackingConfig';
import { clearDataLayerKeys, pushEvent } from '../lib/dataLayer';
import { estimateSuccessParams, userProvidedDataKey } from '../tracking/conversionEvents';
import type { SendOutcome } from './api';
import type { EntryPoint } from './contract/types';

export type EventContext = { brand: BrandId; entryPoint: EntryPoint };

/** estimate_submit: each attempt, retries included. */
export function reportEstimate(
  event: 'estimate_open' | 'estimate_submit' | 'estimate_error',
  { brand, entryPoint }: EventContext,
  error?: string,
): void {
  pushEvent(event, { brand, entry_point: entryPoint, ...(error && { error }) });
}

/** The browser tag's hashed contacts follow the visitor's adConsent, as the server's do. */
export function reportOutcome(
  context: EventContext,
  outcome: SendOutcome,
  customer: { email: string; phone: string },
  adConsent: boolean,
): void {
  if (outcome.kind !== 'accepted') {
    // A refusal, rate limit included, is `invalid` (the form shows the API's message).
    reportEstimate(
      'estimate_error',
      context,
      outcome.kind === 'retryable' ? outcome.reason : 'invalid',
    );
    return;
  }
  const enhancedConversions = trackingConfig[context.brand].enhancedConversions && adConsent;
  pushEvent(
    'estimate_success',
    estimateSuccessParams({ ...context, estimateId: outcome.id, customer, enhancedConversions }),
  );
  // Cleared from the tag manager's model at once, so no later event carries it.
  if (enhancedConversions) clearDataLayerKeys([userProvidedDataKey]);
}
