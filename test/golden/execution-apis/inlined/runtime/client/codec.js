/**
* Wire form ⇄ value form. The generator derives a small plan per param and result from the spec's `x-codec`
* scalars; this interpreter walks a value along its plan. Only the parts of a value that need converting
* appear in a plan: everything else is copied through untouched (unknown extra fields included).
* `null` and `undefined` always pass through, so nullable and optional fields need no plan of their own.
*/
import { isRecord } from "../guards.js";
/** A value that does not have the wire (or value) form its plan expects. */
export class CodecError extends Error {
	path;
	expected;
	value;
	constructor(path, expected, value) {
		super(`${path || "value"}: expected ${expected}, got ${describe(value)}`);
		this.name = "CodecError";
		this.path = path;
		this.expected = expected;
		this.value = value;
	}
}
function describe(value) {
	if (value === null) return "null";
	if (Array.isArray(value)) return "an array";
	if (typeof value === "string") return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value)}`;
	if (typeof value === "bigint") return `the bigint ${value}n`;
	return `${typeof value === "object" ? "an object" : `the ${typeof value} ${String(value)}`}`;
}
const DECIMAL = /^(0|[1-9][0-9]*)$/;
const QUANTITY = /^0x[0-9a-fA-F]+$/;
const FLOAT = /^-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;
const regexCache = new Map();
function regex(source) {
	let re = regexCache.get(source);
	if (!re) {
		re = new RegExp(source, "u");
		regexCache.set(source, re);
	}
	return re;
}
function jsonTypeOf(value) {
	if (value === null) return "null";
	if (Array.isArray(value)) return "array";
	const t = typeof value;
	if (t === "number") return Number.isInteger(value) ? "integer" : "number";
	if (t === "bigint") return "integer";
	return t;
}
function pointer(at) {
	let out = "";
	for (const key of at) out += `/${String(key).replace(/~/g, "~0").replace(/\//g, "~1")}`;
	return out;
}
function atOf(path) {
	return path === "" ? [] : path.slice(1).split("/").map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}
/**
* Whether a guard takes a value: the wire form (decoding), or with `valueForm` the value form (encoding).
* In the value form a number or bigint inside an object or array may stand where the wire has a string a
* codec makes of it (`"0x5208"`, `"21000"`); the branch's own value is judged by its plan (branchAcceptsValue).
*/
function guardAccepts(guard, value, valueForm = false) {
	if (guard.ty) {
		const t = jsonTypeOf(value);
		if (!guard.ty.includes(t) && !(t === "integer" && guard.ty.includes("number"))) return false;
	}
	if (guard.e && !guard.e.some((v) => v === value)) return false;
	if (guard.p !== undefined && typeof value === "string" && !regex(guard.p).test(value)) return false;
	if (guard.r && (!isRecord(value) || !guard.r.every((k) => Object.prototype.hasOwnProperty.call(value, k)))) return false;
	if (guard.k !== undefined && isRecord(value)) {
		const re = regex(guard.k);
		if (!Object.keys(value).every((k) => re.test(k))) return false;
	}
	if (guard.it && Array.isArray(value) && value.length > 0 && !partAccepts(guard.it, value[0], valueForm)) return false;
	if (guard.pr && isRecord(value)) {
		for (const key of Object.keys(guard.pr)) {
			if (Object.prototype.hasOwnProperty.call(value, key) && !partAccepts(guard.pr[key], value[key], valueForm)) return false;
		}
	}
	return true;
}
function partAccepts(guard, value, valueForm) {
	if (valueForm && (typeof value === "bigint" || typeof value === "number") && guard.ty?.includes("string") && !guard.e) return true;
	return guardAccepts(guard, value, valueForm);
}
/** Whether a union branch takes a value-form value (encoding): scalar codecs take numbers and bigints. */
function branchAcceptsValue(guard, plan, value) {
	if (typeof plan === "string") return typeof value === "bigint" || typeof value === "number";
	return guardAccepts(guard, value, true);
}
/**
* A union takes the first branch whose guard accepts the value and whose conversion succeeds; guards are
* cheap approximations, so a branch that accepts but cannot convert gives way to the next one.
*/
function firstThatFits(plan, value, at, accepts, convert) {
	let failure;
	const depth = at.length;
	for (const [guard, branch] of plan.u) {
		if (!accepts(guard, branch)) continue;
		try {
			return convert(branch, value, at);
		} catch (e) {
			if (!(e instanceof CodecError)) throw e;
			at.length = depth;
			failure ??= e;
		}
	}
	if (failure) throw failure;
	return value;
}
function walkObject(plan, value, at, step) {
	if (!isRecord(value)) return value;
	const named = plan.o;
	if (plan.m === undefined) {
		// Only named properties convert: copy the object in one go (a spread copies own properties, a key
		// called "__proto__" included, without touching any prototype) and replace those that are present.
		const out = { ...value };
		if (named !== undefined) {
			for (const key in named) {
				if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
				at.push(key);
				const v = step(named[key], value[key], at);
				at.pop();
				if (key === "__proto__") Object.defineProperty(out, key, {
					value: v,
					enumerable: true,
					writable: true,
					configurable: true
				});
				else out[key] = v;
			}
		}
		return out;
	}
	const out = {};
	for (const key in value) {
		if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
		const sub = named !== undefined && Object.prototype.hasOwnProperty.call(named, key) ? named[key] : plan.m;
		let v = value[key];
		if (sub !== undefined) {
			at.push(key);
			v = step(sub, v, at);
			at.pop();
		}
		if (key === "__proto__") Object.defineProperty(out, key, {
			value: v,
			enumerable: true,
			writable: true,
			configurable: true
		});
		else out[key] = v;
	}
	return out;
}
function walkItems(value, at, planOf, step) {
	const out = new Array(value.length);
	for (let i = 0; i < value.length; i++) {
		at.push(i);
		out[i] = step(planOf(i), value[i], at);
		at.pop();
	}
	return out;
}
/** Wire form → value form. Throws CodecError when a value cannot be converted. */
export function decode(plan, value, path = "") {
	return decodeAt(plan, value, atOf(path));
}
/** Value form → wire form. Throws CodecError when a value cannot be converted. */
export function encode(plan, value, path = "") {
	return encodeAt(plan, value, atOf(path));
}
function decodeAt(plan, value, at) {
	if (plan === undefined || plan === 0 || value === null || value === undefined) return value;
	if (typeof plan === "string") return decodeScalar(plan, value, at);
	if ("l" in plan) return decodeAt(plan.l(), value, at);
	if ("a" in plan) return Array.isArray(value) ? walkItems(value, at, () => plan.a, decodeAt) : value;
	if ("t" in plan) return Array.isArray(value) ? walkItems(value, at, (i) => i < plan.t.length ? plan.t[i] : plan.r, decodeAt) : value;
	if ("u" in plan) return firstThatFits(plan, value, at, (g) => guardAccepts(g, value), decodeAt);
	return walkObject(plan, value, at, decodeAt);
}
function encodeAt(plan, value, at) {
	if (plan === undefined || plan === 0 || value === null || value === undefined) return value;
	if (typeof plan === "string") return encodeScalar(plan, value, at);
	if ("l" in plan) return encodeAt(plan.l(), value, at);
	if ("a" in plan) return Array.isArray(value) ? walkItems(value, at, () => plan.a, encodeAt) : value;
	if ("t" in plan) return Array.isArray(value) ? walkItems(value, at, (i) => i < plan.t.length ? plan.t[i] : plan.r, encodeAt) : value;
	if ("u" in plan) return firstThatFits(plan, value, at, (g, b) => branchAcceptsValue(g, b, value), encodeAt);
	return walkObject(plan, value, at, encodeAt);
}
const U64_MAX = 18446744073709551615n;
function decodeScalar(plan, value, at) {
	switch (plan) {
		case "u64":
		case "u64n": {
			let n;
			if (typeof value === "string" && DECIMAL.test(value)) n = BigInt(value);
			else if (typeof value === "number" && Number.isInteger(value) && value >= 0) n = BigInt(value);
			if (n !== undefined && n <= U64_MAX) return n;
			throw new CodecError(pointer(at), "an unsigned 64-bit integer (decimal string or number)", value);
		}
		case "u32": {
			const n = typeof value === "string" && DECIMAL.test(value) ? Number(value) : typeof value === "number" && Number.isInteger(value) ? value : -1;
			if (n >= 0 && n <= 4294967295) return n;
			throw new CodecError(pointer(at), "an unsigned 32-bit integer (decimal string or number)", value);
		}
		case "f":
			if (typeof value === "string" && FLOAT.test(value)) return Number(value);
			if (typeof value === "number") return value;
			throw new CodecError(pointer(at), "a number (decimal string or number)", value);
		case "q":
			if (typeof value === "string" && QUANTITY.test(value)) return BigInt(value);
			throw new CodecError(pointer(at), "a 0x-prefixed hex quantity", value);
	}
}
function toBigInt(value, at) {
	if (typeof value === "bigint") {
		if (value < 0n) throw new CodecError(pointer(at), "a non-negative integer", value);
		return value;
	}
	if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
	if (typeof value === "string" && DECIMAL.test(value)) return BigInt(value);
	throw new CodecError(pointer(at), "a non-negative integer (bigint)", value);
}
function encodeScalar(plan, value, at) {
	switch (plan) {
		case "u64": {
			const n = toBigInt(value, at);
			if (n > U64_MAX) throw new CodecError(pointer(at), "an unsigned 64-bit integer (at most 2^64-1)", value);
			return n.toString(10);
		}
		case "u64n": {
			const b = toBigInt(value, at);
			if (b > BigInt(Number.MAX_SAFE_INTEGER)) throw new CodecError(pointer(at), "an integer of at most 2^53-1 (sent as a JSON number)", value);
			return Number(b);
		}
		case "u32": {
			if (typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 4294967295) return String(value);
			if (typeof value === "bigint" && value >= 0n && value <= 4294967295n) return value.toString(10);
			throw new CodecError(pointer(at), "an unsigned 32-bit integer (number)", value);
		}
		case "f":
			if (typeof value === "number" && Number.isFinite(value)) return value.toFixed(4);
			throw new CodecError(pointer(at), "a finite number", value);
		case "q":
			if (typeof value === "string" && QUANTITY.test(value)) return value;
			return `0x${toBigInt(value, at).toString(16)}`;
	}
}
