/**
* What generated client methods call: value form in, params encoded to wire form, sent over a transport,
* the result optionally validated against the spec, then decoded to value form.
*
* Every program that makes a call loads this module, so it holds the success path only and imports no
* error class: a call that fails on this side of the transport (params that cannot be encoded, a result
* that does not decode or validate, a WebSocket method over HTTP) loads error-forms.ts to build its error,
* as the HTTP transport loads its failure module. The entry points that must throw or report at once
* (encodeParams, prepare, batch, subscribe) live in call-api.ts, which imports it.
*/
import { setOwn } from "../guards.js";
import { CodecError, decode, encode } from "./codec.js";
import { Unencodable } from "./unencodable.js";
import { resultValidatorOf } from "./meta.js";
export function isPlainObject(value) {
	if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
	const proto = Object.getPrototypeOf(value);
	return proto === Object.prototype || proto === null;
}
/** Positional args on the wire: trailing `undefined`s dropped, any other `undefined` sent as `null`. */
export function positional(args) {
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
function encodeOrReport(plan, value) {
	try {
		return encode(plan, value);
	} catch (e) {
		if (e instanceof CodecError) return new Unencodable(e);
		throw e;
	}
}
/**
* Value-form params → the wire `params` member, or an Unencodable saying why not. By name: one object, keys
* whose value is undefined dropped (the node treats an absent key as "not given"; `""` would be an error).
* By position: an array of args.
*/
export function encodeWire(meta, params) {
	params = inOrder(meta, params);
	if (byPosition(meta)) {
		if (params !== undefined && !Array.isArray(params)) return new Unencodable("by-position", params);
		const encoded = encodeOrReport(meta.encode, params ?? []);
		return encoded instanceof Unencodable ? encoded : positional(encoded);
	}
	if (params !== undefined && !isPlainObject(params)) return new Unencodable("by-name", params);
	const encoded = encodeOrReport(meta.encode, params ?? {});
	if (encoded instanceof Unencodable) return encoded;
	const out = {};
	for (const [k, v] of Object.entries(encoded)) {
		if (v !== undefined) setOwn(out, k, v);
	}
	return out;
}
/** Whether the transport cannot carry the method (a WebSocket-only method over HTTP). */
export function refuses(transport, meta) {
	return meta.wsOnly === true && transport.kind !== "websocket";
}
/** The errors of the forms, loaded on the first call that fails on this side of the transport. */
const failures = () => import("../errors/forms.js");
/** A raw result → the value form: validated first when asked, then decoded. */
export async function finish(meta, transport, raw, validate) {
	const loader = validate ? resultValidatorOf(meta, transport.validators) : undefined;
	if (loader) {
		const { validate: check } = await loader();
		const issues = check(raw);
		if (issues && issues.length > 0) throw (await failures()).invalidResult(meta.name, issues, transport.url);
	}
	let value;
	try {
		value = decode(meta.decode, raw);
	} catch (e) {
		if (e instanceof CodecError) throw (await failures()).undecodable(meta.name, e, transport.url);
		throw e;
	}
	return value;
}
/**
* One call: encode, send, validate (optional), decode. Rejects with a NodeRpcError: RpcError for the
* server's JSON-RPC error, EncodeError/DecodeError/ResponseValidationError for the forms, the transport's
* errors for the rest. The request is made synchronously, so calls made in the same tick can be auto-batched.
*/
export async function call(transport, meta, params, options) {
	if (refuses(transport, meta)) throw (await failures()).unsupported(transport, meta);
	const wire = encodeWire(meta, params);
	if (wire instanceof Unencodable) throw (await failures()).unencodable(meta.name, wire, secretValues(meta, params));
	const raw = await transport.request({
		method: meta.name,
		params: wire,
		redact: secretValues(meta, params),
		effects: meta.effects
	}, options);
	return finish(meta, transport, raw, options?.validate ?? transport.validate ?? false);
}
