/** The public part of ws.ts. */
export { backoff, createWebSocketTransport } from "../ws.js";
export type { KeepAliveOptions, ReconnectOptions, WebSocketConstructor, WebSocketLike, WebSocketTransport, WebSocketTransportOptions } from "../ws.js";
