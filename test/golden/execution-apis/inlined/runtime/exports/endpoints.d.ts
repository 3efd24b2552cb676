/** The public part of endpoints.ts. */
export { TransportPool, endpointUrl, toWebSocketUrl } from "../endpoints.js";
export type { NodeClientOptions } from "../endpoints.js";
