/**
* What generated client methods call: value form in, params encoded to wire form, sent over a transport,
* the result optionally validated against the spec, then decoded to value form.
*/
import { CodecError, decode, encode } from "./codec.js";
import { NodeRpcError, redact } from "./error-base.js";
import { DecodeError, EncodeError, ResponseValidationError, UnsupportedError } from "./error-forms.js";
import { withBackfill } from "./backfill.js";
import { pointerToAccessor } from "./validate.js";
function isPlainObject(value) {
	if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
	const proto = Object.getPrototypeOf(value);
	return proto === Object.prototype || proto === null;
}
function describeValue(value) {
	if (value === null) return "null";
	if (Array.isArray(value)) return "an array";
	if (typeof value === "bigint") return `${value}n`;
	if (typeof value === "string") return "a string";
	return typeof value === "object" ? "an object" : `${typeof value} ${String(value)}`;
}
/** Positional args on the wire: trailing `undefined`s dropped, any other `undefined` sent as `null`. */
function positional(args) {
	let end = args.length;
	while (end > 0 && args[end - 1] === undefined) end--;
	return args.slice(0, end).map((a) => a === undefined ? null : a);
}
/**
* `either` (OpenRPC's default) travels in the positional form, which every JSON-RPC server accepts; only
* `by-name` sends one object.
*/
function byPosition(meta) {
	return meta.structure !== "by-name";
}
/** Params given as an object to a method that takes them either way, in declaration order. */
function inOrder(meta, params) {
	return meta.structure === "either" && isPlainObject(params) ? meta.params.map((n) => Object.prototype.hasOwnProperty.call(params, n) ? params[n] : undefined) : params;
}
function encodeFailure(method, e, secrets) {
	if (e instanceof CodecError) {
		throw new EncodeError(method, redact(`params${pointerToAccessor(e.path)} must be ${e.expected}, got ${describeValue(e.value)}. Fix the argument.`, secrets), { path: e.path });
	}
	throw e;
}
/** The secret values of a call's params (keystore passwords), to keep out of every error. */
export function secretValues(meta, params) {
	if (!meta.secrets || meta.secrets.length === 0) return [];
	const out = [];
	params = inOrder(meta, params);
	for (const name of meta.secrets) {
		let value;
		if (byPosition(meta)) {
			const i = meta.params.indexOf(name);
			value = Array.isArray(params) && i >= 0 ? params[i] : undefined;
		} else if (isPlainObject(params)) value = params[name];
		if (typeof value === "string" && value !== "") out.push(value);
	}
	return out;
}
/**
* Value-form params → the wire `params` member. By name: one object, keys whose value is undefined dropped
* (the node treats an absent key as "not given"; `""` would be an error). By position: an array of args.
*/
export function encodeParams(meta, params) {
	const secrets = secretValues(meta, params);
	params = inOrder(meta, params);
	if (byPosition(meta)) {
		if (params !== undefined && !Array.isArray(params)) {
			throw new EncodeError(meta.name, `takes its params by position: pass an array of arguments, got ${describeValue(params)}`);
		}
		let encoded;
		try {
			encoded = encode(meta.encode, params ?? []);
		} catch (e) {
			encodeFailure(meta.name, e, secrets);
		}
		return positional(encoded);
	}
	if (params !== undefined && !isPlainObject(params)) {
		throw new EncodeError(meta.name, `takes its params by name: pass one object, got ${describeValue(params)}`);
	}
	let encoded;
	try {
		encoded = encode(meta.encode, params ?? {});
	} catch (e) {
		encodeFailure(meta.name, e, secrets);
	}
	const out = {};
	for (const [k, v] of Object.entries(encoded)) {
		if (v !== undefined) Object.defineProperty(out, k, {
			value: v,
			enumerable: true,
			writable: true,
			configurable: true
		});
	}
	return out;
}
function unsupported(transport, meta) {
	if (!meta.wsOnly || transport.kind === "websocket") return undefined;
	return new UnsupportedError(`${meta.name} is only available over WebSocket, but this client talks HTTP to ${transport.url}: ` + "configure a WebSocket endpoint (the `ws` option) and call it there.", {
		method: meta.name,
		url: transport.url
	});
}
/** A raw result → the value form: validated first when asked, then decoded. */
async function finish(meta, transport, raw, validate) {
	if (validate && meta.resultValidator) {
		const { validate: check } = await meta.resultValidator();
		const issues = check(raw);
		if (issues && issues.length > 0) throw new ResponseValidationError(meta.name, issues, { url: transport.url });
	}
	try {
		return decode(meta.decode, raw);
	} catch (e) {
		if (e instanceof CodecError) throw new DecodeError(meta.name, e, { url: transport.url });
		throw e;
	}
}
/**
* One call: encode, send, validate (optional), decode. Rejects with a NodeRpcError: RpcError for the
* server's JSON-RPC error, EncodeError/DecodeError/ResponseValidationError for the forms, the transport's
* errors for the rest. The request is made synchronously, so calls made in the same tick can be auto-batched.
*/
export async function call(transport, meta, params, options) {
	const refused = unsupported(transport, meta);
	if (refused) throw refused;
	const wire = encodeParams(meta, params);
	const raw = await transport.request({
		method: meta.name,
		params: wire,
		redact: secretValues(meta, params),
		effects: meta.effects
	}, options);
	return finish(meta, transport, raw, options?.validate ?? transport.validate ?? false);
}
/** Encodes a call for `batch` without sending it. A call that cannot be encoded fails alone, in the batch. */
export function prepare(transport, meta, params) {
	let wire;
	let error = unsupported(transport, meta);
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
/**
* Starts a subscription of one kind (`newHeads`, `logs`, ...): the params after the kind are encoded with
* the kind's plan, and each notification's payload is decoded (a payload that cannot be decoded ends the
* subscription with DecodeError). Throws UnsupportedError on a transport without subscriptions (HTTP).
*/
export function subscribe(transport, meta, args = [], options) {
	const label = `${meta.subscribe}(${JSON.stringify(meta.kind)})`;
	if (!transport.subscribe) {
		throw new UnsupportedError(`${label} needs a WebSocket transport: subscriptions cannot be delivered over HTTP (${transport.url}). ` + "Configure a WebSocket endpoint (the `ws` option) and subscribe there.", {
			method: meta.subscribe,
			url: transport.url
		});
	}
	let encoded;
	try {
		encoded = encode(meta.encode, [...args]);
	} catch (e) {
		encodeFailure(label, e, []);
	}
	const params = [meta.kind, ...positional(encoded)];
	const map = (payload) => {
		try {
			return decode(meta.decode, payload);
		} catch (e) {
			if (e instanceof CodecError) throw new DecodeError(label, e, { url: transport.url });
			throw e;
		}
	};
	const { validate, backfill, ...transportOptions } = options ?? {};
	const check = (validate ?? transport.validate) && meta.notificationValidator;
	if (backfill && (meta.kind === "newHeads" || meta.kind === "logs")) {
		const filled = withBackfill(transport.subscribe(meta, params, transportOptions), transport, meta.kind, params[1], backfill === true ? {} : backfill);
		const validator = check ? meta.notificationValidator() : Promise.resolve({ validate: () => null });
		validator.catch(() => undefined);
		return validating(filled, validator, map, label, transport.url);
	}
	if (!check) return transport.subscribe(meta, params, {
		...transportOptions,
		map
	});
	const validator = meta.notificationValidator();
	validator.catch(() => undefined);
	return validating(transport.subscribe(meta, params, transportOptions), validator, map, label, transport.url);
}
/**
* A subscription whose payloads are checked against the spec before they are decoded: the first payload
* that does not match ends the subscription (unsubscribing) with ResponseValidationError.
*/
function validating(inner, validator, map, label, url) {
	const self = {
		get id() {
			return inner.id;
		},
		ready: inner.ready,
		unsubscribe: () => inner.unsubscribe(),
		async next() {
			const r = await inner.next();
			if (r.done) return {
				done: true,
				value: undefined
			};
			const { validate } = await validator;
			const issues = validate(r.value);
			if (issues && issues.length > 0) {
				await inner.return();
				throw new ResponseValidationError(label, issues, { url });
			}
			return {
				done: false,
				value: map(r.value)
			};
		},
		return: async () => {
			await inner.return();
			return {
				done: true,
				value: undefined
			};
		},
		[Symbol.asyncIterator]() {
			return self;
		}
	};
	return self;
}
