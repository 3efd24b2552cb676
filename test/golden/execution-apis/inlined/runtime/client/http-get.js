/**
* Methods the spec also serves to plain HTTP GET requests (`x-http-get`, as the node's health probes): the
* params go in the query string, the reply's body is the method's result, and its HTTP status says something
* of its own (the node answers 503 when a health report is unhealthy). So the call resolves with the status
* beside the decoded body for every status the spec lists, and rejects with an HttpError for any other.
*/
import { encodeWire, finish, secretValues } from "./call.js";
import { Unencodable } from "./unencodable.js";
const forms = () => import("../errors/forms.js");
const transportErrors = () => import("../errors/transport.js");
/** `?tag=a&tag=b` from the wire-form params: each query parameter from its param, a list repeated. */
export function queryString(get, wire) {
	const parts = [];
	for (const [name, { param }] of Object.entries(get.query)) {
		const value = Object.prototype.hasOwnProperty.call(wire, param) ? wire[param] : undefined;
		for (const item of Array.isArray(value) ? value : [value]) {
			if (item === undefined || item === null) continue;
			parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(typeof item === "string" ? item : JSON.stringify(item))}`);
		}
	}
	return parts.length ? `?${parts.join("&")}` : "";
}
/**
* One GET of a method's first `x-http-get` path: params encoded and put in the query string, sent with the
* transport's fetch, headers, middleware and timeout (and, over the node client, its retries: a GET that got
* no answer is tried again like a read), the body validated (when asked) and decoded as the method's result.
*/
export async function callHttpGet(transport, meta, params, options) {
	const get = meta.httpGet;
	if (!get) throw new TypeError(`${meta.name} is not served to plain HTTP GET requests (the spec gives it no x-http-get)`);
	if (!transport.httpGet) throw new TypeError(`${meta.name}: a plain HTTP GET needs the service's HTTP transport, and this ${transport.kind} transport cannot send one`);
	const wire = encodeWire(meta, params);
	if (wire instanceof Unencodable) throw (await forms()).unencodable(meta.name, wire, secretValues(meta, params));
	const path = `${get.paths[0] ?? ""}${queryString(get, wire)}`;
	const reply = await transport.httpGet(path, options);
	const context = {
		method: `GET ${meta.name}`,
		url: reply.url,
		...reply.headers ? { headers: reply.headers } : {}
	};
	if (!get.status.some((s) => s.code === reply.status)) {
		const { HttpError } = await transportErrors();
		throw new HttpError(reply.status, reply.statusText, reply.text, context);
	}
	let raw;
	try {
		raw = JSON.parse(reply.text);
	} catch {
		const { ProtocolError } = await transportErrors();
		throw new ProtocolError(`the body of HTTP ${reply.status} is not JSON where ${meta.name}'s result was expected`, {
			...context,
			body: reply.text
		});
	}
	const body = await finish(meta, transport, raw, options?.validate ?? transport.validate ?? false);
	return {
		status: reply.status,
		ok: reply.status >= 200 && reply.status < 300,
		body
	};
}
