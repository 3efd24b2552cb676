/**
* `to` with `from`'s errors added at its end (`from` itself when `to` is null): what ajv's standalone code
* does with `to.concat(from)`, in place, so that collecting n errors costs n steps, not n²/2 copies.
*/
export function appendErrors(to, from) {
	if (!from) return to;
	if (to === null) return from;
	const n = from.length;
	for (let i = 0; i < n; i++) to.push(from[i]);
	return to;
}
/**
* ajv errors → issues. Adds what ajv leaves in `params` to the message (the allowed values of an enum, the
* unexpected property's name), and drops exact duplicates (anyOf/oneOf branches repeat themselves).
*/
export function toIssues(errors) {
	const out = [];
	const seen = new Set();
	for (const e of errors ?? []) {
		const issue = {
			path: e.instancePath,
			message: describe(e),
			keyword: e.keyword,
			...e.params ? { params: e.params } : {}
		};
		const key = `${issue.path}\u0000${issue.message}`;
		if (seen.has(key)) continue;
		seen.add(key);
		out.push(issue);
	}
	return out;
}
function describe(e) {
	const base = e.message ?? `must pass "${e.keyword}"`;
	const p = e.params ?? {};
	switch (e.keyword) {
		case "enum": return Array.isArray(p.allowedValues) ? `must be one of ${p.allowedValues.map((v) => JSON.stringify(v)).join(", ")}` : base;
		case "const": return "allowedValue" in p ? `must be ${JSON.stringify(p.allowedValue)}` : base;
		case "additionalProperties": return typeof p.additionalProperty === "string" ? `must not have the property "${p.additionalProperty}"` : base;
		case "unevaluatedProperties": return typeof p.unevaluatedProperty === "string" ? `must not have the property "${p.unevaluatedProperty}"` : base;
		default: return base;
	}
}
