/** The public part of ws.ts. */
export { backoff, createWebSocketTransport } from "../ws.js";
