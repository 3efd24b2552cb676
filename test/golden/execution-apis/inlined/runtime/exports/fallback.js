/** The public part of fallback.ts. */
export { createFallbackTransport } from "../fallback.js";
