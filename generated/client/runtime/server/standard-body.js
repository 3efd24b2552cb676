/**
* Bodies of the standard flavor (JSON-RPC 2.0 as its specification reads): parse, check each request's
* members, run the calls of a batch in order, and answer with the reply (or nothing, for notifications).
*/
import { isRecord } from "../guards.js";
import { hasOwn, valueDepthExceeds } from "./json.js";
import { Failure } from "./outcome.js";
import { idText, stdError } from "./wire.js";
/** A standard-mode body's reply; synchronous when every handler it runs answers synchronously. */
export function standardBody(calls, site, text) {
	const max = calls.options.maxDepth;
	let body;
	try {
		body = JSON.parse(text);
	} catch {
		// JSON.parse's message quotes the body, which may hold a secret: say only what is wrong.
		return stdError("null", {
			code: -32700,
			message: "Parse error: the body is not valid JSON"
		});
	}
	if (valueDepthExceeds(body, max)) return stdError("null", {
		code: -32600,
		message: `Invalid Request: JSON nested deeper than ${max} levels`
	});
	const ids = {
		text,
		start: -1,
		caseInsensitive: false,
		raw: undefined,
		cursor: 0
	};
	if (!Array.isArray(body)) return standardOne(calls, site, body, ids, 0);
	if (body.length === 0) return stdError("null", {
		code: -32600,
		message: "Invalid Request: empty batch"
	});
	const limit = site.service.batchLimit;
	if (body.length > limit) {
		return stdError("null", {
			code: -32600,
			message: `Invalid Request: a batch of ${body.length} requests is over the limit of ${limit}`
		});
	}
	return standardBatch(calls, site, body, ids);
}
/**
* Batch items run one after the other, in order, in one loop; an item that answers synchronously costs no
* promise and no tick. From the first item that answers later on, the rest wait their turn.
*/
function standardBatch(calls, site, body, ids) {
	const replies = [];
	for (let i = 0; i < body.length; i++) {
		const r = standardOne(calls, site, body[i], ids, i);
		if (typeof r === "string") replies.push(r);
		else if (r !== null) return standardRest(calls, site, body, ids, i, r, replies);
	}
	return batchReply(replies);
}
async function standardRest(calls, site, body, ids, at, pending, replies) {
	const first = await pending;
	if (first !== null) replies.push(first);
	for (let j = at + 1; j < body.length; j++) {
		const next = await standardOne(calls, site, body[j], ids, j);
		if (next !== null) replies.push(next);
	}
	return batchReply(replies);
}
function standardOne(calls, site, msg, ids, index) {
	if (!isRecord(msg)) return stdError("null", {
		code: -32600,
		message: "Invalid Request: expected a request object"
	});
	const hasId = hasOwn(msg, "id");
	let idJson = "null";
	if (hasId) {
		const id = msg.id;
		if (id !== null && typeof id !== "string" && typeof id !== "number") {
			return stdError("null", {
				code: -32600,
				message: "Invalid Request: id must be a string, a number or null"
			});
		}
		idJson = idText(id, ids, index);
	}
	if (msg.jsonrpc !== "2.0") return stdError(idJson, {
		code: -32600,
		message: "Invalid Request: jsonrpc must be \"2.0\""
	});
	const method = msg.method;
	if (typeof method !== "string" || method === "") return stdError(idJson, {
		code: -32600,
		message: "Invalid Request: method must be a non-empty string"
	});
	const params = msg.params;
	if (params !== undefined && params !== null && typeof params !== "object") {
		return stdError(idJson, {
			code: -32600,
			message: "Invalid Request: params must be an object or an array"
		});
	}
	const outcome = calls.dispatch(site, method, params);
	if (typeof outcome === "string") return hasId ? `{"jsonrpc":"2.0","id":${idJson},"result":${outcome}}` : null;
	if (outcome instanceof Failure) return hasId ? stdError(idJson, outcome.error) : null;
	return outcome.then((o) => !hasId ? null : typeof o === "string" ? `{"jsonrpc":"2.0","id":${idJson},"result":${o}}` : stdError(idJson, o.error));
}
/**
* A batch's replies as one JSON array, `null` when there are none. Joined rather than added up: the text
* comes out in one piece, which node:http then measures (Content-Length) with one fast pass instead of
* walking a string made of thousands of pieces.
*/
function batchReply(replies) {
	const n = replies.length;
	if (n === 0) return null;
	replies[0] = `[${replies[0]}`;
	replies[n - 1] = `${replies[n - 1]}]`;
	return replies.join(",");
}
