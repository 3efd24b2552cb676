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
function isRecord(value) {
	return value !== null && typeof value === "object" && !Array.isArray(value);
}
function child(path, key) {
	return `${path}/${String(key).replace(/~/g, "~0").replace(/\//g, "~1")}`;
}
function guardAccepts(guard, value) {
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
	if (guard.it && Array.isArray(value) && value.length > 0 && !guardAccepts(guard.it, value[0])) return false;
	if (guard.pr && isRecord(value)) {
		for (const key of Object.keys(guard.pr)) {
			if (Object.prototype.hasOwnProperty.call(value, key) && !guardAccepts(guard.pr[key], value[key])) return false;
		}
	}
	return true;
}
/** Whether a union branch takes a value-form value (encoding): scalar codecs take numbers and bigints. */
function branchAcceptsValue(guard, plan, value) {
	if (typeof plan === "string") return typeof value === "bigint" || typeof value === "number";
	return guardAccepts(guard, value);
}
/**
* A union takes the first branch whose guard accepts the value and whose conversion succeeds; guards are
* cheap approximations, so a branch that accepts but cannot convert gives way to the next one.
*/
function firstThatFits(plan, value, path, accepts, convert) {
	let failure;
	for (const [guard, branch] of plan.u) {
		if (!accepts(guard, branch)) continue;
		try {
			return convert(branch, value, path);
		} catch (e) {
			if (!(e instanceof CodecError)) throw e;
			failure ??= e;
		}
	}
	if (failure) throw failure;
	return value;
}
function setOwn(target, key, value) {
	if (key === "__proto__") Object.defineProperty(target, key, {
		value,
		enumerable: true,
		writable: true,
		configurable: true
	});
	else target[key] = value;
}
function walkObject(plan, value, path, step) {
	if (!isRecord(value)) return value;
	const out = {};
	for (const key of Object.keys(value)) {
		const sub = plan.o && Object.prototype.hasOwnProperty.call(plan.o, key) ? plan.o[key] : plan.m;
		setOwn(out, key, sub === undefined ? value[key] : step(sub, value[key], child(path, key)));
	}
	return out;
}
/** Wire form → value form. Throws CodecError when a value cannot be converted. */
export function decode(plan, value, path = "") {
	if (plan === undefined || plan === 0 || value === null || value === undefined) return value;
	if (typeof plan === "string") return decodeScalar(plan, value, path);
	if ("l" in plan) return decode(plan.l(), value, path);
	if ("a" in plan) {
		if (!Array.isArray(value)) return value;
		return value.map((v, i) => decode(plan.a, v, child(path, i)));
	}
	if ("t" in plan) {
		if (!Array.isArray(value)) return value;
		return value.map((v, i) => decode(i < plan.t.length ? plan.t[i] : plan.r, v, child(path, i)));
	}
	if ("u" in plan) return firstThatFits(plan, value, path, (g, b) => guardAccepts(g, value), decode);
	return walkObject(plan, value, path, decode);
}
/** Value form → wire form. Throws CodecError when a value cannot be converted. */
export function encode(plan, value, path = "") {
	if (plan === undefined || plan === 0 || value === null || value === undefined) return value;
	if (typeof plan === "string") return encodeScalar(plan, value, path);
	if ("l" in plan) return encode(plan.l(), value, path);
	if ("a" in plan) {
		if (!Array.isArray(value)) return value;
		return value.map((v, i) => encode(plan.a, v, child(path, i)));
	}
	if ("t" in plan) {
		if (!Array.isArray(value)) return value;
		return value.map((v, i) => encode(i < plan.t.length ? plan.t[i] : plan.r, v, child(path, i)));
	}
	if ("u" in plan) return firstThatFits(plan, value, path, (g, b) => branchAcceptsValue(g, b, value), encode);
	return walkObject(plan, value, path, encode);
}
function decodeScalar(plan, value, path) {
	switch (plan) {
		case "u64":
		case "u64n":
			if (typeof value === "string" && DECIMAL.test(value)) return BigInt(value);
			if (typeof value === "number" && Number.isInteger(value) && value >= 0) return BigInt(value);
			throw new CodecError(path, "an unsigned integer (decimal string or number)", value);
		case "u32":
			if (typeof value === "string" && DECIMAL.test(value)) return Number(value);
			if (typeof value === "number" && Number.isInteger(value) && value >= 0) return value;
			throw new CodecError(path, "an unsigned integer (decimal string or number)", value);
		case "f":
			if (typeof value === "string" && FLOAT.test(value)) return Number(value);
			if (typeof value === "number") return value;
			throw new CodecError(path, "a number (decimal string or number)", value);
		case "q":
			if (typeof value === "string" && QUANTITY.test(value)) return BigInt(value);
			throw new CodecError(path, "a 0x-prefixed hex quantity", value);
	}
}
function toBigInt(value, path) {
	if (typeof value === "bigint") {
		if (value < 0n) throw new CodecError(path, "a non-negative integer", value);
		return value;
	}
	if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
	if (typeof value === "string" && DECIMAL.test(value)) return BigInt(value);
	throw new CodecError(path, "a non-negative integer (bigint)", value);
}
function encodeScalar(plan, value, path) {
	switch (plan) {
		case "u64": return toBigInt(value, path).toString(10);
		case "u64n": {
			const b = toBigInt(value, path);
			if (b > BigInt(Number.MAX_SAFE_INTEGER)) throw new CodecError(path, "an integer of at most 2^53-1 (sent as a JSON number)", value);
			return Number(b);
		}
		case "u32": {
			if (typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 4294967295) return String(value);
			if (typeof value === "bigint" && value >= 0n && value <= 4294967295n) return value.toString(10);
			throw new CodecError(path, "an unsigned 32-bit integer (number)", value);
		}
		case "f":
			if (typeof value === "number" && Number.isFinite(value)) return value.toFixed(4);
			throw new CodecError(path, "a finite number", value);
		case "q":
			if (typeof value === "string" && QUANTITY.test(value)) return value;
			return `0x${toBigInt(value, path).toString(16)}`;
	}
}
