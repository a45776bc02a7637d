-- What the ad platforms' matching needs, captured at submit (src/tracking/matchingFields.ts): the
-- platforms' first-party cookies, the user agent, the client's address as the edge saw it, the
-- event source URL and the privacy policy version agreed to, as JSON. NULL on leads stored before
-- it, which then go to the platforms with their click ids alone (server/core/conversions/).
ALTER TABLE leads ADD COLUMN matching_json TEXT;
