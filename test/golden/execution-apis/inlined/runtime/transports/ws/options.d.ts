/**
* The WebSocket transport's options, their defaults checked and resolved once, and the small helpers every
* part of the transport (connection, calls, subscriptions) shares.
*/
import { TransportError } from "../../errors/index.js";
import type { ValidatorTable } from "../../client/meta.js";
/** The parts of a WebSocket (browser, Node 22+, or the `ws` package) the transport uses. */
export interface WebSocketLike {
	readonly readyState: number;
	binaryType?: string;
	send(data: string): void;
	close(code?: number, reason?: string): void;
	addEventListener(type: string, listener: (event: any) => void): void;
}
/** A WebSocket constructor. With `headers`, it is called as `new WebSocket(url, { headers })` (the `ws` package's form). */
export type WebSocketConstructor = new (url: string, protocolsOrOptions?: any) => WebSocketLike;
export interface ReconnectOptions {
	/** How many times to try in a row before giving up (default Infinity). */
	readonly attempts?: number;
	/** Base delay in ms, doubled per attempt (default 250). */
	readonly delay?: number;
	/** Upper bound of the delay in ms (default 10 000). */
	readonly maxDelay?: number;
}
export interface WebSocketTransportOptions {
	/** The endpoint's URL, e.g. `ws://127.0.0.1:8546/ws`. */
	readonly url: string;
	/** Default: `globalThis.WebSocket`, else the `ws` package (loaded on first use). */
	readonly WebSocket?: WebSocketConstructor;
	/** Milliseconds per request and for opening the connection (default 30 000; 0 or Infinity: none). */
	readonly timeout?: number;
	/** Reconnect after the connection drops while subscriptions are live (default on: `{}`). */
	readonly reconnect?: false | ReconnectOptions;
	/** Handshake headers; needs the `ws` package (browsers cannot send them), which is then used by default. */
	readonly headers?: Readonly<Record<string, string>>;
	/** Whether the endpoint accepts JSON-RPC arrays (geth-style servers do); default false. */
	readonly batch?: boolean;
	/** Calls per JSON-RPC array (default 40). */
	readonly maxBatchSize?: number;
	/** Default bound of each subscription's buffer (default 1024). */
	readonly maxBuffered?: number;
	/**
	* Validate results against the spec by default: the package's `validators` (validation on, every
	* method), or `true` (methods whose meta carries its validator: the per-method modules).
	*/
	readonly validate?: boolean | ValidatorTable;
	/**
	* Keep-alive pings: every `interval` ms (default 30 000) a cheap call (`method`, default `net_version`)
	* goes out; with no reply within `timeout` ms (default 10 000) the connection counts as dead (a half-open
	* TCP connection sends no close), is dropped, and reconnects and re-subscribes as on any drop. Any reply,
	* an error included, proves the connection alive. Off by default.
	*/
	readonly keepAlive?: false | KeepAliveOptions;
}
export interface KeepAliveOptions {
	readonly interval?: number;
	readonly timeout?: number;
	readonly method?: string;
	readonly params?: unknown;
}
/** The options with every default applied, checked once when the transport is made. */
export interface Settings {
	readonly url: string;
	readonly options: WebSocketTransportOptions;
	/** Per request and for opening the connection; 0 or Infinity: none. */
	readonly timeout: number;
	/** Undefined when reconnection is off. */
	readonly reconnect: ReconnectOptions | undefined;
	readonly maxAttempts: number;
	readonly baseDelay: number;
	readonly maxDelay: number;
	readonly batching: boolean;
	readonly maxBatchSize: number;
	readonly maxBuffered: number;
	readonly keepAlive: KeepAliveOptions | undefined;
}
/** `WebSocket.OPEN`. */
export declare const OPEN = 1;
/** How long `unsubscribe()` (and so `break` in a loop) waits for the server's answer. */
export declare const UNSUBSCRIBE_TIMEOUT = 5e3;
export declare function resolveSettings(options: WebSocketTransportOptions): Settings;
export declare function closedError(url: string, method?: string): TransportError;
export declare function errorMessage(e: unknown): string;
