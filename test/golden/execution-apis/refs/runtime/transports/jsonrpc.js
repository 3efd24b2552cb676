/**
* JSON-RPC 2.0 framing: request objects, strict reply parsing, and replies mapped to results or errors.
* Replies are matched by id with its type: a reply with id `"1"` does not answer the request with id `1`.
*/
import { ProtocolError, RpcError } from "../errors/index.js";
import { isRecord } from "../guards.js";
export { createIdSource, frame } from "./frame.js";
function show(value) {
	if (value === undefined) return "nothing";
	const text = JSON.stringify(value) ?? String(value);
	return text.length > 60 ? `${text.slice(0, 60)}...` : text;
}
/** Parse a body; a body that is not JSON is a ProtocolError. */
export function parseBody(text, call, ctx) {
	try {
		return JSON.parse(text);
	} catch {
		const status = ctx.status === undefined ? "" : ` (HTTP ${ctx.status})`;
		throw new ProtocolError(`the reply${status} is not JSON`, {
			method: call?.method,
			url: ctx.url,
			body: text,
			redact: call?.redact
		});
	}
}
/**
* Check one reply object's shape. Returns the reply, or a string saying what is wrong with it.
* `error: null` next to a result is tolerated (JSON-RPC 1.0 habits); a result next to an error is not.
*/
export function checkReply(value) {
	if (!isRecord(value)) return `expected a JSON-RPC 2.0 reply object, got ${show(value)}`;
	if (value.jsonrpc !== "2.0") return `the reply's "jsonrpc" member is ${show(value.jsonrpc)}, not "2.0"`;
	if (!("id" in value)) return "the reply has no \"id\"";
	const id = value.id;
	if (id !== null && typeof id !== "number" && typeof id !== "string") return `the reply's id ${show(id)} is not a number or a string`;
	const hasError = value.error !== undefined && value.error !== null;
	const hasResult = "result" in value;
	if (hasError) {
		const e = value.error;
		if (!isRecord(e) || typeof e.code !== "number" || !Number.isInteger(e.code) || typeof e.message !== "string") {
			return `the reply's error ${show(e)} is not a JSON-RPC error object ({code: integer, message: string})`;
		}
		if (hasResult && value.result !== null) return "the reply has both a result and an error";
		return {
			id,
			error: "data" in e ? {
				code: e.code,
				message: e.message,
				data: e.data
			} : {
				code: e.code,
				message: e.message
			}
		};
	}
	if (!hasResult) return "the reply has neither a result nor an error";
	return {
		id,
		result: value.result
	};
}
/** A checked reply → the call's outcome. */
export function outcome(reply, call, ctx) {
	if (reply.error !== undefined) {
		return {
			ok: false,
			error: new RpcError(reply.error, {
				method: call.method,
				url: ctx.url,
				status: ctx.status,
				redact: call.redact
			})
		};
	}
	return {
		ok: true,
		value: reply.result
	};
}
/** Says how a reply's id differs from the request's (naming a string id given for a number id). */
export function idMismatch(got, want) {
	if (typeof got === "string" && typeof want === "number" && got === String(want)) {
		return `the reply's id is the string ${JSON.stringify(got)}, but the request's id is the number ${want}`;
	}
	return `the reply's id ${show(got)} does not match the request's id ${show(want)}`;
}
/**
* The reply to one request. A reply with id `null` is accepted only when it is an error (the server could
* not read the request's id, as with a parse error).
*/
export function matchSingle(body, expected, ctx, text) {
	const fail = (message) => ({
		ok: false,
		error: new ProtocolError(message, {
			method: expected.call.method,
			url: ctx.url,
			body: text,
			redact: expected.call.redact
		})
	});
	if (Array.isArray(body)) return fail("expected one reply object, got an array");
	const reply = checkReply(body);
	if (typeof reply === "string") return fail(reply);
	if (reply.id === expected.id || reply.id === null && reply.error !== undefined) return outcome(reply, expected.call, ctx);
	return fail(idMismatch(reply.id, expected.id));
}
/**
* The replies to a batch, one outcome per call, in call order. A single error object instead of an array
* (a parse error, `empty batch`, an endpoint that does not take arrays) is every call's error. A call the
* array does not answer gets a ProtocolError, caused by the first error the array holds if any (geth answers
* an oversized batch with one `batch too large` item).
*/
export function matchBatch(body, expected, ctx, text) {
	const protocol = (e, message, cause) => ({
		ok: false,
		error: new ProtocolError(message, {
			method: e.call.method,
			url: ctx.url,
			body: text,
			redact: e.call.redact,
			cause
		})
	});
	if (!Array.isArray(body)) {
		const reply = checkReply(body);
		if (typeof reply === "string") return expected.map((e) => protocol(e, `batch reply: ${reply}`));
		if (reply.error !== undefined) return expected.map((e) => outcome(reply, e.call, ctx));
		return expected.map((e) => protocol(e, "expected an array of replies to the batch, got a single result"));
	}
	const byId = new Map();
	const stringIds = new Map();
	let firstError;
	for (const item of body) {
		const reply = checkReply(item);
		if (typeof reply === "string") {
			// A malformed item still answers its call when its id is usable.
			const id = isRecord(item) ? item.id : undefined;
			if ((typeof id === "number" || typeof id === "string") && !byId.has(id)) byId.set(id, reply);
			continue;
		}
		if (reply.error !== undefined) firstError ??= reply;
		if (reply.id === null) continue;
		if (!byId.has(reply.id)) byId.set(reply.id, reply);
		if (typeof reply.id === "string") stringIds.set(reply.id, reply.id);
	}
	return expected.map((e) => {
		const reply = byId.get(e.id);
		if (typeof reply === "string") return protocol(e, `batch reply item for id ${show(e.id)}: ${reply}`);
		if (reply !== undefined) return outcome(reply, e.call, ctx);
		if (typeof e.id === "number" && stringIds.has(String(e.id))) return protocol(e, `batch reply: ${idMismatch(String(e.id), e.id)}`);
		const cause = firstError?.error ? new RpcError(firstError.error, {
			method: e.call.method,
			url: ctx.url,
			redact: e.call.redact
		}) : undefined;
		const said = cause ? `; the server said: ${cause.message}` : "";
		return protocol(e, `the batch reply has no item for id ${show(e.id)} (${body.length} items for ${expected.length} calls${said})`, cause);
	});
}
