/**
* Every error the client runtime throws. All extend `NodeRpcError`, so one `instanceof` check tells a
* failure of the call apart from a bug in the caller's own code.
*
* `name` lives on each prototype (set in a static block) rather than on the instance: the stack's first line
* then reads `RpcError: ...` and the error prints without a noisy own `name` property.
*/
import type { CodecError } from "./codec.js";
import type { ValidationIssue } from "./meta.js";
/** How much of a reply body an error keeps (enough to recognise an HTML error page or a proxy's message). */
export declare const BODY_EXCERPT_LENGTH = 512;
/** The first `max` characters of a body, whitespace collapsed, with a marker when cut. */
export declare function excerpt(text: string, max?: number): string;
/**
* A copy of `value` in which every occurrence of a secret (a keystore password the call sent) is replaced by
* `***`: in strings (raw and JSON-escaped, as a server echoing the request would write it), deep inside
* objects and arrays. Servers do echo requests: a gorilla/rpc parse error's `data` is the decoded request.
*/
export declare function redact<T>(value: T, secrets: readonly string[] | undefined): T;
/** Where a failure happened: the JSON-RPC method and the endpoint, when known. */
export interface ErrorContext {
	readonly method?: string;
	readonly url?: string;
	readonly cause?: unknown;
}
/** The base of every error the runtime throws. */
export declare class NodeRpcError extends Error {
	/** The JSON-RPC method the failure belongs to, when there is one. */
	readonly method: string | undefined;
	/** The endpoint URL, when there is one. */
	readonly url: string | undefined;
	constructor(message: string, context?: ErrorContext);
}
/** A JSON-RPC error object as the server sent it. */
export interface JsonRpcErrorObject<
	Code extends number = number,
	Data = unknown
> {
	readonly code: Code;
	readonly message: string;
	readonly data?: Data;
}
/**
* The server answered with a JSON-RPC error object. `message` is the server's text, unchanged: servers
* reuse codes (geth and the node answer most failures with -32000), so callers match on code and message.
*/
export declare class RpcError<
	Code extends number = number,
	Data = unknown
> extends NodeRpcError {
	readonly code: Code;
	/** The error's `data` member (`undefined` when the server sent none), with secrets redacted. */
	readonly data: Data;
	/** The HTTP status, when the error came with a non-2xx status (200 otherwise, undefined over WebSocket). */
	readonly status: number | undefined;
	constructor(error: JsonRpcErrorObject<Code, Data>, context?: ErrorContext & {
		readonly status?: number;
		readonly redact?: readonly string[];
	});
}
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
	constructor(status: number, statusText: string, body: string, context?: ErrorContext & {
		readonly redact?: readonly string[];
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
/** The result does not match the method's result schema (only with `validate: true`). */
export declare class ResponseValidationError extends NodeRpcError {
	readonly issues: readonly ValidationIssue[];
	constructor(method: string, issues: readonly ValidationIssue[], context?: ErrorContext);
}
/** The result could not be converted to its value form (for example a 64-bit amount that is not a number). */
export declare class DecodeError extends NodeRpcError {
	/** JSON pointer inside the result. */
	readonly path: string;
	constructor(method: string, cause: CodecError, context?: ErrorContext);
}
/** The params could not be converted to their wire form (a negative amount, a number that is too large...). */
export declare class EncodeError extends NodeRpcError {
	/** JSON pointer inside the params. */
	readonly path: string;
	constructor(method: string, message: string, context?: ErrorContext & {
		readonly path?: string;
	});
}
/** The transport cannot do what was asked (a WebSocket-only method over HTTP, a subscription over HTTP). */
export declare class UnsupportedError extends NodeRpcError {}
/** A subscription's consumer fell too far behind: more than `maxBuffered` notifications were waiting. */
export declare class BufferOverflowError extends NodeRpcError {
	readonly limit: number;
	constructor(limit: number, context?: ErrorContext);
}
