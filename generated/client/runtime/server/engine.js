/**
* The transport-independent core: a request body (text) in, the reply body (text, or nothing) out, for each
* flavor of JSON-RPC the server speaks. HTTP and WebSocket adapters sit on top of it.
*
* Per call: look the method up, check it is on and reachable over this transport, normalise the params'
* structure, validate (wire form), then either decode → typed handler → encode, or hand the wire params to
* the raw handler; optionally validate the result; serialise.
*/
import { CodecError, decode, encode } from "../client/codec.js";
import { isRecord } from "../guards.js";
import { goEscape, goQuote, hasOwn, valueDepthExceeds } from "./json.js";
import { maskParams, scrub, secretValues } from "./redact.js";
import { compileSerializer, JsonText } from "./serialize.js";
import { buildService, shareEndpoints } from "./tables.js";
import { gorillaName, paramIssues } from "./texts.js";
import { gethMessage, gethValidId, goParse, goServerRequest, gorillaError, idText, stdError } from "./wire.js";
/** No secrets to scrub (one shared empty list: most calls have none). */
const NO_NEEDLES = Object.freeze([]);
/** A params structure problem (a class, so it cannot be mistaken for params that are an object). */
class Problem {
	problem;
	constructor(problem) {
		this.problem = problem;
	}
}
/** A call that failed: its error, and whether it failed before any handler ran (`early`). */
class Failure {
	error;
	early;
	constructor(error, early) {
		this.error = error;
		this.early = early;
	}
}
function isThenable(value) {
	return (typeof value === "object" || typeof value === "function") && value !== null && typeof value.then === "function";
}
/** Any object with an integer `code` and a string `message` is a JSON-RPC error to send as is. */
function asWireError(e) {
	if (typeof e !== "object" || e === null) return undefined;
	const { code, message } = e;
	if (typeof code !== "number" || !Number.isInteger(code) || typeof message !== "string") return undefined;
	const data = e.data;
	return data === undefined ? {
		code,
		message
	} : {
		code,
		message,
		data
	};
}
/** `0x` + 16 random bytes in hex, leading zeros trimmed (go-ethereum's subscription ids). */
export function newSubscriptionId() {
	const bytes = new Uint8Array(16);
	globalThis.crypto.getRandomValues(bytes);
	let hex = "";
	for (const b of bytes) hex += b.toString(16).padStart(2, "0");
	hex = hex.replace(/^0+/, "");
	return `0x${hex || "0"}`;
}
function errorInfo(e, needles) {
	if (e instanceof Error) {
		const info = {
			name: e.name,
			message: e.message,
			...e.stack !== undefined ? { stack: e.stack } : {}
		};
		return scrub(info, needles);
	}
	let text;
	try {
		text = typeof e === "string" ? e : JSON.stringify(e) ?? String(e);
	} catch {
		text = String(e);
	}
	return scrub({
		name: typeof e,
		message: text
	}, needles);
}
export class Engine {
	options;
	services;
	constructor(services, options) {
		this.options = options;
		this.services = shareEndpoints(services).map((def) => buildService(def, options));
	}
	log(entry) {
		const logger = this.options.logger;
		if (!logger) return;
		try {
			logger(entry);
		} catch {}
	}
	/** The reply to a body of this site's flavor, as it goes on the wire (`null`: nothing to send). */
	async reply(site, text) {
		switch (site.service.flavor) {
			case "standard": return this.standardBody(site, text);
			case "geth": return this.gethBody(site, text);
			case "gorilla": return (await this.gorillaBody(site, text)).body;
		}
	}
	/** A subscription notification in this site's flavor. */
	notification(flavor, method, subscription, resultJson) {
		const text = `{"jsonrpc":"2.0","method":${JSON.stringify(method)},"params":{"subscription":${JSON.stringify(subscription)},"result":${resultJson}}}`;
		return flavor === "standard" ? text : `${goEscape(text)}\n`;
	}
	// ---------------------------------------------------------------------------------------------------
	// Standard JSON-RPC 2.0
	// ---------------------------------------------------------------------------------------------------
	/** A standard-mode body's reply; synchronous when every handler it runs answers synchronously. */
	standardBody(site, text) {
		const max = this.options.maxDepth;
		let body;
		try {
			body = JSON.parse(text);
		} catch {
			// JSON.parse's message quotes the body, which may hold a secret: say only what is wrong.
			return stdError("null", {
				code: -32700,
				message: "Parse error: the body is not valid JSON"
			});
		}
		if (valueDepthExceeds(body, max)) return stdError("null", {
			code: -32600,
			message: `Invalid Request: JSON nested deeper than ${max} levels`
		});
		const ids = {
			text,
			start: -1,
			caseInsensitive: false,
			raw: undefined,
			cursor: 0
		};
		if (!Array.isArray(body)) return this.standardOne(site, body, ids, 0);
		if (body.length === 0) return stdError("null", {
			code: -32600,
			message: "Invalid Request: empty batch"
		});
		const limit = site.service.batchLimit;
		if (body.length > limit) {
			return stdError("null", {
				code: -32600,
				message: `Invalid Request: a batch of ${body.length} requests is over the limit of ${limit}`
			});
		}
		return this.standardBatch(site, body, ids);
	}
	/**
	* Batch items run one after the other, in order, in one loop; an item that answers synchronously costs no
	* promise and no tick. From the first item that answers later on, the rest wait their turn.
	*/
	standardBatch(site, body, ids) {
		const replies = [];
		for (let i = 0; i < body.length; i++) {
			const r = this.standardOne(site, body[i], ids, i);
			if (typeof r === "string") replies.push(r);
			else if (r !== null) return this.standardRest(site, body, ids, i, r, replies);
		}
		return batchReply(replies);
	}
	async standardRest(site, body, ids, at, pending, replies) {
		const first = await pending;
		if (first !== null) replies.push(first);
		for (let j = at + 1; j < body.length; j++) {
			const next = await this.standardOne(site, body[j], ids, j);
			if (next !== null) replies.push(next);
		}
		return batchReply(replies);
	}
	standardOne(site, msg, ids, index) {
		if (!isRecord(msg)) return stdError("null", {
			code: -32600,
			message: "Invalid Request: expected a request object"
		});
		const hasId = hasOwn(msg, "id");
		let idJson = "null";
		if (hasId) {
			const id = msg.id;
			if (id !== null && typeof id !== "string" && typeof id !== "number") {
				return stdError("null", {
					code: -32600,
					message: "Invalid Request: id must be a string, a number or null"
				});
			}
			idJson = idText(id, ids, index);
		}
		if (msg.jsonrpc !== "2.0") return stdError(idJson, {
			code: -32600,
			message: "Invalid Request: jsonrpc must be \"2.0\""
		});
		const method = msg.method;
		if (typeof method !== "string" || method === "") return stdError(idJson, {
			code: -32600,
			message: "Invalid Request: method must be a non-empty string"
		});
		const params = msg.params;
		if (params !== undefined && params !== null && typeof params !== "object") {
			return stdError(idJson, {
				code: -32600,
				message: "Invalid Request: params must be an object or an array"
			});
		}
		const outcome = this.dispatch(site, method, params);
		if (typeof outcome === "string") return hasId ? `{"jsonrpc":"2.0","id":${idJson},"result":${outcome}}` : null;
		if (outcome instanceof Failure) return hasId ? stdError(idJson, outcome.error) : null;
		return outcome.then((o) => !hasId ? null : typeof o === "string" ? `{"jsonrpc":"2.0","id":${idJson},"result":${o}}` : stdError(idJson, o.error));
	}
	// ---------------------------------------------------------------------------------------------------
	// go-ethereum
	// ---------------------------------------------------------------------------------------------------
	async gethBody(site, text) {
		const parsed = goParse(text, this.options.maxDepth);
		if (!parsed.ok) return parsed.eof ? null : `${stdError("null", {
			code: -32700,
			message: "parse error"
		})}\n`;
		const body = parsed.value;
		const ids = {
			text,
			start: parsed.start,
			caseInsensitive: true,
			raw: undefined
		};
		let out;
		if (!Array.isArray(body)) out = await this.gethOne(site, body, ids, 0);
		else if (body.length === 0) out = stdError("null", {
			code: -32600,
			message: "empty batch"
		});
		else if (body.length > site.service.batchLimit) {
			let first = "null";
			for (let i = 0; i < body.length; i++) {
				const m = gethMessage(body[i]);
				if (m && m.version === "2.0" && gethValidId(m) && m.method !== "") {
					first = idText(m.id, ids, i);
					break;
				}
			}
			out = `[${stdError(first, {
				code: -32600,
				message: "batch too large"
			})}]`;
		} else {
			const replies = [];
			for (let i = 0; i < body.length; i++) {
				const r = await this.gethOne(site, body[i], ids, i);
				if (r !== null) replies.push(r);
			}
			out = replies.length === 0 ? null : `[${replies.join(",")}]`;
		}
		return out === null ? null : `${goEscape(out)}\n`;
	}
	async gethOne(site, value, ids, index) {
		const m = gethMessage(value);
		if (m === undefined) return stdError("null", {
			code: -32600,
			message: "invalid request"
		});
		if (m.isResponse) return null;
		const validId = gethValidId(m);
		const idJson = validId ? idText(m.id, ids, index) : "null";
		if (m.version === "2.0" && m.method !== "") {
			if (!m.hasId) {
				await this.dispatch(site, m.method, m.params);
				return null;
			}
			if (validId) {
				const outcome = await this.dispatch(site, m.method, m.params);
				return typeof outcome === "string" ? `{"jsonrpc":"2.0","id":${idJson},"result":${outcome}}` : stdError(idJson, outcome.error);
			}
		}
		return stdError(idJson, {
			code: -32600,
			message: "invalid request"
		});
	}
	// ---------------------------------------------------------------------------------------------------
	// gorilla/rpc json2 (the node's Info, P-Chain, native and admin endpoints)
	// ---------------------------------------------------------------------------------------------------
	async gorillaBody(site, text) {
		const svc = site.service;
		const parsed = goParse(text, this.options.maxDepth);
		if (!parsed.ok) {
			return {
				body: this.gorillaOut(gorillaError("null", {
					code: -32700,
					message: parsed.message
				}, "{\"jsonrpc\":\"\",\"method\":\"\",\"params\":null,\"id\":null}")),
				ran: false
			};
		}
		const req = goServerRequest(parsed.value);
		const ids = {
			text,
			start: parsed.start,
			caseInsensitive: true,
			raw: undefined
		};
		const idJson = req.id === undefined ? "null" : idText(req.id, ids, 0);
		if (req.error !== undefined || req.version !== "2.0") {
			const meta = svc.methods.get(req.method)?.meta;
			const masked = maskParams(req.params, meta?.secrets ?? svc.secretNames, meta?.params ?? []);
			const data = `{"jsonrpc":${JSON.stringify(req.version)},"method":${JSON.stringify(req.method)},"params":${req.params === undefined ? "null" : JSON.stringify(masked)},"id":${idJson}}`;
			// Parse errors are always answered; any other error only when the request has an id.
			if (req.error !== undefined) return {
				body: this.gorillaOut(gorillaError(idJson, {
					code: -32700,
					message: req.error
				}, data)),
				ran: false
			};
			if (req.id === undefined) return {
				body: null,
				ran: false
			};
			return {
				body: this.gorillaOut(gorillaError(idJson, {
					code: -32600,
					message: "jsonrpc must be 2.0"
				}, data)),
				ran: false
			};
		}
		let outcome;
		if (req.method === "rpc.discover" && svc.discover) outcome = this.discover(svc);
		else {
			const entry = this.gorillaLookup(svc, req.method);
			outcome = "error" in entry ? new Failure(entry.error, true) : await this.call(site, entry.meta.name, entry, req.params);
		}
		const ran = typeof outcome === "string" || !outcome.early;
		if (req.id === undefined) return {
			body: null,
			ran
		};
		if (typeof outcome !== "string") return {
			body: this.gorillaOut(gorillaError(idJson, outcome.error)),
			ran
		};
		const result = outcome === "null" ? "" : `"result":${outcome},`;
		return {
			body: this.gorillaOut(`{"jsonrpc":"2.0",${result}"id":${idJson}}`),
			ran
		};
	}
	gorillaOut(text) {
		return `${goEscape(text)}\n`;
	}
	gorillaLookup(svc, method) {
		const g = gorillaName(method);
		if ("refused" in g) return { error: {
			code: -32e3,
			message: g.refused,
			data: null
		} };
		const name = g.name;
		const parts = name.split(".");
		const q = goQuote(name);
		if (parts.length !== 2) return { error: {
			code: -32e3,
			message: `rpc: service/method request ill-formed: ${q}`,
			data: null
		} };
		if (!svc.namespaces.has(parts[0])) return { error: {
			code: -32e3,
			message: `rpc: can't find service ${q}`,
			data: null
		} };
		const entry = svc.gorilla.get(name);
		if (!entry || entry.off !== undefined || !entry.implemented) return { error: {
			code: -32e3,
			message: `rpc: can't find method ${q}`,
			data: null
		} };
		return entry;
	}
	// ---------------------------------------------------------------------------------------------------
	// Calls
	// ---------------------------------------------------------------------------------------------------
	discover(svc) {
		return JSON.stringify(svc.def.document ?? null) ?? "null";
	}
	dispatch(site, method, params) {
		const svc = site.service;
		const entry = lookup(svc, method);
		if (entry === undefined) {
			if (method === "rpc.discover" && svc.discover) return this.discover(svc);
			return new Failure(svc.texts.notFound(method, undefined), true);
		}
		return this.call(site, method, entry, params);
	}
	/** Runs one call; logs it when a logger is set. */
	call(site, method, entry, params) {
		if (!this.options.logger) return this.run(site, method, entry, params);
		return this.logged(site, method, entry, params);
	}
	async logged(site, method, entry, params) {
		const started = performance.now();
		const outcome = await this.run(site, method, entry, params);
		this.log({
			level: "debug",
			event: "call",
			message: typeof outcome === "string" ? `${method} ok` : `${method} failed with ${outcome.error.code}`,
			service: site.service.def.name,
			method,
			transport: site.transport,
			params: maskParams(params, entry.meta.secrets, entry.meta.params),
			durationMs: Math.round((performance.now() - started) * 1e3) / 1e3,
			...typeof outcome === "string" ? {} : { code: outcome.error.code }
		});
		return outcome;
	}
	run(site, method, entry, rawParams) {
		const svc = site.service;
		const t = svc.texts;
		const meta = entry.meta;
		if (entry.off !== undefined || !entry.implemented) {
			return new Failure(t.notFound(method, entry.off ?? "has no handler on this server"), true);
		}
		if (site.transport === "http" && (entry.role === "subscribe" || meta.wsOnly === true && !(entry.role === "unsubscribe" && svc.flavor !== "standard"))) {
			return new Failure(t.needsWebSocket(method), true);
		}
		const shaped = this.shape(svc.flavor, entry, rawParams);
		if (shaped instanceof Problem) return new Failure(t.structure(method, shaped.problem), true);
		const params = shaped;
		const needles = meta.secrets && meta.secrets.length > 0 ? secretValues(params, meta.secrets, meta.params) : NO_NEEDLES;
		if (entry.role === "subscribe") return this.subscribe(site, method, entry, params, needles);
		const issues = meta.validateParams(params);
		if (issues) return new Failure(scrub(t.invalid(method, paramIssues(issues, meta.params, Array.isArray(params)), entry.positional), needles), true);
		if (entry.role === "unsubscribe") {
			const id = params[0];
			const removed = typeof id === "string" && site.host !== undefined && site.host.remove(id);
			if (removed) return "true";
			const error = t.subscriptionNotFound();
			return error ? new Failure(error, false) : "false";
		}
		const ctx = {
			service: meta.service,
			method,
			transport: site.transport,
			path: site.path,
			variables: site.variables,
			headers: site.headers,
			signal: site.signal
		};
		let result;
		try {
			if (entry.fn) {
				let decoded;
				try {
					decoded = meta.decodeParams ? decode(meta.decodeParams, params) : params;
				} catch (e) {
					if (e instanceof CodecError) return new Failure(scrub(t.codec(method, e, entry.positional), needles), true);
					throw e;
				}
				result = entry.fn.call(entry.target, decoded, ctx);
			} else {
				result = this.options.rawHandler(meta, params, ctx);
			}
		} catch (e) {
			return new Failure(this.thrown(site, method, e, needles), false);
		}
		if (isThenable(result)) {
			return Promise.resolve(result).then((value) => this.answer(site, method, entry, value, needles), (e) => new Failure(this.thrown(site, method, e, needles), false));
		}
		return this.answer(site, method, entry, result, needles);
	}
	/**
	* A handler's value → the reply's result JSON: a typed handler's value encoded to the wire form and
	* stringified in one walk (see serialize.ts), a raw handler's as it is; checked against the result schema
	* first when results are validated.
	*/
	answer(site, method, entry, value, needles) {
		const text = entry.fn === undefined && value instanceof JsonText ? value : undefined;
		if (this.options.validateResults) {
			let result = text !== undefined ? text.value : value;
			try {
				if (entry.fn && entry.meta.encodeResult) result = encode(entry.meta.encodeResult, result);
			} catch (e) {
				return new Failure(this.thrown(site, method, e, needles), false);
			}
			return this.checked(site, method, entry, result, text, needles);
		}
		if (text !== undefined) return text.text;
		let json;
		try {
			json = (entry.serializer ??= entry.fn ? compileSerializer(entry.meta.encodeResult, entry.meta.serializeResult) : compileSerializer(undefined))(value);
		} catch (e) {
			return new Failure(this.thrown(site, method, e, needles), false);
		}
		return json ?? "null";
	}
	async checked(site, method, entry, result, text, needles) {
		const issues = await this.checkResult(entry, result);
		if (issues) {
			this.log({
				level: "error",
				event: "result-invalid",
				message: `${method} returned a result that does not match its schema`,
				service: site.service.def.name,
				method,
				transport: site.transport
			});
			return new Failure(site.service.texts.resultInvalid(method, issues), false);
		}
		if (text !== undefined) return text.text;
		return this.stringified(site, method, result, needles);
	}
	stringified(site, method, result, needles) {
		let json;
		try {
			json = JSON.stringify(result);
		} catch (e) {
			return new Failure(this.thrown(site, method, e, needles), false);
		}
		return json ?? "null";
	}
	/** A thrown JSON-RPC error passes through (secrets scrubbed); anything else is logged and hidden. */
	thrown(site, method, e, needles) {
		const flavor = site.service.flavor;
		const wire = asWireError(e);
		if (wire) {
			const clean = scrub(wire, needles);
			return flavor === "gorilla" && clean.data === undefined ? {
				...clean,
				data: null
			} : clean;
		}
		this.log({
			level: "error",
			event: "handler-failed",
			message: `${method} failed: the client got an internal error`,
			service: site.service.def.name,
			method,
			transport: site.transport,
			error: errorInfo(e, needles)
		});
		return site.service.texts.internal();
	}
	async checkResult(entry, result) {
		if (entry.resultValidator === undefined) {
			const load = entry.meta.validateResult;
			entry.resultValidator = load ? (await load()).validate : null;
		}
		return entry.resultValidator ? entry.resultValidator(result) : null;
	}
	/**
	* Params in the structure the validator and handler expect: an object (by name) or an array (by
	* position), or the problem with what was sent. What each flavor accepts:
	* - standard: omitted/`null` → empty; by name also `[]` and `[{...}]`; by position also `{}`;
	* - geth: by position only arrays (or omitted/`null`): an object is `non-array args`;
	* - gorilla: an object, or an array whose first element is the object (Go's fallback), extra ignored.
	*/
	shape(flavor, entry, params) {
		const meta = entry.meta;
		if (flavor === "gorilla" && !entry.positional) {
			if (params === undefined || params === null) return {};
			if (isRecord(params)) return params;
			if (Array.isArray(params)) {
				if (params.length === 0 || params[0] === null) return {};
				if (isRecord(params[0])) return params[0];
			}
			return new Problem({ kind: "not-object" });
		}
		if (entry.positional) {
			let list;
			if (params === undefined || params === null) list = [];
			else if (Array.isArray(params)) list = params;
			else if (meta.structure === "either" && isRecord(params)) list = byPosition(meta.params, params);
			else if (flavor === "standard" && isRecord(params) && Object.keys(params).length === 0) list = [];
			else return new Problem({ kind: "not-array" });
			if (entry.role === "subscribe") return list;
			if (list.length > meta.params.length) return new Problem({
				kind: "too-many",
				max: meta.params.length,
				got: list.length
			});
			for (let i = list.length; i < entry.required.length; i++) {
				if (entry.required[i]) return new Problem({
					kind: "missing",
					index: i,
					name: meta.params[i]
				});
			}
			return list;
		}
		if (params === undefined || params === null) return {};
		if (isRecord(params)) return params;
		if (Array.isArray(params)) {
			if (params.length === 0) return {};
			if (params.length === 1 && isRecord(params[0])) return params[0];
		}
		return new Problem({ kind: "not-object" });
	}
	// ---------------------------------------------------------------------------------------------------
	// Subscriptions
	// ---------------------------------------------------------------------------------------------------
	async subscribe(site, method, entry, params, needles) {
		const t = site.service.texts;
		const meta = entry.meta;
		const kind = params[0];
		if (typeof kind !== "string") return new Failure(t.kindMissing(method), true);
		const k = entry.kinds?.get(kind);
		if (!k || k.off !== undefined) {
			const on = [...entry.kinds ?? new Map()].filter(([, v]) => v.off === undefined).map(([name]) => name);
			return new Failure(t.unknownKind(method, kind, on), true);
		}
		const issues = meta.validateParams(params);
		if (issues) return new Failure(scrub(t.invalid(method, paramIssues(issues, meta.params, true), true), needles), true);
		const host = site.host;
		if (!host) return new Failure(t.needsWebSocket(method), true);
		// Its own signal: the connection ends every subscription it carries when it closes (no listener on the
		// connection's signal, which would pile up over many subscribe/unsubscribe cycles).
		const controller = new AbortController();
		if (site.signal?.aborted) controller.abort();
		const ctx = {
			service: site.service.def.name,
			method,
			transport: site.transport,
			path: site.path,
			variables: site.variables,
			headers: site.headers,
			signal: controller.signal
		};
		let iterable;
		try {
			if (entry.fn) {
				const args = params.slice(1);
				let decoded;
				try {
					decoded = k.decodeParams ? decode(k.decodeParams, args) : args;
				} catch (e) {
					if (e instanceof CodecError) {
						// Report the path as the full params array has it (the kind is param 0).
						const shifted = new CodecError(e.path.replace(/^\/(\d+)/, (_, n) => `/${Number(n) + 1}`), e.expected, e.value);
						return new Failure(scrub(t.codec(method, shifted, true), needles), true);
					}
					throw e;
				}
				iterable = entry.fn.call(entry.target, {
					kind,
					params: decoded
				}, ctx);
			} else {
				iterable = this.options.rawHandler(meta, params, ctx);
			}
			if (isThenable(iterable)) iterable = await iterable;
			if (typeof iterable?.[Symbol.asyncIterator] !== "function") {
				throw new TypeError(`the ${method} handler did not return an AsyncIterable for ${JSON.stringify(kind)}`);
			}
		} catch (e) {
			controller.abort();
			return new Failure(this.thrown(site, method, e, needles), false);
		}
		const iterator = iterable[Symbol.asyncIterator]();
		const id = newSubscriptionId();
		host.add({
			id,
			service: site.service.def.name,
			method,
			notification: meta.subscriptions.notification,
			iterator,
			encodeResult: k.encodeResult,
			typed: entry.fn !== undefined,
			controller
		});
		return JSON.stringify(id);
	}
}
/**
* A method's entry. The name comes fresh from JSON.parse, which does not intern strings of that length, so
* a Map lookup hashes all of it on every call; comparing it with the name looked up last is a plain
* comparison of characters (the calls of a batch mostly name the same method).
*/
function lookup(svc, method) {
	const last = svc.last;
	if (last !== undefined && last.name === method) return last.entry;
	const entry = svc.methods.get(method);
	if (entry !== undefined) svc.last = {
		name: method,
		entry
	};
	return entry;
}
/**
* A batch's replies as one JSON array, `null` when there are none. Joined rather than added up: the text
* comes out in one piece, which node:http then measures (Content-Length) with one fast pass instead of
* walking a string made of thousands of pieces.
*/
function batchReply(replies) {
	const n = replies.length;
	if (n === 0) return null;
	replies[0] = `[${replies[0]}`;
	replies[n - 1] = `${replies[n - 1]}]`;
	return replies.join(",");
}
/**
* Params given by name to a method that takes them either way, in declaration order: handlers and codecs of
* such a method work on the positional form. A name left out holds its place with `null` (trailing ones are
* dropped); names the method does not declare are ignored, as they are by name.
*/
function byPosition(names, params) {
	const list = names.map((n) => Object.prototype.hasOwnProperty.call(params, n) ? params[n] : undefined);
	while (list.length > 0 && list[list.length - 1] === undefined) list.pop();
	return list.map((v) => v === undefined ? null : v);
}
