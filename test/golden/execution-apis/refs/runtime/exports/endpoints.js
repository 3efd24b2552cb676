/** The public part of endpoints.ts. */
export { TransportPool, endpointUrl, toWebSocketUrl } from "../endpoints.js";
