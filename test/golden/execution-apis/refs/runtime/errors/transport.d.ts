/** Errors of the way to the server and back: no answer, an HTTP failure, a reply that is not JSON-RPC. */
import { NodeRpcError, type ErrorContext } from "./base.js";
import type { HeadersLike } from "../transports/transport.js";
/** The request never got an answer: connection refused or reset, DNS failure, socket closed mid-call. */
export declare class TransportError extends NodeRpcError {}
/** No reply within the time allowed. The request was cancelled; the server may still have executed it. */
export declare class TimeoutError extends NodeRpcError {
	/** The limit that was hit, in milliseconds. */
	readonly timeout: number;
	constructor(timeout: number, context?: ErrorContext);
}
/** The caller's AbortSignal fired. `reason` is the signal's reason. */
export declare class AbortError extends NodeRpcError {
	readonly reason: unknown;
	constructor(reason: unknown, context?: ErrorContext);
}
/** The server answered with a non-2xx HTTP status and no JSON-RPC error object (a proxy's error page, 413, 429...). */
export declare class HttpError extends NodeRpcError {
	readonly status: number;
	readonly statusText: string;
	/** The start of the body (at most BODY_EXCERPT_LENGTH characters), secrets redacted. */
	readonly body: string;
	/** The response headers (`Retry-After`, ...), when the fetch implementation gave them. */
	readonly headers: HeadersLike | undefined;
	constructor(status: number, statusText: string, body: string, context?: ErrorContext & {
		readonly redact?: readonly string[];
		readonly headers?: HeadersLike;
	});
}
/** The reply is not a valid JSON-RPC 2.0 answer to what was sent. */
export declare class ProtocolError extends NodeRpcError {
	/** The start of the offending body, when there is one, secrets redacted. */
	readonly body: string | undefined;
	constructor(message: string, context?: ErrorContext & {
		readonly body?: string;
		readonly redact?: readonly string[];
	});
}
