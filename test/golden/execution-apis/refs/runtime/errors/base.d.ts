/**
* The base of every error the runtime throws (NodeRpcError), the server's JSON-RPC error (RpcError) and
* redaction. Each group of error classes has its own module so that a bundle holds only those it uses;
* errors.ts re-exports them all.
*
* `name` lives on each prototype (set in a static block) rather than on the instance: the stack's first line
* then reads `RpcError: ...` and the error prints without a noisy own `name` property.
*/
import type { HeadersLike } from "../transports/transport.js";
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
export declare function where(ctx: ErrorContext): string;
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
	/** The HTTP response headers, when the error came with a non-2xx status (`Retry-After`, ...). */
	readonly headers: HeadersLike | undefined;
	constructor(error: JsonRpcErrorObject<Code, Data>, context?: ErrorContext & {
		readonly status?: number;
		readonly redact?: readonly string[];
		readonly headers?: HeadersLike;
	});
}
