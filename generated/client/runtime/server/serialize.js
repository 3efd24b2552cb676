/**
* Result serializers compiled from codec plans: a handler's value-form result straight to the wire form's
* JSON text, in one walk, with no intermediate wire-form copy. `compileSerializer(plan)(value)` is
* `JSON.stringify(encode(plan, value))`, byte for byte (same key order, same omissions), and throws what that
* throws: when the fast walk meets anything it does not handle itself it hands the value to that expression.
*
* Built from the plans once per server, as closures (no code generated at run time, so it runs where `eval`
* is not allowed). Why not fast-json-stringify: it serializes what a schema names, drops the fields it does
* not (results pass unknown fields through), knows no bigint-to-decimal-string codecs, and needs ajv at run
* time for unions; the generated package has no dependencies.
*/
import { encode } from "../codec.js";
const U64_MAX = 18446744073709551615n;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
/** Characters JSON.stringify escapes (controls, quote, backslash) or may (surrogates: lone ones are escaped). */
const NEEDS_ESCAPE = /[\u0000-\u001f"\\\ud800-\udfff]/;
const QUANTITY = /^0x[0-9a-fA-F]+$/;
/** A string as JSON text, as JSON.stringify writes it. */
export function quote(s) {
	return NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : `"${s}"`;
}
/**
* A value no plan converts, under `key` of its parent: JSON.stringify of it, except that a `toJSON` method
* gets the key it would get inside the whole value.
*/
function plain(key, v) {
	if ((typeof v === "object" && v !== null || typeof v === "bigint") && typeof v.toJSON === "function") {
		const wrapped = JSON.stringify({ [key]: v });
		const head = JSON.stringify(key).length + 2;
		return wrapped.length > head + 1 ? wrapped.slice(head, -1) : undefined;
	}
	return JSON.stringify(v);
}
/** Thrown by a fast walk that meets a case it leaves to `encode` + `JSON.stringify`. */
const BAIL = Symbol("bail");
function scalar(plan) {
	switch (plan) {
		case "u64": return (v) => {
			// Through a number when it is exact: V8 prints numbers faster than bigints.
			if (typeof v === "bigint" && v >= 0n && v <= U64_MAX) return v <= MAX_SAFE ? `"${Number(v)}"` : `"${v}"`;
			throw BAIL;
		};
		case "u64n": return (v) => {
			if (typeof v === "bigint" && v >= 0n && v <= MAX_SAFE) return String(Number(v));
			throw BAIL;
		};
		case "u32": return (v) => {
			if (typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= 4294967295) return `"${v}"`;
			throw BAIL;
		};
		case "f": return (v) => {
			if (typeof v === "number" && Number.isFinite(v)) return `"${v.toFixed(4)}"`;
			throw BAIL;
		};
		case "q": return (v) => {
			if (typeof v === "bigint" && v >= 0n) return `"0x${v.toString(16)}"`;
			if (typeof v === "string" && QUANTITY.test(v)) return `"${v}"`;
			throw BAIL;
		};
		default: throw new TypeError(`unknown codec ${JSON.stringify(plan)}`);
	}
}
/** The fast walk of a plan: JSON text for a value at `key`, `undefined` when JSON.stringify omits it. */
function walkOf(plan) {
	if (plan === undefined || plan === 0) return (v, key) => plain(key, v);
	if (typeof plan === "string") {
		const s = scalar(plan);
		return (v, key) => v === null || v === undefined ? plain(key, v) : s(v, key);
	}
	if ("l" in plan) {
		let inner;
		return (v, key) => (inner ??= walkOf(plan.l()))(v, key);
	}
	if ("a" in plan) {
		const item = walkOf(plan.a);
		return (v, key) => {
			// encode leaves anything but an array as it is; it copies an array (dropping a `toJSON` of its own).
			if (!Array.isArray(v)) return plain(key, v);
			if (typeof v.toJSON === "function") throw BAIL;
			let out = "[";
			for (let i = 0; i < v.length; i++) {
				const j = item(v[i], String(i));
				out += (i === 0 ? "" : ",") + (j === undefined ? "null" : j);
			}
			return `${out}]`;
		};
	}
	if ("t" in plan || "u" in plan) {
		// Tuples and unions: rare in results; the interpreter decides them.
		return (v, key) => {
			if (v === null || v === undefined) return plain(key, v);
			throw BAIL;
		};
	}
	const named = new Map();
	for (const key of Object.keys(plan.o ?? {})) named.set(key, {
		head: `${quote(key)}:`,
		walk: walkOf(plan.o[key])
	});
	const rest = plan.m === undefined ? undefined : walkOf(plan.m);
	return (v, key) => {
		// encode leaves anything but a plain object as it is; it copies an object (dropping a `toJSON`).
		if (typeof v !== "object" || v === null || Array.isArray(v)) return plain(key, v);
		if (typeof v.toJSON === "function") throw BAIL;
		const o = v;
		const keys = Object.keys(o);
		let out = "{";
		let first = true;
		for (let i = 0; i < keys.length; i++) {
			const k = keys[i];
			const n = named.get(k);
			const j = n !== undefined ? n.walk(o[k], k) : rest !== undefined ? rest(o[k], k) : plain(k, o[k]);
			if (j === undefined) continue;
			if (first) first = false;
			else out += ",";
			out += n !== undefined ? n.head + j : `${quote(k)}:${j}`;
		}
		return `${out}}`;
	};
}
/**
* `(value) => JSON.stringify(encode(plan, value))`, faster. Anything the walk does not take (a value not in
* the value form its plan expects, unions, tuples, `toJSON` on a converted object, a getter that throws) is
* redone by that expression, which then gives the exact result or error.
*/
export function compileSerializer(plan) {
	if (plan === undefined) return (value) => JSON.stringify(value);
	const walk = walkOf(plan);
	return (value) => {
		try {
			return walk(value, "");
		} catch {
			return JSON.stringify(encode(plan, value));
		}
	};
}
/**
* A raw handler's result given with its JSON text already made (the mock's examples, serialized once): sent
* as `text`; `value` is what result validation checks. Both must say the same.
*/
export class JsonText {
	value;
	text;
	constructor(value, text) {
		this.value = value;
		this.text = text;
	}
}
