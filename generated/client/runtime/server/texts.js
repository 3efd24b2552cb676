import { goQuote } from "./json.js";
/**
* How many issues an error reply lists in `data`; its message gives the count of the rest. Params of
* 48,000 wrong items hold 48,000 issues: all of them made a 9 MB reply.
*/
export const MAX_REPLY_ISSUES = 10;
function issueData(issues) {
	return issues.slice(0, MAX_REPLY_ISSUES).map((i) => ({
		...i.param !== undefined ? {
			param: i.param,
			position: i.position
		} : {},
		path: i.path,
		message: i.message,
		keyword: i.keyword,
		params: i.params ?? {}
	}));
}
function describeIssue(issue) {
	if (issue.param !== undefined) {
		const rest = issue.path.replace(/^\/[^/]*/, "");
		// A call by position names the param and its place; a call by name has only the name to go by.
		const where = /^\/\d+(\/|$)/.test(issue.path) ? ` (position ${issue.position})` : "";
		return `${issue.param}${where}${rest ? ` at ${rest}` : ""} ${issue.message}`;
	}
	return issue.path ? `${issue.path} ${issue.message}` : issue.message;
}
function isNullBranch(i) {
	return i.keyword === "type" && i.params?.type === "null";
}
/**
* The issues of a call's params, each named by the param it is about (`param`, `position`), in the order of
* the params. Only the branch the call took speaks: a positional call is not told `must be object` (the
* by-name branch of a method taking either), an optional param that may be `null` is not told `must be
* null` beside its real problem, and a union's `must match a schema in anyOf` gives way to what is wrong
* inside it.
*/
export function paramIssues(issues, names, positional) {
	const other = positional ? "object" : "array";
	const own = issues.filter((i) => !(i.path === "" && (i.keyword === "anyOf" || i.keyword === "type" && i.params?.type === other)));
	const below = (i, o) => o.path === i.path || o.path.startsWith(`${i.path}/`);
	const real = own.filter((i) => {
		if (isNullBranch(i)) return !own.some((o) => o !== i && !isNullBranch(o) && o.keyword !== "anyOf" && o.keyword !== "oneOf" && o.path === i.path) && !own.some((o) => o !== i && o.path.startsWith(`${i.path}/`));
		if (i.keyword === "anyOf" || i.keyword === "oneOf") return !own.some((o) => o !== i && o.keyword !== i.keyword && below(i, o));
		return true;
	});
	const named = (real.length ? real : [...issues]).map((i) => {
		const head = /^\/([^/]*)/.exec(i.path)?.[1];
		if (head === undefined) return i;
		const position = positional ? Number(head) : names.indexOf(head.replace(/~1/g, "/").replace(/~0/g, "~"));
		const param = names[position];
		return param === undefined || !Number.isInteger(position) ? i : {
			...i,
			param,
			position
		};
	});
	const rank = (i) => i.position ?? -1;
	return named.map((i, n) => [i, n]).sort(([a, m], [b, n]) => rank(a) - rank(b) || m - n).map(([i]) => i);
}
function problemIssue(problem) {
	switch (problem.kind) {
		case "not-object": return {
			path: "",
			message: "must be an object (params by name)",
			keyword: "type",
			params: { type: "object" }
		};
		case "not-array": return {
			path: "",
			message: "must be an array (params by position)",
			keyword: "type",
			params: { type: "array" }
		};
		case "too-many": return {
			path: "",
			message: `must NOT have more than ${problem.max} items`,
			keyword: "maxItems",
			params: { limit: problem.max }
		};
		case "missing": return {
			path: "",
			message: `must have required param ${problem.index} (${problem.name})`,
			keyword: "required",
			params: { missingProperty: problem.name }
		};
	}
}
const standard = {
	notFound: (method, why) => ({
		code: -32601,
		message: `Method not found: ${method}${why ? ` ${why}` : ""}`
	}),
	needsWebSocket: (method) => ({
		code: -32601,
		message: `Method not found: ${method} is only available over WebSocket (subscriptions need a connection that stays open)`
	}),
	structure: (method, problem) => {
		const issue = problemIssue(problem);
		const what = problem.kind === "not-object" ? `${method} takes its params by name: send an object` : problem.kind === "not-array" ? `${method} takes its params by position: send an array` : problem.kind === "too-many" ? `${method} takes at most ${problem.max} params, got ${problem.got}` : `${method} needs param ${problem.index} (${problem.name})`;
		return {
			code: -32602,
			message: `Invalid params: ${what}`,
			data: [issue]
		};
	},
	invalid: (_method, issues) => ({
		code: -32602,
		message: `Invalid params: ${describeIssue(issues[0])}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ""}`,
		data: issueData(issues)
	}),
	codec: (_method, error) => ({
		code: -32602,
		message: `Invalid params: ${error.path || "(params)"} expected ${error.expected}`,
		data: [{
			path: error.path,
			message: `must be ${error.expected}`,
			keyword: "codec",
			params: {}
		}]
	}),
	internal: () => ({
		code: -32603,
		message: "Internal error"
	}),
	resultInvalid: (method, issues) => ({
		code: -32603,
		message: `Internal error: the result of ${method} does not match its schema: ${describeIssue(issues[0])}`,
		data: issueData(issues)
	}),
	kindMissing: (method) => ({
		code: -32602,
		message: `Invalid params: ${method} needs the subscription kind as its first param`,
		data: [{
			path: "/0",
			message: "must be string",
			keyword: "type",
			params: { type: "string" }
		}]
	}),
	unknownKind: (method, kind, kinds) => ({
		code: -32602,
		message: `Invalid params: ${method} has no subscription kind ${JSON.stringify(kind)}; kinds: ${kinds.join(", ") || "(none enabled)"}`,
		data: [{
			path: "/0",
			message: "must be equal to one of the allowed values",
			keyword: "enum",
			params: { allowedValues: kinds }
		}]
	}),
	subscriptionNotFound: () => undefined
};
/** The argument index a validation issue of a positional params array points at (`/1/fromBlock` → 1). */
function argIndex(path) {
	const m = /^\/(\d+)(\/.*)?$/.exec(path);
	return m ? {
		index: Number(m[1]),
		rest: m[2] ?? ""
	} : {
		index: 0,
		rest: path
	};
}
const geth = {
	notFound: (method) => ({
		code: -32601,
		message: `the method ${method} does not exist/is not available`
	}),
	needsWebSocket: () => ({
		code: -32601,
		message: "notifications not supported"
	}),
	structure: (_method, problem) => ({
		code: -32602,
		message: problem.kind === "not-array" ? "non-array args" : problem.kind === "not-object" ? "non-object args" : problem.kind === "too-many" ? `too many arguments, want at most ${problem.max}` : `missing value for required argument ${problem.index}`
	}),
	invalid: (_method, issues, positional) => {
		const issue = issues[0];
		if (!positional) return {
			code: -32602,
			message: `invalid argument 0: ${describeIssue(issue)}`
		};
		const { index, rest } = argIndex(issue.path);
		return {
			code: -32602,
			message: `invalid argument ${index}: ${rest ? `${rest} ` : ""}${issue.message}`
		};
	},
	codec: (_method, error, positional) => {
		const { index, rest } = positional ? argIndex(error.path) : {
			index: 0,
			rest: error.path
		};
		return {
			code: -32602,
			message: `invalid argument ${index}: ${rest ? `${rest} ` : ""}expected ${error.expected}`
		};
	},
	internal: () => ({
		code: -32603,
		message: "method handler crashed"
	}),
	resultInvalid: (method, issues) => ({
		...standard.resultInvalid(method, issues),
		message: `result of ${method} does not match its schema: ${describeIssue(issues[0])}`
	}),
	kindMissing: () => ({
		code: -32602,
		message: "expected subscription name as first argument"
	}),
	unknownKind: (method, kind) => ({
		code: -32601,
		message: `no ${JSON.stringify(kind)} subscription in ${method.split("_")[0]} namespace`
	}),
	subscriptionNotFound: () => ({
		code: -32e3,
		message: "subscription not found"
	})
};
/** avalanchego's `utils/json` codec turns every params unmarshal failure into this one message. */
export const GORILLA_UNMARSHAL = "couldn't unmarshal an argument. Ensure arguments are valid and properly formatted. See documentation for example calls";
/**
* avalanchego's rewrite of `service.method` before gorilla's lookup: the first letter after the dot is
* upper-cased (the Go method name); an upper-case letter there is refused. Returns the name gorilla looks
* up, or the refusal.
*/
export function gorillaName(method) {
	const dot = method.indexOf(".");
	if (dot < 0) return { name: method };
	const fn = method.slice(dot + 1);
	if (fn === "") return { name: method };
	const first = String.fromCodePoint(fn.codePointAt(0));
	if (first === "�") return { name: method };
	if (/^\p{Lu}$/u.test(first)) return { refused: "method must start with a non-uppercase letter" };
	const up = first.toUpperCase();
	return { name: `${method.slice(0, dot + 1)}${[...up].length === 1 ? up : first}${fn.slice(first.length)}` };
}
const gorillaUnmarshal = () => ({
	code: -32e3,
	message: GORILLA_UNMARSHAL,
	data: null
});
const gorilla = {
	notFound: (method) => {
		const r = gorillaName(method);
		return {
			code: -32e3,
			message: "refused" in r ? r.refused : `rpc: can't find method ${goQuote(r.name)}`,
			data: null
		};
	},
	needsWebSocket: (method) => gorilla.notFound(method, undefined),
	structure: gorillaUnmarshal,
	invalid: gorillaUnmarshal,
	codec: gorillaUnmarshal,
	internal: () => ({
		code: -32e3,
		message: "internal error",
		data: null
	}),
	resultInvalid: (method, issues) => ({
		...standard.resultInvalid(method, issues),
		code: -32e3
	}),
	kindMissing: gorillaUnmarshal,
	unknownKind: gorillaUnmarshal,
	subscriptionNotFound: () => ({
		code: -32e3,
		message: "subscription not found",
		data: null
	})
};
export const TEXTS = {
	standard,
	geth,
	gorilla
};
