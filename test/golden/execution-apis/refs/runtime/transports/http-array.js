/**
* One JSON-RPC array over HTTP: the calls framed with fresh ids, sent in one POST, and the reply matched to
* them, HTTP failures and bodies that are not JSON-RPC included. Explicit batches and automatic batching
* (http-batch.ts, http-autobatch.ts) both send their arrays through it.
*/
import { RpcError } from "../errors/base.js";
import { ProtocolError } from "../errors/transport.js";
import { closedError, emptyReply, errorFor, errorObjectIn, httpError, serialize, tryParse } from "./http-failures.js";
import { matchBatch } from "./jsonrpc.js";
export function chunks(items, size) {
	const out = [];
	for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
	return out;
}
function interpretBatch(raw, expected, url) {
	const ctx = {
		url,
		status: raw.status
	};
	if (!raw.ok) {
		const body = tryParse(raw.text);
		if (Array.isArray(body) && body.length > 0) {
			// Per-call JSON-RPC errors behind a failure status; anything else in it is the HTTP failure.
			return matchBatch(body, expected, ctx).map((o, i) => !o.ok && o.error instanceof RpcError ? o : {
				ok: false,
				error: httpError(raw, expected[i].call, url)
			});
		}
		const error = errorObjectIn(body);
		return expected.map((e) => ({
			ok: false,
			error: error ? new RpcError(error, {
				method: e.call.method,
				url,
				status: raw.status,
				redact: e.call.redact,
				headers: raw.headers
			}) : httpError(raw, e.call, url)
		}));
	}
	if (raw.text.trim() === "") return expected.map((e) => ({
		ok: false,
		error: emptyReply(raw, e.call, `to a batch of ${expected.length} calls`, url)
	}));
	const body = tryParse(raw.text);
	if (body === undefined) {
		return expected.map((e) => ({
			ok: false,
			error: new ProtocolError("the reply to the batch is not JSON", {
				method: e.call.method,
				url,
				body: raw.text,
				redact: e.call.redact
			})
		}));
	}
	return matchBatch(body, expected, ctx, raw.text);
}
/** One JSON-RPC array; one outcome per call, in order; never rejects. */
export async function sendArray(core, calls, limits) {
	const { url } = core;
	const out = calls.map(() => undefined);
	const parts = [];
	const expected = [];
	const slots = [];
	calls.forEach((call, i) => {
		if (core.closed()) return out[i] = {
			ok: false,
			error: closedError(call, url)
		};
		const id = core.nextId();
		const text = serialize(id, call);
		// A call that cannot be serialised fails alone; the others still go out.
		if (typeof text !== "string") return out[i] = {
			ok: false,
			error: text
		};
		parts.push(text);
		expected.push({
			id,
			call
		});
		slots.push(i);
		return undefined;
	});
	if (parts.length > 0) {
		let outcomes;
		try {
			outcomes = interpretBatch(await core.post(`[${parts.join(",")}]`, limits), expected, url);
		} catch (e) {
			outcomes = expected.map((x) => ({
				ok: false,
				error: errorFor(e, x.call, url)
			}));
		}
		slots.forEach((slot, k) => out[slot] = outcomes[k]);
	}
	return out;
}
