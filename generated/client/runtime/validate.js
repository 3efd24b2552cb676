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
/** `/validators/3/nodeID` → `.validators[3].nodeID`: how a TypeScript user would write the path. */
export function pointerToAccessor(pointer) {
	if (pointer === "") return "";
	return pointer.split("/").slice(1).map((raw) => raw.replace(/~1/g, "/").replace(/~0/g, "~")).map((seg) => /^(0|[1-9][0-9]*)$/.test(seg) ? `[${seg}]` : /^[A-Za-z_$][\w$]*$/.test(seg) ? `.${seg}` : `[${JSON.stringify(seg)}]`).join("");
}
/** How many issues a message lists before summarising the rest. */
const MAX_LISTED = 10;
/**
* One message for a list of issues, naming the method, where each problem is (`params.addresses[0]`,
* `result.validators[3].weight`) and what was expected.
*/
export function formatIssues(method, direction, issues) {
	const what = direction === "params" ? "params" : "result";
	if (issues.length === 0) return `${method}: the ${what} did not pass validation.`;
	const lines = issues.slice(0, MAX_LISTED).map((i) => `  - ${what}${pointerToAccessor(i.path)} ${i.message}`);
	if (issues.length > MAX_LISTED) lines.push(`  ... and ${issues.length - MAX_LISTED} more`);
	const count = issues.length === 1 ? "1 problem" : `${issues.length} problems`;
	return `${method}: the ${what} ${direction === "params" ? "do" : "does"} not match the spec (${count}):\n${lines.join("\n")}`;
}
