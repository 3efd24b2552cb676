/**
* Endpoint URLs from the spec's server entries, and a pool that creates one transport per endpoint on first
* use and closes them all together.
*/
import type { createFallbackTransport, FallbackOptions } from "../transports/fallback.js";
import { type AutoBatchOptions, type FetchLike } from "../transports/http.js";
import type { Logging } from "../transports/log.js";
import type { EndpointMeta, ServiceMeta, ValidatorTable } from "./meta.js";
import { type Middleware } from "../transports/middleware.js";
import { type RetryOptions } from "../transports/retry.js";
import type { Transport } from "../transports/transport.js";
import type { createWebSocketTransport, KeepAliveOptions, ReconnectOptions, WebSocketConstructor, WebSocketTransport } from "../transports/ws.js";
/**
* `endpointUrl('http://127.0.0.1:8545', '/chains/{chain}/rpc', { chain: 'main' })` →
* `http://127.0.0.1:8545/chains/main/rpc`. Values are URL-encoded; a variable the template does not have, or
* one it has and is not given, is an error. A path in the base URL is kept (`https://host/prefix`).
*/
export declare function endpointUrl(baseUrl: string, pathTemplate: string, variables?: Readonly<Record<string, string>>): string;
/** `http://host` → `ws://host`, `https://host` → `wss://host`; ws and wss URLs are returned unchanged. */
export declare function toWebSocketUrl(httpBase: string): string;
/** Options of a whole-node client: one base URL (or several), every service's endpoint derived from it. */
export interface NodeClientOptions {
	/**
	* The server's base URL, e.g. `http://127.0.0.1:8545` or `https://rpc.example.com`; each endpoint's path is
	* appended. May be left out where the document's server has a full URL: that URL is called.
	*/
	readonly url?: string;
	/**
	* Which of the document's servers to call, by its name or its URL, where it lists several (a main and a
	* test network): the first by default.
	*/
	readonly server?: string;
	/**
	* More base URLs (nodes): an HTTP call moves to the next on a retryable failure (after `url`, when both
	* are given). See `fallback` for ranking and hedging.
	*/
	readonly urls?: readonly string[];
	/**
	* How calls spread over `urls`: `transport` is `createFallbackTransport` from the package's `runtime` module
	* (needed with several nodes; passed in, so a program with one node never bundles it), then ranking by
	* success rate and latency (probing each node) and hedged reads.
	*/
	readonly fallback?: Omit<FallbackOptions, "rank"> & {
		readonly transport?: typeof createFallbackTransport;
		readonly rank?: boolean | {
			readonly interval?: number;
			readonly timeout?: number;
			readonly samples?: number;
		};
	};
	/** Retries after the first attempt of an HTTP call (default 3; 0: none). Safe by the spec: see `retry`. */
	readonly retryCount?: number;
	/** Base of the exponential backoff in ms (default 150). */
	readonly retryDelay?: number;
	/** The rest of the retry settings (`maxDelay`, `maxRetryAfter`, `retryCodes`, `onRetry`), or `false`: no retries. */
	readonly retry?: false | RetryOptions;
	/** Middleware around every HTTP request, in order (more with `client.use(...)`). */
	readonly use?: readonly Middleware[];
	/**
	* Where each attempt is logged (method, URL, status, duration, retry reason), secrets redacted:
	* `createLogging({ logger: console, level: 'debug' })`, `createLogging` being from the package's `runtime`
	* module (passed in, so a program that logs nothing never bundles it).
	*/
	readonly log?: Logging;
	readonly headers?: Readonly<Record<string, string>>;
	readonly fetch?: FetchLike;
	/** Milliseconds per call (default 30 000). */
	readonly timeout?: number;
	/** Automatic batching on endpoints that accept arrays. */
	readonly autoBatch?: boolean | AutoBatchOptions;
	/** Calls per JSON-RPC array (default 40; never above the endpoint's own limit). */
	readonly maxBatchSize?: number;
	/**
	* Validate every result and notification against the spec: pass the package's validators
	* (`import { validators } from '<package>/validators'`), which a program without validation never loads.
	*/
	readonly validate?: boolean | ValidatorTable;
	readonly ws?: {
		/**
		* The WebSocket transport, for subscriptions and WebSocket-only methods: `createWebSocketTransport` from
		* the package's `runtime` module. Passed in, so a program that never subscribes never bundles it.
		*/
		readonly transport?: typeof createWebSocketTransport;
		/** Base URL for WebSocket endpoints (default: `url` with ws:// or wss://). */
		readonly url?: string;
		readonly WebSocket?: WebSocketConstructor;
		readonly reconnect?: false | ReconnectOptions;
		/** Handshake headers (not inherited from `headers`: browsers cannot send them); need the `ws` package. */
		readonly headers?: Readonly<Record<string, string>>;
		readonly maxBuffered?: number;
		/** Keep-alive pings (`true`: every 30 s with the service's cheap read, dead after 10 s without a reply). */
		readonly keepAlive?: boolean | KeepAliveOptions;
	};
}
/** One transport per (endpoint URL, kind), created on first use. */
export declare class TransportPool {
	readonly options: NodeClientOptions;
	private readonly transports;
	private readonly middleware;
	private readonly bases;
	private closed;
	/** The package's name, for errors that say what to import. */
	private readonly packageName;
	constructor(options: NodeClientOptions, packageName?: string);
	/** Adds a middleware for every HTTP request from now on (transports already made included). */
	use(middleware: Middleware): void;
	/** The URL of a service's endpoint of the given kind. */
	url(service: ServiceMeta, kind?: EndpointMeta["transport"], variables?: Readonly<Record<string, string>>, base?: string): string;
	/** The HTTP transport of a service's endpoint (`variables`: e.g. `{ blockchainID: 'C' }`, defaults from the spec). */
	http(service: ServiceMeta, variables?: Readonly<Record<string, string>>): Transport;
	/** The WebSocket transport of a service's endpoint. */
	ws(service: ServiceMeta, variables?: Readonly<Record<string, string>>): WebSocketTransport;
	get(service: ServiceMeta, kind: EndpointMeta["transport"], variables?: Readonly<Record<string, string>>): Transport;
	/** The WebSocket transport the options pass in; without it, an error that says what to import. */
	private webSocket;
	/**
	* The layers of a service's HTTP transport, inside out: one transport per node (its fetch running the
	* middleware, its attempts logged), fallback over the nodes when there are several, retries on top.
	*/
	private httpTransport;
	/** Closes every transport created so far (ends their subscriptions, rejects their calls in flight). */
	close(): Promise<void>;
}
