/**
* Calls prepared ahead and sent together: `prepare` encodes a call without sending it, `batch` sends
* prepared calls in JSON-RPC arrays. Both report failures at once (an unencodable call is its own outcome
* in the batch), so this module imports the call errors that call.ts loads only on failure.
*/
import { encodeWire, finish, refuses, secretValues, Unencodable } from "./call.js";
import { unencodable, unsupported } from "./call-failures.js";
import { NodeRpcError } from "./error-base.js";
/**
* Value-form params → the wire `params` member. By name: one object, keys whose value is undefined dropped
* (the node treats an absent key as "not given"; `""` would be an error). By position: an array of args.
* Throws EncodeError when the params cannot be encoded.
*/
export function encodeParams(meta, params) {
	const wire = encodeWire(meta, params);
	if (wire instanceof Unencodable) throw unencodable(meta, wire, params);
	return wire;
}
/** Encodes a call for `batch` without sending it. A call that cannot be encoded fails alone, in the batch. */
export function prepare(transport, meta, params) {
	let wire;
	let error = refuses(transport, meta) ? unsupported(transport, meta) : undefined;
	if (!error) {
		try {
			wire = {
				method: meta.name,
				params: encodeParams(meta, params),
				redact: secretValues(meta, params),
				effects: meta.effects
			};
		} catch (e) {
			if (!(e instanceof NodeRpcError)) throw e;
			error = e;
		}
	}
	return {
		transport,
		meta,
		call: wire,
		error,
		finish: (raw, validate) => finish(meta, transport, raw, validate)
	};
}
/**
* Sends prepared calls together: one JSON-RPC array per transport that accepts arrays (split at its
* `maxBatchSize`), concurrent single requests otherwise. One outcome per call, in order, typed per position;
* one failing call never fails the others, and the returned promise never rejects.
*/
export async function batch(calls, options) {
	const out = new Array(calls.length);
	const groups = new Map();
	calls.forEach((c, i) => {
		if (c.error || !c.call) {
			out[i] = {
				status: "rejected",
				reason: c.error
			};
			return;
		}
		const group = groups.get(c.transport);
		if (group) group.push(i);
		else groups.set(c.transport, [i]);
	});
	await Promise.all([...groups].map(async ([transport, indices]) => {
		const settled = await transport.batch(indices.map((i) => calls[i].call), options);
		const validate = options?.validate ?? transport.validate ?? false;
		await Promise.all(indices.map(async (i, k) => {
			const s = settled[k];
			if (s.status === "rejected") {
				out[i] = s;
				return;
			}
			try {
				out[i] = {
					status: "fulfilled",
					value: await calls[i].finish(s.value, validate)
				};
			} catch (reason) {
				out[i] = {
					status: "rejected",
					reason
				};
			}
		}));
	}));
	return out;
}
