/**
* Secrets (params marked `x-secret`, e.g. keystore passwords) never leave the server: not in a log line, not
* in an error reply. Two tools: mask the secret params by name (logs, echoed requests), and scrub every
* occurrence of a secret value from any text (a handler's error message, a validation issue).
*/
import { isPlainObject } from "./json.js";
export const MASK = "***";
function setOwn(target, key, value) {
	Object.defineProperty(target, key, {
		value,
		enumerable: true,
		writable: true,
		configurable: true
	});
}
/**
* A copy of `params` with the secret ones replaced by `***`: by name in an object (also an object wrapped in
* a one-element array), by position (through `order`, the declared param names) in an array.
*/
export function maskParams(params, secrets, order) {
	if (!secrets || secrets.length === 0) return params;
	if (isPlainObject(params)) {
		const out = {};
		for (const key of Object.keys(params)) setOwn(out, key, secrets.includes(key) ? MASK : params[key]);
		return out;
	}
	if (Array.isArray(params)) {
		if (params.length >= 1 && isPlainObject(params[0]) && !order.some((name, i) => i === 0 && secrets.includes(name))) {
			return [maskParams(params[0], secrets, order), ...params.slice(1)];
		}
		return params.map((v, i) => secrets.includes(order[i]) ? MASK : v);
	}
	return params;
}
/** The values of the secret params present in `params`, as text to scrub (with their JSON-escaped form). */
export function secretValues(params, secrets, order) {
	if (!secrets || secrets.length === 0) return [];
	const values = [];
	const from = (obj) => {
		for (const name of secrets) if (Object.prototype.hasOwnProperty.call(obj, name)) values.push(obj[name]);
	};
	if (isPlainObject(params)) from(params);
	else if (Array.isArray(params)) {
		params.forEach((v, i) => {
			if (secrets.includes(order[i])) values.push(v);
			else if (i === 0 && isPlainObject(v)) from(v);
		});
	}
	const needles = new Set();
	for (const v of values) {
		if (v === undefined || v === null) continue;
		const text = typeof v === "string" ? v : JSON.stringify(v);
		if (!text) continue;
		needles.add(text);
		const escaped = JSON.stringify(text).slice(1, -1);
		if (escaped !== text) needles.add(escaped);
	}
	return [...needles].sort((a, b) => b.length - a.length);
}
/** A deep copy of `value` with every occurrence of a needle inside its strings replaced by `***`. */
export function scrub(value, needles) {
	if (needles.length === 0) return value;
	const walk = (v, depth) => {
		if (typeof v === "string") {
			let out = v;
			for (const n of needles) if (out.includes(n)) out = out.split(n).join(MASK);
			return out;
		}
		if (v === null || typeof v !== "object") return v;
		if (depth > 32) return MASK;
		if (Array.isArray(v)) return v.map((item) => walk(item, depth + 1));
		const out = {};
		for (const key of Object.keys(v)) setOwn(out, walk(key, depth + 1), walk(v[key], depth + 1));
		return out;
	};
	return walk(value, 0);
}
