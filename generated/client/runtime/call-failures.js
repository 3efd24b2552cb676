/**
* The errors of a call that fails on this side of the transport: params that cannot be encoded, a result
* that does not decode or does not match the spec, a method the transport cannot carry. call.ts loads this
* module on the first such failure (a dynamic import, its own chunk for bundlers); the synchronous entry
* points (batch.ts, subscribe.ts) import it.
*/
import { secretValues } from "./call.js";
import { redact } from "./error-base.js";
import { DecodeError, EncodeError, ResponseValidationError, UnsupportedError } from "./error-forms.js";
import { pointerToAccessor } from "./validate.js";
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
/** What encodeWire reported, for the params the caller gave. */
export function unencodable(meta, u, params) {
	if (u.problem === "by-position") return new EncodeError(meta.name, `takes its params by position: pass an array of arguments, got ${describeValue(u.params)}`);
	if (u.problem === "by-name") return new EncodeError(meta.name, `takes its params by name: pass one object, got ${describeValue(u.params)}`);
	return encodeError(meta.name, u.problem, secretValues(meta, params));
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
