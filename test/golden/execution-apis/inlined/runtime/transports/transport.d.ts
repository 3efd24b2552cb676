/**
* The contract between the generated clients and a transport (HTTP or WebSocket). Transports move wire-form
* JSON-RPC calls; encoding, validation and decoding happen above them, in call.ts.
*/
import type { Effect, ValidatorTable } from "../client/meta.js";
/** One JSON-RPC call in wire form. */
export interface RpcCall {
	readonly method: string;
	/** The params member as sent; omitted from the request when undefined. */
	readonly params?: unknown;
	/**
	* Values that must never appear in an error (keystore passwords): any error built from the reply has them
	* replaced by `***`.
	*/
	readonly redact?: readonly string[];
	/** What the call does to the node (from the spec); retries and fallback decide with it. */
	readonly effects?: Effect;
}
/** The parts of a fetch `Headers` object the runtime reads. */
export interface HeadersLike {
	get(name: string): string | null;
}
/** One HTTP response as it arrived (every attempt has its own). */
export interface ResponseInfo {
	readonly url: string;
	readonly status: number;
	readonly statusText: string;
	/** Absent when the fetch implementation gives none. */
	readonly headers?: HeadersLike;
}
/** Per-call options, on top of the transport's. */
export interface RequestOptions {
	/** Cancels the call: it rejects with AbortError. */
	readonly signal?: AbortSignal;
	/** Milliseconds before the call rejects with TimeoutError (default: the transport's). */
	readonly timeout?: number;
	/** Extra HTTP headers for this call (HTTP only; a call with its own headers is never auto-batched). */
	readonly headers?: Readonly<Record<string, string>>;
	/**
	* Told about every HTTP response of the call (status, headers), before its body is read: the raw response
	* beside the typed result. A batch's calls share their responses.
	*/
	readonly onResponse?: (response: ResponseInfo) => void;
	/**
	* Retries (only where the transport was wrapped by `withRetry`, as the node client's are): `true` retries
	* even a call the spec says is unsafe to repeat (a write, an admin call), `false` never retries.
	*/
	readonly retry?: boolean;
	/** Retries after the first attempt (default: the retry layer's, 3). */
	readonly retryCount?: number;
	/** Base of the exponential backoff in ms (default: the retry layer's, 150). */
	readonly retryDelay?: number;
}
/** The outcome of one call of a batch: the batch itself never rejects. */
export type Settled<T> = {
	readonly status: "fulfilled";
	readonly value: T;
} | {
	readonly status: "rejected";
	readonly reason: unknown;
};
/** What a subscription is made of on the wire (the `x-subscriptions` extension of a `*_subscribe` method). */
export interface SubscriptionTarget {
	/** `eth_subscribe` */
	readonly subscribe: string;
	/** `eth_unsubscribe`; without it, ending a subscription only stops listening. */
	readonly unsubscribe?: string;
	/** `eth_subscription`: the method of the server's notifications. */
	readonly notification: string;
}
export interface SubscribeOptions {
	/** Notifications kept while the consumer is busy before the subscription ends with BufferOverflowError. */
	readonly maxBuffered?: number;
	/** Applied to each notification's payload as it is read; if it throws, the subscription ends with that error. */
	readonly map?: (payload: unknown) => unknown;
	/** Cancels the subscription (as `unsubscribe()` does). */
	readonly signal?: AbortSignal;
	/** Secret values to keep out of errors. */
	readonly redact?: readonly string[];
}
/**
* A live subscription: an async iterator over the notifications' payloads. `return()` (what `break` in a
* `for await` loop calls) unsubscribes.
*/
export interface Subscription<T> extends AsyncIterator<T, undefined> {
	/** The server's current subscription id; undefined until the server confirms, new after each reconnect. */
	readonly id: string | undefined;
	/** Resolves with the first subscription id once the server confirms; rejects if subscribing fails. */
	readonly ready: Promise<string>;
	/**
	* Stops the subscription: ends the iteration at once (buffered notifications are dropped) and sends the
	* unsubscribe method, resolving when the server answered (at most 5 s; errors are ignored).
	*/
	unsubscribe(): Promise<void>;
	next(): Promise<IteratorResult<T, undefined>>;
	return(value?: unknown): Promise<IteratorResult<T, undefined>>;
	[Symbol.asyncIterator](): Subscription<T>;
}
/** HTTP and WebSocket transports both implement this. */
export interface Transport {
	readonly kind: "http" | "websocket";
	readonly url: string;
	/** Validate results against the spec by default (a call's own `validate` option wins). */
	readonly validate?: boolean;
	/** Where validation finds the validators a method's meta does not carry (the package's `validators`). */
	readonly validators?: ValidatorTable;
	/** Whether the endpoint accepts JSON-RPC batch arrays (otherwise batches fan out as single calls). */
	readonly batching: boolean;
	/** One call; resolves with the raw (wire form) result, rejects with a NodeRpcError. */
	request(call: RpcCall, options?: RequestOptions): Promise<unknown>;
	/** Several calls; one outcome per call, in order. Never rejects. */
	batch(calls: readonly RpcCall[], options?: RequestOptions): Promise<Settled<unknown>[]>;
	/** Only on transports that can receive notifications (WebSocket). */
	subscribe?(target: SubscriptionTarget, params: readonly unknown[], options?: SubscribeOptions): Subscription<unknown>;
	/**
	* Only on HTTP transports: a plain GET of `path` (appended to the transport's URL, query string included),
	* with the transport's fetch, headers and timeout. Resolves with whatever status the server answers;
	* rejects only when no answer came (network, timeout, abort).
	*/
	httpGet?(path: string, options?: RequestOptions): Promise<HttpGetReply>;
	/** Ends every call, subscription and connection of the transport. */
	close(): Promise<void>;
}
/** The answer to a plain GET (`Transport.httpGet`), body as text. */
export interface HttpGetReply {
	readonly url: string;
	readonly status: number;
	readonly statusText: string;
	readonly text: string;
	readonly headers?: HeadersLike;
}
