import { withBackfill } from "../client/backfill.js";
import type { SubscribeOptions, Subscription, SubscriptionTarget, Transport } from "./transport.js";
import { type WebSocketTransportOptions } from "./ws/options.js";
export { backoff } from "./ws/connection.js";
export type { KeepAliveOptions, ReconnectOptions, WebSocketConstructor, WebSocketLike, WebSocketTransportOptions } from "./ws/options.js";
export interface WebSocketTransport extends Transport {
	readonly kind: "websocket";
	/** Whether the connection is open right now. */
	readonly connected: boolean;
	subscribe(target: SubscriptionTarget, params: readonly unknown[], options?: SubscribeOptions): Subscription<unknown>;
	/** What `subscribe(..., { backfill })` uses to deliver what a reconnect missed (here, so it loads with this transport). */
	readonly backfill: typeof withBackfill;
}
export declare function createWebSocketTransport(options: WebSocketTransportOptions): WebSocketTransport;
