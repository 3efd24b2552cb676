/**
* Endpoint URLs from the spec's server entries, and a pool that creates one transport per endpoint on first
* use and closes them all together.
*/
import { type AutoBatchOptions, type FetchLike } from "./http.js";
import type { EndpointMeta, ServiceMeta } from "./meta.js";
import type { Transport } from "./transport.js";
import { type ReconnectOptions, type WebSocketConstructor, type WebSocketTransport } from "./ws.js";
/**
* `endpointUrl('http://127.0.0.1:8545', '/chains/{chain}/rpc', { chain: 'main' })` →
* `http://127.0.0.1:8545/chains/main/rpc`. Values are URL-encoded; a variable the template does not have, or
* one it has and is not given, is an error. A path in the base URL is kept (`https://host/prefix`).
*/
export declare function endpointUrl(baseUrl: string, pathTemplate: string, variables?: Readonly<Record<string, string>>): string;
/** `http://host` → `ws://host`, `https://host` → `wss://host`; ws and wss URLs are returned unchanged. */
export declare function toWebSocketUrl(httpBase: string): string;
/** Options of a whole-node client: one base URL, every service's endpoint derived from it. */
export interface NodeClientOptions {
	/** The server's base URL, e.g. `http://127.0.0.1:8545` or `https://rpc.example.com`; each endpoint's path is appended. */
	readonly url: string;
	readonly headers?: Readonly<Record<string, string>>;
	readonly fetch?: FetchLike;
	/** Milliseconds per call (default 30 000). */
	readonly timeout?: number;
	/** Automatic batching on endpoints that accept arrays. */
	readonly autoBatch?: boolean | AutoBatchOptions;
	/** Calls per JSON-RPC array (default 40; never above the endpoint's own limit). */
	readonly maxBatchSize?: number;
	/** Validate every result against the spec. */
	readonly validate?: boolean;
	readonly ws?: {
		/** Base URL for WebSocket endpoints (default: `url` with ws:// or wss://). */
		readonly url?: string;
		readonly WebSocket?: WebSocketConstructor;
		readonly reconnect?: false | ReconnectOptions;
		/** Handshake headers (not inherited from `headers`: browsers cannot send them); need the `ws` package. */
		readonly headers?: Readonly<Record<string, string>>;
		readonly maxBuffered?: number;
	};
}
/** One transport per (endpoint URL, kind), created on first use. */
export declare class TransportPool {
	readonly options: NodeClientOptions;
	private readonly transports;
	private closed;
	constructor(options: NodeClientOptions);
	/** The URL of a service's endpoint of the given kind. */
	url(service: ServiceMeta, kind?: EndpointMeta["transport"], variables?: Readonly<Record<string, string>>): string;
	/** The HTTP transport of a service's endpoint (`variables`: e.g. `{ blockchainID: 'C' }`, defaults from the spec). */
	http(service: ServiceMeta, variables?: Readonly<Record<string, string>>): Transport;
	/** The WebSocket transport of a service's endpoint. */
	ws(service: ServiceMeta, variables?: Readonly<Record<string, string>>): WebSocketTransport;
	get(service: ServiceMeta, kind: EndpointMeta["transport"], variables?: Readonly<Record<string, string>>): Transport;
	/** Closes every transport created so far (ends their subscriptions, rejects their calls in flight). */
	close(): Promise<void>;
}
