/** The public part of batch.ts. */
export { batch, encodeParams, prepare } from "../batch.js";
