import { privacyPolicyVersion } from '../../src/content/externalTransmission';
import type { EstimateRequest } from '../../src/estimate/contract/validation/estimateSchema';
import { matchingData, type MatchingData } from '../../src/tracking/matchingFields';

export function leadMatching(
  request: Request,
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
