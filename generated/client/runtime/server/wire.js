/**
* The wire forms of each flavor: request messages as Go's decoder fills them (gorilla's `serverRequest`,
* geth's `jsonrpcMessage`), ids echoed exactly as they came, and error objects in each server's field order.
*/
import { isRecord } from "../guards.js";
import { depthExceeds, goScan, rawIds } from "./json.js";
export function rawIdText(ids, index, fallback) {
	ids.raw ??= rawIds(ids.text, ids.start >= 0 ? ids.start : ids.text.search(/\S/), ids.caseInsensitive);
	return ids.raw[index] ?? JSON.stringify(fallback) ?? "null";
}
/** The id as JSON text, exactly as it came (`1`, `"1"`, `null`, `12345678901234567890`). */
export function idText(id, ids, index) {
	if (id === null) return "null";
	if (typeof id === "string") return JSON.stringify(id);
	if (typeof id === "boolean") return String(id);
	// A number is echoed as it was written (`1.0`, `1e2` and `1` are different ids on the wire). The common
	// case, a single request whose first `"id":` holds the number in canonical form, is confirmed without
	// scanning the whole body.
	if (typeof id === "number" && ids.raw === undefined && Number.isSafeInteger(id) && !Object.is(id, -0)) {
		const from = index === 0 ? 0 : ids.cursor;
		if (from !== undefined) {
			const end = canonicalIdAt(ids.text, String(id), from);
			if (end !== -1) {
				if (ids.cursor !== undefined) ids.cursor = end;
				return String(id);
			}
		}
		// Not where expected: from now on every id of this body comes from the full scan.
		ids.cursor = undefined;
	}
	return rawIdText(ids, index, id);
}
/**
* Whether the next `"id"` member of `text` (from `from`) holds exactly `canonical`: where it ends when it
* does, -1 otherwise. The requests of a batch are read in order, so a batch costs one pass of indexOf.
*/
function canonicalIdAt(text, canonical, from) {
	// The next `"id"`, looked for as `id"` with a quote before it: JSON text is full of quotes, so a search
	// starting from one stops at every key and string; `i` is rarer (about four times faster on a batch).
	let key = -1;
	for (let at = text.indexOf("id\"", from + 1); at !== -1; at = text.indexOf("id\"", at + 3)) {
		if (text.charCodeAt(at - 1) === 34) {
			key = at - 1;
			break;
		}
	}
	if (key === -1) return -1;
	const n = text.length;
	let i = key + 4;
	while (i < n && isBlank(text.charCodeAt(i))) i++;
	if (text.charCodeAt(i) !== 58) return -1;
	i++;
	while (i < n && isBlank(text.charCodeAt(i))) i++;
	if (!text.startsWith(canonical, i)) return -1;
	const end = i + canonical.length;
	const after = text.charCodeAt(end);
	return after === 44 || after === 125 || isBlank(after) ? end : -1;
}
/** JSON's insignificant whitespace: space, tab, line feed, carriage return. */
function isBlank(c) {
	return c === 32 || c === 9 || c === 10 || c === 13;
}
export function stdError(idJson, error) {
	const data = error.data === undefined ? "" : `,"data":${JSON.stringify(error.data) ?? "null"}`;
	return `{"jsonrpc":"2.0","id":${idJson},"error":{"code":${error.code},"message":${JSON.stringify(error.message)}${data}}}`;
}
export function gorillaError(idJson, error, dataJson) {
	const data = dataJson ?? JSON.stringify(error.data ?? null) ?? "null";
	return `{"jsonrpc":"2.0","error":{"code":${error.code},"message":${JSON.stringify(error.message)},"data":${data}},"id":${idJson}}`;
}
function goKind(value) {
	if (Array.isArray(value)) return "array";
	if (typeof value === "boolean") return "bool";
	return typeof value === "object" ? "object" : typeof value;
}
export function goServerRequest(value) {
	const req = {
		version: "",
		method: "",
		params: undefined,
		id: undefined,
		error: undefined
	};
	if (value === null) return req;
	if (typeof value !== "object" || Array.isArray(value)) {
		req.error = `json: cannot unmarshal ${goKind(value)} into Go value of type json2.serverRequest`;
		return req;
	}
	const obj = value;
	for (const key of Object.keys(obj)) {
		const field = key.toLowerCase();
		const v = obj[key];
		if (field === "jsonrpc" || field === "method") {
			if (typeof v === "string") {
				if (field === "jsonrpc") req.version = v;
				else req.method = v;
			} else if (v !== null) req.error ??= `json: cannot unmarshal ${goKind(v)} into Go struct field serverRequest.${field} of type string`;
		} else if (field === "params") req.params = v === null ? undefined : v;
		else if (field === "id") req.id = v === null ? undefined : v;
	}
	return req;
}
export function gethMessage(value) {
	if (!isRecord(value)) return undefined;
	const m = {
		version: "",
		method: "",
		hasId: false,
		id: undefined,
		hasParams: false,
		params: undefined,
		isResponse: false
	};
	let answer = false;
	for (const key of Object.keys(value)) {
		const v = value[key];
		switch (key.toLowerCase()) {
			case "jsonrpc":
				if (typeof v === "string") m.version = v;
				break;
			case "method":
				if (typeof v === "string") m.method = v;
				break;
			case "id":
				m.hasId = true;
				m.id = v;
				break;
			case "params":
				m.hasParams = true;
				m.params = v;
				break;
			case "result":
				answer = true;
				break;
			case "error":
				if (v !== null) answer = true;
				break;
		}
	}
	m.isResponse = answer && m.version === "2.0" && gethValidId(m) && m.method === "" && !m.hasParams;
	return m;
}
export function gethValidId(m) {
	return m.hasId && (typeof m.id !== "object" || m.id === null);
}
/**
* The first JSON value of a body, read the way Go's decoder reads it. A body JSON.parse accepts whole is
* one value Go accepts too (only the depth needs checking), so the JS scanner runs only on the rare bodies
* JSON.parse refuses: to word the error as Go does, or to find a first value followed by trailing text.
*/
export function goParse(text, maxDepth) {
	let value;
	try {
		value = JSON.parse(text);
	} catch {
		const scan = goScan(text, maxDepth);
		if (!scan.ok) return scan;
		return {
			ok: true,
			value: JSON.parse(text.slice(scan.start, scan.end)),
			start: scan.start
		};
	}
	if (depthExceeds(text, maxDepth)) return {
		ok: false,
		message: "exceeded max depth",
		eof: false
	};
	return {
		ok: true,
		value,
		start: -1
	};
}
