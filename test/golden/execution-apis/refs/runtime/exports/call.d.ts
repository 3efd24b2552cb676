/** The public part of call.ts. */
export { call, secretValues } from "../call.js";
export type { CallOptions } from "../call.js";
