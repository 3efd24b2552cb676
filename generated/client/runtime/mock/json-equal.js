/** JSON values compared as the mock matches params to an example's. */
const HEX = /^0[xX][0-9a-fA-F]*$/;
export function jsonEqual(a, b) {
	if (a === b) return true;
	// Hex (addresses, hashes, data) is case-insensitive on the wire: a checksummed address names the same
	// account as its lower-case form.
	if (typeof a === "string" && typeof b === "string") return HEX.test(a) && HEX.test(b) && a.toLowerCase() === b.toLowerCase();
	if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
	if (Array.isArray(a) !== Array.isArray(b)) return false;
	if (Array.isArray(a)) {
		const bb = b;
		return a.length === bb.length && a.every((v, i) => jsonEqual(v, bb[i]));
	}
	const ka = Object.keys(a);
	const kb = Object.keys(b);
	if (ka.length !== kb.length) return false;
	return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && jsonEqual(a[k], b[k]));
}
