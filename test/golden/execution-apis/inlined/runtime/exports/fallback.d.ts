/** The public part of fallback.ts. */
export { createFallbackTransport } from "../fallback.js";
export type { FallbackOptions, FallbackTransport, RankOptions } from "../fallback.js";
