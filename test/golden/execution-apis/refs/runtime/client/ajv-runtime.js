/**
* The two helpers ajv's standalone validators may call, so the generated package needs no ajv at run time.
* Same contracts as ajv's own runtime modules.
*/
/** Length of a string in Unicode code points (a surrogate pair counts once), as JSON Schema defines it. */
export function ucs2length(str) {
	let length = 0;
	for (let i = 0; i < str.length; i++) {
		length++;
		const code = str.charCodeAt(i);
		if (code >= 55296 && code <= 56319 && i + 1 < str.length) {
			const next = str.charCodeAt(i + 1);
			if ((next & 64512) === 56320) i++;
		}
	}
	return length;
}
/** Deep equality of JSON values (enum, const, uniqueItems). */
export function equal(a, b) {
	if (a === b) return true;
	if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return Number.isNaN(a) && Number.isNaN(b);
	if (Array.isArray(a)) {
		if (!Array.isArray(b) || a.length !== b.length) return false;
		for (let i = 0; i < a.length; i++) if (!equal(a[i], b[i])) return false;
		return true;
	}
	if (Array.isArray(b)) return false;
	const ka = Object.keys(a);
	if (ka.length !== Object.keys(b).length) return false;
	for (const k of ka) {
		if (!Object.prototype.hasOwnProperty.call(b, k)) return false;
		if (!equal(a[k], b[k])) return false;
	}
	return true;
}
