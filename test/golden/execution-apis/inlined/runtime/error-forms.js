/** Errors of the value and wire forms, and of what a transport cannot do. */
import { NodeRpcError, where } from "./error-base.js";
import { formatIssues } from "./validate.js";
/** The result does not match the method's result schema (only with `validate: true`). */
export class ResponseValidationError extends NodeRpcError {
	static {
		this.prototype.name = "ResponseValidationError";
	}
	issues;
	constructor(method, issues, context = {}) {
		super(`${formatIssues(method, "result", issues)}\nThe node sent a result this client does not expect: ` + "the node may be a different version than the spec, or the spec is wrong.", {
			...context,
			method
		});
		this.issues = issues;
	}
}
/** The result could not be converted to its value form (for example a 64-bit amount that is not a number). */
export class DecodeError extends NodeRpcError {
	static {
		this.prototype.name = "DecodeError";
	}
	/** JSON pointer inside the result. */
	path;
	constructor(method, cause, context = {}) {
		super(`${method}: the result cannot be decoded at ${cause.path || "the top level"}: expected ${cause.expected}. ` + "The node sent a form this client does not expect; `validate: true` reports every difference.", {
			...context,
			method,
			cause
		});
		this.path = cause.path;
	}
}
/** The params could not be converted to their wire form (a negative amount, a number that is too large...). */
export class EncodeError extends NodeRpcError {
	static {
		this.prototype.name = "EncodeError";
	}
	/** JSON pointer inside the params. */
	path;
	constructor(method, message, context = {}) {
		super(`${method}: ${message}`, {
			...context,
			method
		});
		this.path = context.path ?? "";
	}
}
/** The transport cannot do what was asked (a WebSocket-only method over HTTP, a subscription over HTTP). */
export class UnsupportedError extends NodeRpcError {
	static {
		this.prototype.name = "UnsupportedError";
	}
}
/** A subscription's consumer fell too far behind: more than `maxBuffered` notifications were waiting. */
export class BufferOverflowError extends NodeRpcError {
	static {
		this.prototype.name = "BufferOverflowError";
	}
	limit;
	constructor(limit, context = {}) {
		super(`${where(context)}more than ${limit} notifications were waiting to be read, so the subscription was ended. ` + "Read faster (do slow work outside the loop) or raise `maxBuffered`.", context);
		this.limit = limit;
	}
}
