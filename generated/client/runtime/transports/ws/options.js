/**
* The WebSocket transport's options, their defaults checked and resolved once, and the small helpers every
* part of the transport (connection, calls, subscriptions) shares.
*/
import { TransportError } from "../../errors/index.js";
import { isRecord } from "../../guards.js";
const DEFAULT_WS_TIMEOUT = 3e4;
const DEFAULT_MAX_BUFFERED = 1024;
/** `WebSocket.OPEN`. */
export const OPEN = 1;
/** How long `unsubscribe()` (and so `break` in a loop) waits for the server's answer. */
export const UNSUBSCRIBE_TIMEOUT = 5e3;
export function resolveSettings(options) {
	const url = options.url;
	if (typeof url !== "string" || !/^wss?:\/\//i.test(url)) {
		throw new TypeError(`createWebSocketTransport: url must be a ws:// or wss:// URL, got ${JSON.stringify(url)}`);
	}
	const timeout = options.timeout ?? DEFAULT_WS_TIMEOUT;
	if (!(timeout >= 0)) throw new RangeError(`timeout must be a non-negative number of milliseconds, got ${timeout}`);
	const reconnect = options.reconnect === false ? undefined : options.reconnect ?? {};
	const maxBatchSize = options.maxBatchSize ?? 40;
	if (!Number.isInteger(maxBatchSize) || maxBatchSize < 1) throw new RangeError(`maxBatchSize must be a positive integer, got ${maxBatchSize}`);
	return {
		url,
		options,
		timeout,
		reconnect,
		maxAttempts: reconnect?.attempts ?? Infinity,
		baseDelay: reconnect?.delay ?? 250,
		maxDelay: reconnect?.maxDelay ?? 1e4,
		batching: options.batch === true,
		maxBatchSize,
		maxBuffered: options.maxBuffered ?? DEFAULT_MAX_BUFFERED,
		keepAlive: options.keepAlive ? options.keepAlive : undefined
	};
}
export function closedError(url, method) {
	return new TransportError(`${method ? `${method}: ` : ""}the WebSocket transport for ${url} is closed; create a new one`, {
		method,
		url
	});
}
export function errorMessage(e) {
	if (e instanceof Error) return e.message;
	if (isRecord(e) && typeof e.message === "string" && e.message) return e.message;
	return typeof e === "string" ? e : "unknown error";
}
