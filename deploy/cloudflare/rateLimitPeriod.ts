/**
 * The rate-limiting binding's period (it takes 10 or 60 s), and so the Retry-After of a 429:
 * config.ts writes it into the wrangler config, rateLimiter.ts answers with it. A module of its
 * own so config.ts (Node) does not import the Worker's code.
 */
export const rateLimitPeriodSeconds = 60;
