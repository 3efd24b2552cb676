/** The public part of http.ts. */
export { createHttpTransport } from "../http.js";
export type { AutoBatchOptions, FetchLike, FetchResponseLike, HttpTransport, HttpTransportOptions } from "../http.js";
