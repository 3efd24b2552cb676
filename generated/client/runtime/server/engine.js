/**
* The transport-independent core: a request body (text) in, the reply body (text, or nothing) out, for each
* flavor of JSON-RPC the server speaks (standard-body.ts, geth-body.ts, gorilla-body.ts). HTTP and WebSocket
* adapters sit on top of it.
*
* Per call (here): look the method up, check it is on and reachable over this transport, normalise the
* params' structure (params-shape.ts), validate (wire form), then either decode → typed handler → encode, or
* hand the wire params to the raw handler; optionally validate the result; serialise. Subscriptions are
* started in subscribe.ts.
*/
import { CodecError, decode, encode } from "../client/codec.js";
import { gethBody } from "./geth-body.js";
import { gorillaBody } from "./gorilla-body.js";
import { goEscape } from "./json.js";
import { asWireError, errorInfo, Failure, isThenable, NO_NEEDLES } from "./outcome.js";
import { Problem, shapeParams } from "./params-shape.js";
import { maskParams, scrub, secretValues } from "./redact.js";
import { compileSerializer, JsonText } from "./serialize.js";
import { standardBody } from "./standard-body.js";
import { subscribe } from "./subscribe.js";
import { buildService, shareEndpoints } from "./tables.js";
import { paramIssues } from "./texts.js";
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
	/** A standard-mode body's reply; synchronous when every handler it runs answers synchronously. */
	standardBody(site, text) {
		return standardBody(this, site, text);
	}
	gethBody(site, text) {
		return gethBody(this, site, text);
	}
	gorillaBody(site, text) {
		return gorillaBody(this, site, text);
	}
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
		const shaped = shapeParams(svc.flavor, entry, rawParams);
		if (shaped instanceof Problem) return new Failure(t.structure(method, shaped.problem), true);
		const params = shaped;
		const needles = meta.secrets && meta.secrets.length > 0 ? secretValues(params, meta.secrets, meta.params) : NO_NEEDLES;
		if (entry.role === "subscribe") return subscribe(this, site, method, entry, params, needles);
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
