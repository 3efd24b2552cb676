/** Errors of the value and wire forms, and of what a transport cannot do. */
import { NodeRpcError, type ErrorContext } from "./error-base.js";
import type { CodecError } from "./codec.js";
import type { ValidationIssue } from "./meta.js";
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
