/**
* Secrets (params marked `x-secret`, e.g. keystore passwords) never leave the server: not in a log line, not
* in an error reply. Two tools: mask the secret params by name (logs, echoed requests), and scrub every
* occurrence of a secret value from any text (a handler's error message, a validation issue).
*/
import { isRecord, setOwn } from "../guards.js";
export const MASK = "***";
/** Whether `key` names a secret param; matched without regard to case, as the node's decoder matches keys. */
function isSecretKey(key, secrets) {
	const k = key.toLowerCase();
	return secrets.some((s) => s.toLowerCase() === k);
}
/**
* A copy of `params` with the secrets replaced by `***`, whatever shape the request gave them: by name (any
* case) in an object, in an object nested at any depth or wrapped in an array, and by position (through
* `order`, the declared param names) in an array. Masking too much costs a log line some detail; too little
* leaks a password.
*/
export function maskParams(params, secrets, order) {
	if (!secrets || secrets.length === 0) return params;
	const walk = (value, depth) => {
		if (depth > 32) return MASK;
		if (Array.isArray(value)) return value.map((v) => walk(v, depth + 1));
		if (!isRecord(value)) return value;
		const out = {};
		for (const key of Object.keys(value)) setOwn(out, key, isSecretKey(key, secrets) ? MASK : walk(value[key], depth + 1));
		return out;
	};
	if (Array.isArray(params)) return params.map((v, i) => secrets.includes(order[i]) ? MASK : walk(v, 1));
	return walk(params, 0);
}
/**
* The values of the secret params present in `params`, in any of the shapes `maskParams` knows, as text to
* scrub from replies and logs (with their JSON-escaped form).
*/
export function secretValues(params, secrets, order) {
	if (!secrets || secrets.length === 0) return [];
	const values = [];
	const from = (value, depth) => {
		if (depth > 32) return;
		if (Array.isArray(value)) for (const v of value) from(v, depth + 1);
		else if (isRecord(value)) {
			for (const key of Object.keys(value)) {
				if (isSecretKey(key, secrets)) values.push(value[key]);
				else from(value[key], depth + 1);
			}
		}
	};
	if (Array.isArray(params)) {
		params.forEach((v, i) => {
			if (secrets.includes(order[i])) values.push(v);
			else from(v, 1);
		});
	} else from(params, 0);
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
/**
* A deep copy of `value` with every needle that stands as a value inside its strings replaced by `***`: a
* whole string, or an occurrence not run into a letter, digit or `_` on either side. A secret inside a
* longer word is left: a user named `u` must not turn "couldn't unmarshal" into "co***ldn't ***nmarshal"
* (whose gaps spell the secret). Needles come longest first (`secretValues`), so a secret containing
* another is masked whole. (The client's `redact`, error-base.ts, masks every occurrence: it scrubs what a
* node echoed of the request, where a secret may sit inside any text.)
*/
export function scrub(value, needles) {
	if (needles.length === 0) return value;
	const alternatives = needles.map((n) => n.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&"));
	const standing = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${alternatives.join("|")})(?![\\p{L}\\p{N}_])`, "gu");
	const mask = (text) => needles.includes(text) ? MASK : text.replace(standing, MASK);
	const walk = (v, depth) => {
		if (typeof v === "string") return mask(v);
		if (v === null || typeof v !== "object") return v;
		if (depth > 32) return MASK;
		if (Array.isArray(v)) return v.map((item) => walk(item, depth + 1));
		const out = {};
		for (const key of Object.keys(v)) setOwn(out, walk(key, depth + 1), walk(v[key], depth + 1));
		return out;
	};
	return walk(value, 0);
}
