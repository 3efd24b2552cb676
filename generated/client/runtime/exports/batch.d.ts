/** The public part of batch.ts. */
export { batch, encodeParams, prepare } from "../batch.js";
export type { BatchResult, PreparedCall, ResultOf } from "../batch.js";
