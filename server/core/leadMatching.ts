/**
 * What the ad platforms' matching needs from one estimate request (src/tracking/matchingFields.ts),
 * taken from the request the runtime hands the estimate handler: its cookies, user agent, the
 * client's address, the site's origin, and the privacy policy version the brand publishes now
 * (the one the form links to).
 */
import { privacyPolicyVersion } from '../../src/content/externalTransmission';
import type { EstimateRequest } from '../../src/estimate/contract/validation/estimateSchema';
import { matchingData, type MatchingData } from '../../src/tracking/matchingFields';

export function leadMatching(
  request: Request,
  /** The estimate handler's context (estimateHandler.ts). */
  ctx: { clientKey: string; siteOrigin: string },
  output: EstimateRequest,
): MatchingData {
  return matchingData({
    cookieHeader: request.headers.get('cookie'),
    userAgent: request.headers.get('user-agent'),
    clientAddress: ctx.clientKey,
    siteOrigin: ctx.siteOrigin,
    formPath: output.tracking.estimate_generated_url,
    privacyPolicyVersion,
  });
}
