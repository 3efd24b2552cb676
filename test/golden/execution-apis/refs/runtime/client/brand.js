/**
* The check behind each branded ID's constructor (a schema with `x-brand`, spec/README.md): the value must
* match the schema's pattern; when it does not, the error names the form expected and the part of the
* value that breaks it. Which part is found from the pattern alone: the longest start of the value that some
* ending of a known-good sample completes to a match; what follows it is the offending part.
*/
/**
* `value` when it matches `pattern`, else a TypeError such as
* `invalid NodeID "NodeID-xyz": it ends too soon; expected A node ID, ... (pattern ^NodeID-...$)`.
*/
export function checkBrand(value, brand, pattern, form, samples) {
	const expected = `expected ${form.replace(/\.$/, "").replace(/^(A|An|The) /, (w) => w.toLowerCase())} (pattern ${pattern.source})`;
	if (typeof value !== "string") throw new TypeError(`invalid ${brand}: got ${value === null ? "null" : typeof value}, not a string; ${expected}`);
	if (pattern.test(value)) return value;
	throw new TypeError(`invalid ${brand} ${JSON.stringify(value)}: it ${whatIsWrong(value, pattern, samples)}; ${expected}`);
}
/** Whether `start` can be completed to a match by an ending of one of the samples. */
function completes(start, pattern, samples) {
	for (const sample of samples) for (let j = 0; j <= sample.length; j++) if (pattern.test(start + sample.slice(j))) return true;
	return false;
}
function whatIsWrong(value, pattern, samples) {
	if (value === "") return "is empty";
	// The longest start that can still become a match (the empty start always can: a sample is one).
	let good = 0;
	while (good < value.length && completes(value.slice(0, good + 1), pattern, samples)) good++;
	if (good === value.length) return "ends too soon";
	const rest = value.slice(good);
	// Past a whole match, the rest is too much; otherwise the first character that does not fit is named.
	if (pattern.test(value.slice(0, good))) return `has ${JSON.stringify(rest)} too many at position ${good}`;
	return `has ${JSON.stringify(value[good])} at position ${good}, where it does not fit${rest.length > 1 ? ` (before ${JSON.stringify(rest.slice(1, 9))}${rest.length > 9 ? "..." : ""})` : ""}`;
}
