import type { HeadersLike, RpcCall, Transport } from "./transport.js";
import { surelyUnsent, tooLarge } from "./resend.js";
export { surelyUnsent, tooLarge };
export interface RetryOptions {
	/** Retries after the first attempt (default 3; 0 turns retries off). */
	readonly retryCount?: number;
	/** Base of the exponential backoff in ms (default 150): about 150, 300, 600 ... with jitter. */
	readonly retryDelay?: number;
	/** Longest backoff between two attempts in ms (default 10 000). */
	readonly maxDelay?: number;
	/** Longest wait a server may ask for with `Retry-After` / `retry-after-ms` in ms (default 30 000). */
	readonly maxRetryAfter?: number;
	/** JSON-RPC error codes that mean "try later", besides -32005 and 429. */
	readonly retryCodes?: readonly number[];
	/** Told before each retry: which call, why, after how long. */
	readonly onRetry?: (event: RetryEvent) => void;
}
export interface RetryEvent {
	readonly method: string;
	readonly url: string;
	/** The attempt that failed (1 = the first). */
	readonly attempt: number;
	/** Milliseconds until the next attempt. */
	readonly delay: number;
	/** Why the call is retried, in words (`HTTP 503`, `JSON-RPC -32005`, `connection refused`, ...). */
	readonly reason: string;
	readonly error: unknown;
}
/**
* Why an error is worth another attempt, or undefined when it is not: network failures, timeouts, 408, 429,
* 5xx except 501, and JSON-RPC errors meaning "later" (-32005, 429, `extra`). Never an abort, a validation
* or encoding error, -32601 or -32602.
*/
export declare function retryReason(error: unknown, extra?: readonly number[]): string | undefined;
/**
* Whether a call may be sent again after this retryable error (the one rule of resend.ts): forced by the
* caller (`retry`), or from the spec's effects. A call without effects is taken for a write.
*/
export declare function mayRepeat(call: RpcCall, error: unknown, force: boolean | undefined): boolean;
/**
* The wait a server asked for: `retry-after-ms` (milliseconds), else `Retry-After` (seconds or an HTTP
* date), in ms; undefined when there is none or it cannot be read.
*/
export declare function retryAfter(headers: HeadersLike | undefined, now?: number): number | undefined;
/** `retryDelay * 2^retry`, capped at `max`, with equal jitter: between half of it and all of it. */
export declare function retryBackoff(retry: number, base: number, max: number, random?: () => number): number;
/**
* `transport` with retries. Every option can be given per call too (`retryCount`, `retryDelay`, `retry`).
* A wait between attempts ends early, with AbortError, when the call's signal fires, and with a
* TransportError when the transport is closed: no timer outlives its call.
*/
export declare function withRetry<T extends Transport>(transport: T, options?: RetryOptions): T;
