/** The public part of codec.ts. */
export { CodecError, decode, encode } from "../codec.js";
export type { Plan } from "../codec.js";
