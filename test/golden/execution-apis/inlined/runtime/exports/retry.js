/** The public part of retry.ts. */
export { backoff as retryBackoff, mayRepeat, retryAfter, retryReason, surelyUnsent, tooLarge, withRetry } from "../retry.js";
