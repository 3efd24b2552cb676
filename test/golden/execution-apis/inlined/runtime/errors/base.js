/** How much of a reply body an error keeps (enough to recognise an HTML error page or a proxy's message). */
export const BODY_EXCERPT_LENGTH = 512;
/** The first `max` characters of a body, whitespace collapsed, with a marker when cut. */
export function excerpt(text, max = BODY_EXCERPT_LENGTH) {
	const flat = text.replace(/\s+/g, " ").trim();
	return flat.length > max ? `${flat.slice(0, max)}... (${flat.length - max} more characters)` : flat;
}
const MASK = "***";
/**
* A copy of `value` in which every occurrence of a secret (a keystore password the call sent) is replaced by
* `***`: in strings (raw and JSON-escaped, as a server echoing the request would write it), deep inside
* objects and arrays. Servers do echo requests: a gorilla/rpc parse error's `data` is the decoded request.
*/
export function redact(value, secrets) {
	if (!secrets || secrets.length === 0) return value;
	const needles = [...new Set(secrets.flatMap((s) => s === "" ? [] : [s, JSON.stringify(s).slice(1, -1)]))].sort((a, b) => b.length - a.length);
	if (needles.length === 0) return value;
	const seen = new WeakMap();
	const walk = (v) => {
		if (typeof v === "string") {
			let out = v;
			for (const n of needles) if (out.includes(n)) out = out.split(n).join(MASK);
			return out;
		}
		if (v === null || typeof v !== "object") return v;
		const done = seen.get(v);
		if (done !== undefined) return done;
		if (Array.isArray(v)) {
			const copy = [];
			seen.set(v, copy);
			for (const item of v) copy.push(walk(item));
			return copy;
		}
		const copy = {};
		seen.set(v, copy);
		for (const [k, item] of Object.entries(v)) {
			Object.defineProperty(copy, k, {
				value: walk(item),
				enumerable: true,
				writable: true,
				configurable: true
			});
		}
		return copy;
	};
	return walk(value);
}
export function where(ctx) {
	return ctx.method ? `${ctx.method}: ` : "";
}
/** The base of every error the runtime throws. */
export class NodeRpcError extends Error {
	static {
		this.prototype.name = "NodeRpcError";
	}
	/** The JSON-RPC method the failure belongs to, when there is one. */
	method;
	/** The endpoint URL, when there is one. */
	url;
	constructor(message, context = {}) {
		super(message, context.cause === undefined ? undefined : { cause: context.cause });
		this.method = context.method;
		this.url = context.url;
	}
}
/**
* The server answered with a JSON-RPC error object. `message` is the server's text, unchanged: servers
* reuse codes (geth and the node answer most failures with -32000), so callers match on code and message.
*/
export class RpcError extends NodeRpcError {
	static {
		this.prototype.name = "RpcError";
	}
	code;
	/** The error's `data` member (`undefined` when the server sent none), with secrets redacted. */
	data;
	/** The HTTP status, when the error came with a non-2xx status (200 otherwise, undefined over WebSocket). */
	status;
	/** The HTTP response headers, when the error came with a non-2xx status (`Retry-After`, ...). */
	headers;
	constructor(error, context = {}) {
		super(redact(error.message, context.redact), context);
		this.code = error.code;
		this.data = redact(error.data, context.redact);
		this.status = context.status;
		this.headers = context.headers;
	}
}
