import { NodeRpcError, redact, where } from "./base.js";
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
/** `/validators/3/nodeID` → `.validators[3].nodeID`: how a TypeScript user would write the path. */
export function pointerToAccessor(pointer) {
	if (pointer === "") return "";
	return pointer.split("/").slice(1).map((raw) => raw.replace(/~1/g, "/").replace(/~0/g, "~")).map((seg) => /^(0|[1-9][0-9]*)$/.test(seg) ? `[${seg}]` : /^[A-Za-z_$][\w$]*$/.test(seg) ? `.${seg}` : `[${JSON.stringify(seg)}]`).join("");
}
/** How many issues a message lists before summarising the rest. */
const MAX_LISTED = 10;
/**
* One message for a list of issues, naming the method, where each problem is (`params.addresses[0]`,
* `result.validators[3].weight`) and what was expected.
*/
export function formatIssues(method, direction, issues) {
	const what = direction === "params" ? "params" : "result";
	if (issues.length === 0) return `${method}: the ${what} did not pass validation.`;
	const lines = issues.slice(0, MAX_LISTED).map((i) => `  - ${what}${pointerToAccessor(i.path)} ${i.message}`);
	if (issues.length > MAX_LISTED) lines.push(`  ... and ${issues.length - MAX_LISTED} more`);
	const count = issues.length === 1 ? "1 problem" : `${issues.length} problems`;
	return `${method}: the ${what} ${direction === "params" ? "do" : "does"} not match the spec (${count}):\n${lines.join("\n")}`;
}
function describeValue(value) {
	if (value === null) return "null";
	if (Array.isArray(value)) return "an array";
	if (typeof value === "bigint") return `${value}n`;
	if (typeof value === "string") return "a string";
	return typeof value === "object" ? "an object" : `${typeof value} ${String(value)}`;
}
/** A value the codec refused, in a call's params (`label`: the method, or the subscription). */
export function encodeError(label, e, secrets) {
	return new EncodeError(label, redact(`params${pointerToAccessor(e.path)} must be ${e.expected}, got ${describeValue(e.value)}. Fix the argument.`, secrets), { path: e.path });
}
/** What encodeWire reported (`secrets`: the secret values of the params the caller gave). */
export function unencodable(method, u, secrets) {
	if (u.problem === "by-position") return new EncodeError(method, `takes its params by position: pass an array of arguments, got ${describeValue(u.params)}`);
	if (u.problem === "by-name") return new EncodeError(method, `takes its params by name: pass one object, got ${describeValue(u.params)}`);
	return encodeError(method, u.problem, secrets);
}
export function unsupported(transport, meta) {
	return new UnsupportedError(`${meta.name} is only available over WebSocket, but this client talks HTTP to ${transport.url}: ` + "configure a WebSocket endpoint (the `ws` option) and call it there.", {
		method: meta.name,
		url: transport.url
	});
}
export function undecodable(label, e, url) {
	return new DecodeError(label, e, { url });
}
export function invalidResult(label, issues, url) {
	return new ResponseValidationError(label, issues, { url });
}
