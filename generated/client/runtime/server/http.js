import { answerGet, getRouter } from "./http-get.js";
function isGet(match) {
	return match.query !== undefined;
}
const JSON_TYPE = "application/json";
const GO_JSON_TYPE = "application/json; charset=utf-8";
const TEXT_TYPE = "text/plain; charset=utf-8";
function jsonError(status, code, message, extra) {
	return {
		status,
		headers: {
			"content-type": JSON_TYPE,
			...extra
		},
		body: `{"jsonrpc":"2.0","id":null,"error":{"code":${code},"message":${JSON.stringify(message)}}}`
	};
}
/** Go's `http.Error`: plain text, `nosniff`, a newline after the message. */
function goHttpError(status, message, extra) {
	return {
		status,
		headers: {
			"content-type": TEXT_TYPE,
			"x-content-type-options": "nosniff",
			...extra
		},
		body: `${message}\n`
	};
}
function header(headers, name) {
	const v = headers[name];
	return typeof v === "string" ? v : v === undefined ? undefined : v.join(", ");
}
/** The media type of a Content-Type value, lower-cased, parameters dropped. */
function mediaType(ct) {
	const semi = ct.indexOf(";");
	return (semi < 0 ? ct : ct.slice(0, semi)).trim().toLowerCase();
}
const GETH_TYPES = new Set([
	"application/json",
	"application/json-rpc",
	"application/jsonrequest"
]);
export class HttpCore {
	engine;
	http;
	ws;
	gets;
	maxBodyBytes;
	constructor(engine, http, ws) {
		this.engine = engine;
		this.http = http;
		this.ws = ws;
		this.gets = getRouter(engine.services);
		this.maxBodyBytes = engine.options.maxBodyBytes;
	}
	/** Routes and checks a request before its body is read: the endpoint, or the reply to send now. */
	begin(method, url, headers) {
		if (method === "OPTIONS" && this.engine.options.cors !== undefined) return this.preflight(url, headers);
		const q = url.indexOf("?");
		const path = q < 0 ? url : url.slice(0, q);
		if (method === "GET" && this.gets) {
			const get = this.gets.match(path);
			if (get !== null) return {
				...get,
				query: q < 0 ? "" : url.slice(q + 1)
			};
		}
		const match = this.http.match(path);
		if (match === null) return this.unrouted(path);
		const flavor = match.service.flavor;
		const length = header(headers, "content-length");
		const declared = length === undefined ? -1 : Number(length);
		const max = this.maxBodyBytes;
		if (flavor === "standard") {
			if (method !== "POST") return jsonError(405, -32600, `Invalid Request: JSON-RPC requests are sent with POST, not ${method}`, { allow: "POST" });
			const ct = header(headers, "content-type");
			if (ct !== JSON_TYPE && (ct === undefined || mediaType(ct) !== JSON_TYPE)) {
				return jsonError(415, -32600, `Invalid Request: the content type must be application/json${ct === undefined ? " (none was sent)" : `, not ${ct}`}`);
			}
			if (declared > max) return this.tooLarge(match, declared);
			return match;
		}
		if (flavor === "geth") {
			if (method === "GET" && declared <= 0 && header(headers, "transfer-encoding") === undefined && q < 0) {
				return {
					status: 200,
					headers: {},
					body: ""
				};
			}
			if (method === "PUT" || method === "DELETE") return goHttpError(405, "method not allowed");
			if (declared > max) return this.tooLarge(match, declared);
			if (method === "OPTIONS") return match;
			const ct = header(headers, "content-type");
			if (ct === undefined || !GETH_TYPES.has(mediaType(ct))) return goHttpError(415, "invalid content type, only application/json is supported");
			return match;
		}
		// gorilla
		if (method !== "POST") return {
			status: 405,
			headers: { "content-type": TEXT_TYPE },
			body: `rpc: POST method required, received ${method}`
		};
		const raw = header(headers, "content-type") ?? "";
		const semi = raw.indexOf(";");
		const ct = semi < 0 ? raw : raw.slice(0, semi);
		if (ct.toLowerCase() !== JSON_TYPE) return {
			status: 415,
			headers: { "content-type": TEXT_TYPE },
			body: `rpc: unrecognized Content-Type: ${ct}`
		};
		if (declared > max) return this.tooLarge(match, declared);
		return match;
	}
	/**
	* A CORS preflight to a JSON-RPC endpoint: 204 with what a browser may send (the allowed origin comes with
	* every reply's headers). A path no endpoint serves gets the usual 404.
	*/
	preflight(url, headers) {
		const q = url.indexOf("?");
		const path = q < 0 ? url : url.slice(0, q);
		if (this.http.match(path) === null) return this.unrouted(path);
		const cors = this.engine.options.cors;
		const asked = header(headers, "access-control-request-headers");
		const allow = cors.allowHeaders ?? asked;
		return {
			status: 204,
			headers: {
				"access-control-allow-methods": "POST, GET, OPTIONS",
				...allow ? { "access-control-allow-headers": allow } : {},
				"access-control-max-age": String(cors.maxAgeSeconds)
			},
			body: ""
		};
	}
	/** The reply to a body over the limit (`size`: its declared length, or the bytes read so far). */
	tooLarge(match, size) {
		const max = this.maxBodyBytes;
		switch (isGet(match) ? match.service.service.flavor : match.service.flavor) {
			case "standard": return jsonError(413, -32600, `Invalid Request: the request body is over the limit of ${max} bytes`);
			case "geth": return goHttpError(413, `content length too large (${size}>${max})`);
			case "gorilla": return {
				status: 413,
				headers: { "content-type": GO_JSON_TYPE },
				body: `{"jsonrpc":"2.0","error":{"code":-32600,"message":"request body over the limit of ${max} bytes","data":null},"id":null}\n`
			};
		}
	}
	/** Runs the body and frames the reply. */
	finish(match, headers, text, signal) {
		if (isGet(match)) return answerGet(this.engine, match, headers, signal);
		const service = match.service;
		const site = {
			service,
			transport: "http",
			path: match.path,
			variables: match.variables,
			headers,
			signal
		};
		if (service.flavor === "standard") {
			// Synchronous all the way when the handler is: no promise per request on the common path.
			const body = this.engine.standardBody(site, text);
			return isThenable(body) ? body.then(standardReply) : standardReply(body);
		}
		return this.finishNode(site, text);
	}
	async finishNode(site, text) {
		const engine = this.engine;
		switch (site.service.flavor) {
			case "standard": return standardReply(await engine.standardBody(site, text));
			case "geth": return {
				status: 200,
				headers: { "content-type": JSON_TYPE },
				body: await engine.gethBody(site, text) ?? ""
			};
			case "gorilla": {
				const r = await engine.gorillaBody(site, text);
				const h = r.body === null ? {} : { "content-type": GO_JSON_TYPE };
				if (r.ran) h["x-content-type-options"] = "nosniff";
				return {
					status: 200,
					headers: h,
					body: r.body ?? ""
				};
			}
		}
	}
	/** A path no HTTP endpoint serves: a WebSocket-only endpoint, or nothing at all. */
	unrouted(path) {
		const node = this.engine.options.mode === "node";
		const ws = this.ws.match(path);
		if (ws !== null) {
			// gorilla/websocket's answer to a request that is not an upgrade.
			if (node) return goHttpError(400, "Bad Request", { "sec-websocket-version": "13" });
			return jsonError(426, -32600, `Invalid Request: ${path} speaks JSON-RPC over WebSocket; connect with a WebSocket client`, {
				upgrade: "websocket",
				connection: "Upgrade"
			});
		}
		if (node) return goHttpError(404, "404 page not found");
		return jsonError(404, -32600, `Invalid Request: no JSON-RPC endpoint at ${path}; endpoints: ${this.endpoints()}`);
	}
	endpoints() {
		return this.http.templates().join(", ");
	}
	/** The WebSocket endpoint serving `path`, if any. */
	wsMatch(path) {
		return this.ws.match(path);
	}
}
function standardReply(body) {
	return body === null ? {
		status: 204,
		headers: { "content-type": JSON_TYPE },
		body: ""
	} : {
		status: 200,
		headers: { "content-type": JSON_TYPE },
		body
	};
}
function isThenable(x) {
	return typeof x?.then === "function";
}
function isReply(x) {
	return x.status !== undefined;
}
function prepareExtra(extra) {
	if (extra === undefined) return undefined;
	const names = Object.keys(extra);
	if (names.length === 0) return undefined;
	const lower = new Set(names.map((n) => n.toLowerCase()));
	return {
		names,
		values: extra,
		lower: lower.size === names.length ? lower : undefined
	};
}
function send(res, reply, extra) {
	if (res.headersSent || res.destroyed) return;
	let headers = reply.headers;
	// No Content-Length on a 204 (RFC 9110 §8.6).
	if (reply.status !== 204) headers["content-length"] = String(Buffer.byteLength(reply.body));
	if (extra !== undefined) {
		let merge = extra.lower !== undefined;
		for (const k in headers) if (merge && extra.lower.has(k)) merge = false;
		if (merge) {
			// One header object (node:http's fast case), the extra headers first, then the reply's, as setHeader
			// followed by writeHead would order them.
			const all = {};
			for (const k of extra.names) all[k] = extra.values[k];
			for (const k in headers) all[k] = headers[k];
			headers = all;
		} else for (const k of extra.names) res.setHeader(k, extra.values[k]);
	}
	res.writeHead(reply.status, headers);
	res.end(reply.body);
}
const INTERNAL = {
	status: 500,
	headers: { "content-type": TEXT_TYPE },
	body: "internal server error"
};
/** The node:http request listener. */
export function nodeListener(core) {
	const extra = prepareExtra(core.engine.options.headers);
	const max = core.maxBodyBytes;
	return (req, res) => {
		const begun = core.begin(req.method ?? "GET", req.url ?? "/", req.headers);
		if (isReply(begun)) {
			// Node discards the unread body once the response is finished.
			send(res, begun, extra);
			return;
		}
		const chunks = [];
		let size = 0;
		let over = false;
		req.on("data", (chunk) => {
			if (over) return;
			size += chunk.length;
			if (size > max) {
				over = true;
				chunks.length = 0;
				send(res, core.tooLarge(begun, size), extra);
				return;
			}
			chunks.push(chunk);
		});
		req.on("end", () => {
			if (over) return;
			const text = chunks.length === 0 ? "" : chunks.length === 1 ? chunks[0].toString("utf8") : Buffer.concat(chunks, size).toString("utf8");
			let reply;
			try {
				reply = core.finish(begun, req.headers, text, undefined);
			} catch (e) {
				reply = Promise.reject(e);
			}
			if (!isThenable(reply)) {
				send(res, reply, extra);
				return;
			}
			reply.then((r) => send(res, r, extra), (e) => {
				core.engine.log({
					level: "error",
					event: "server-failed",
					message: `the server failed on a request: ${e instanceof Error ? e.message : String(e)}`
				});
				send(res, {
					...INTERNAL,
					headers: { ...INTERNAL.headers }
				}, extra);
			});
		});
		req.on("error", () => {
			// The client went away; there is nobody to answer.
		});
	};
}
/** Reads a fetch body up to `max` bytes: the text, or the size at which it went over. */
async function readLimited(request, max) {
	if (!request.body) return "";
	const reader = request.body.getReader();
	const chunks = [];
	let size = 0;
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		size += value.byteLength;
		if (size > max) {
			await reader.cancel().catch(() => undefined);
			return { over: size };
		}
		chunks.push(value);
	}
	const all = new Uint8Array(size);
	let at = 0;
	for (const c of chunks) {
		all.set(c, at);
		at += c.byteLength;
	}
	return new TextDecoder().decode(all);
}
function toResponse(reply, extra) {
	const headers = extra ? {
		...reply.headers,
		...extra
	} : reply.headers;
	return new Response(reply.body === "" ? null : reply.body, {
		status: reply.status,
		headers
	});
}
/** The fetch-style handler. */
export function fetchHandler(core) {
	const extra = core.engine.options.headers;
	return async (request) => {
		const url = new URL(request.url);
		const headers = {};
		request.headers.forEach((value, key) => {
			headers[key] = value;
		});
		const begun = core.begin(request.method, url.pathname + url.search, headers);
		if (isReply(begun)) return toResponse(begun, extra);
		const text = await readLimited(request, core.maxBodyBytes);
		if (typeof text !== "string") return toResponse(core.tooLarge(begun, text.over), extra);
		return toResponse(await core.finish(begun, headers, text, request.signal), extra);
	};
}
