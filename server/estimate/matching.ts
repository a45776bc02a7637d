import { privacyPolicyVersion } from '../../src/content/externalTransmission';
import type { EstimateRequest } from '../../src/estimate/contract/validation/estimateSchema';
import { isRecord } from '../../src/lib/isRecord';
import { matchingData, type MatchingData } from '../../src/tracking/matchingFields';
import { isOverlongClickId, trackingKeys } from '../../src/tracking/trackingFields';

/** `body`: the request as sent, where a click id over the cap is still seen, to say why it is gone. */
export function leadMatching(
  request: Request,
  ctx: { clientKey: string; siteOrigin: string },
  output: EstimateRequest,
  body?: unknown,
): MatchingData {
  const sentTracking = isRecord(body) && isRecord(body.tracking) ? body.tracking : {};
  const overlong = trackingKeys.filter((key) => isOverlongClickId(key, sentTracking[key]));
  const data = matchingData({
    cookieHeader: request.headers.get('cookie'),
    userAgent: request.headers.get('user-agent'),
    clientAddress: ctx.clientKey,
    siteOrigin: ctx.siteOrigin,
    formPath: output.tracking.estimate_generated_url,
    privacyPolicyVersion,
  });
  return overlong.length > 0 ? { ...data, overlongClickIds: overlong } : data;
}
