import { createHttpTransport } from "../transports/http.js";
import { withMiddleware } from "../transports/middleware.js";
import { withRetry } from "../transports/retry.js";
const PLACEHOLDER = /\{([^{}]+)\}/g;
/**
* `endpointUrl('http://127.0.0.1:8545', '/chains/{chain}/rpc', { chain: 'main' })` →
* `http://127.0.0.1:8545/chains/main/rpc`. Values are URL-encoded; a variable the template does not have, or
* one it has and is not given, is an error. A path in the base URL is kept (`https://host/prefix`).
*/
export function endpointUrl(baseUrl, pathTemplate, variables = {}) {
	const names = new Set([...pathTemplate.matchAll(PLACEHOLDER)].map((m) => m[1]));
	const unknown = Object.keys(variables).filter((k) => !names.has(k));
	if (unknown.length > 0) {
		throw new TypeError(`endpoint ${pathTemplate} has no variable ${unknown.map((u) => JSON.stringify(u)).join(", ")}` + (names.size ? `; its variables: ${[...names].join(", ")}` : "; it takes none"));
	}
	const missing = [...names].filter((n) => variables[n] === undefined);
	if (missing.length > 0) throw new TypeError(`endpoint ${pathTemplate} needs a value for ${missing.map((m) => JSON.stringify(m)).join(", ")}`);
	for (const [k, v] of Object.entries(variables)) {
		if (typeof v !== "string" || v === "") throw new TypeError(`endpoint variable ${JSON.stringify(k)} must be a non-empty string, got ${JSON.stringify(v)}`);
	}
	const path = pathTemplate.replace(PLACEHOLDER, (_, name) => encodeURIComponent(variables[name]));
	let base;
	try {
		base = new URL(baseUrl);
	} catch {
		throw new TypeError(`not a URL: ${JSON.stringify(baseUrl)} (expected something like http://127.0.0.1:8545)`);
	}
	// An endpoint without a path (a document without `servers`, or a server at the root of its host) is the
	// base URL itself, called as it is given.
	if (pathTemplate === "") return baseUrl;
	const prefix = base.pathname.replace(/\/+$/, "");
	return `${base.protocol}//${base.host}${prefix}${path.startsWith("/") ? path : `/${path}`}${base.search}`;
}
/** `http://host` → `ws://host`, `https://host` → `wss://host`; ws and wss URLs are returned unchanged. */
export function toWebSocketUrl(httpBase) {
	const m = /^(https?|wss?):(.*)$/i.exec(httpBase);
	if (!m) throw new TypeError(`not an http(s) or ws(s) URL: ${JSON.stringify(httpBase)}`);
	const scheme = m[1].toLowerCase();
	return `${scheme === "http" ? "ws" : scheme === "https" ? "wss" : scheme}:${m[2]}`;
}
function pick(service, kind, server) {
	const all = service.endpoints.filter((e) => e.transport === kind);
	if (all.length === 0) {
		const offered = service.endpoints.map((e) => e.transport).join(", ") || "none";
		throw new TypeError(`the ${service.name} service has no ${kind === "http" ? "HTTP" : "WebSocket"} endpoint (it has: ${offered})`);
	}
	if (server === undefined) return all[0];
	const chosen = all.find((e) => e.name === server) ?? all.find((e) => (e.url ?? e.path) === server);
	if (chosen) return chosen;
	// A service with one endpoint of the kind has nothing to choose (the server may be another service's).
	if (all.length === 1) return all[0];
	throw new TypeError(`the ${service.name} service has no server ${JSON.stringify(server)}; its servers: ${all.map((e) => `${e.name} (${e.url ?? e.path})`).join(", ")}`);
}
/** `https://main.example/api` → `https://main.example`; `undefined` for a URL without a host (`/ext/info`). */
function originOf(url) {
	return url === undefined ? undefined : /^[a-z][a-z0-9+.-]*:\/\/[^/?#]+/i.exec(url)?.[0];
}
/**
* The endpoint's variables: its defaults, overridden by the given values. Given values are a scope (a
* client for chain `X` covers every service), so those the endpoint does not declare are left out.
*/
function variablesOf(endpoint, given) {
	const out = {};
	for (const [name, v] of Object.entries(endpoint.variables)) {
		const value = given && Object.prototype.hasOwnProperty.call(given, name) ? given[name] : undefined;
		out[name] = value ?? v.default;
	}
	return out;
}
/** The keep-alive of a service's WebSocket: pinging with the cheap read the spec names for it, if any. */
function keepAliveOf(option, service) {
	if (!option) return undefined;
	const probe = service.probe ? {
		method: service.probe.method,
		params: service.probe.params
	} : {};
	return {
		...probe,
		...option === true ? {} : option
	};
}
/** One transport per (endpoint URL, kind), created on first use. */
export class TransportPool {
	options;
	transports = new Map();
	middleware;
	bases;
	closed = false;
	/** The package's name, for errors that say what to import. */
	packageName;
	constructor(options, packageName = "the package") {
		const bases = options ? [...options.url === undefined ? [] : [options.url], ...options.urls ?? []] : [];
		if (!options || bases.some((b) => typeof b !== "string") || options.server !== undefined && typeof options.server !== "string") {
			throw new TypeError("a client needs `url` (or `urls`), the server's base URL (like http://127.0.0.1:8545)");
		}
		// The options of earlier releases: logging is now passed in (see `log`).
		if ("logger" in options) throw new TypeError(`logging loads only when asked for: import { createLogging } from '${packageName}/runtime' and pass log: createLogging({ logger, level })`);
		this.options = options;
		this.packageName = packageName;
		this.bases = bases;
		this.middleware = [...options.use ?? []];
	}
	/** Adds a middleware for every HTTP request from now on (transports already made included). */
	use(middleware) {
		if (typeof middleware !== "function") throw new TypeError(`use() takes a function (request, next) => response, got ${typeof middleware}`);
		this.middleware.push(middleware);
	}
	/** The URL of a service's endpoint of the given kind. */
	url(service, kind = "http", variables, base) {
		const endpoint = pick(service, kind, this.options.server);
		const values = variablesOf(endpoint, variables);
		// Without a base URL, the server's own (its host's variables filled in as its path's are).
		const own = originOf(endpoint.url)?.replace(PLACEHOLDER, (whole, name) => values[name] === undefined ? whole : encodeURIComponent(values[name]));
		const http = base ?? this.bases[0] ?? own;
		if (http === undefined) {
			throw new TypeError(`a client needs \`url\` (or \`urls\`), the server's base URL (like http://127.0.0.1:8545): the ${service.name} service's server gives none`);
		}
		const root = kind === "http" ? http : this.options.ws?.url ?? toWebSocketUrl(http);
		return endpointUrl(root, endpoint.path, values);
	}
	/** The HTTP transport of a service's endpoint (`variables`: e.g. `{ blockchainID: 'C' }`, defaults from the spec). */
	http(service, variables) {
		return this.get(service, "http", variables);
	}
	/** The WebSocket transport of a service's endpoint. */
	ws(service, variables) {
		return this.get(service, "websocket", variables);
	}
	get(service, kind, variables) {
		if (this.closed) throw new TypeError("this client is closed; create a new one");
		const url = this.url(service, kind, variables);
		const key = `${kind} ${url}`;
		let transport = this.transports.get(key);
		if (!transport) {
			const o = this.options;
			const limit = service.batchLimit ?? Infinity;
			const maxBatchSize = Math.min(o.maxBatchSize ?? 40, limit);
			transport = kind === "http" ? this.httpTransport(service, variables, maxBatchSize) : this.webSocket()({
				url,
				WebSocket: o.ws?.WebSocket,
				headers: o.ws?.headers,
				timeout: o.timeout,
				reconnect: o.ws?.reconnect,
				batch: service.batch,
				maxBatchSize,
				maxBuffered: o.ws?.maxBuffered,
				validate: o.validate,
				keepAlive: keepAliveOf(o.ws?.keepAlive, service)
			});
			this.transports.set(key, transport);
		}
		return transport;
	}
	/** The WebSocket transport the options pass in; without it, an error that says what to import. */
	webSocket() {
		const make = this.options.ws?.transport;
		if (typeof make === "function") return make;
		throw new TypeError(`subscriptions and WebSocket-only methods need the WebSocket transport, which loads only when asked for: import { createWebSocketTransport } from '${this.packageName}/runtime' and pass ws: { transport: createWebSocketTransport }`);
	}
	/**
	* The layers of a service's HTTP transport, inside out: one transport per node (its fetch running the
	* middleware, its attempts logged), fallback over the nodes when there are several, retries on top.
	*/
	httpTransport(service, variables, maxBatchSize) {
		const o = this.options;
		const log = o.log;
		const nodes = (this.bases.length ? this.bases : [undefined]).map((base) => {
			const t = createHttpTransport({
				url: this.url(service, "http", variables, base),
				headers: o.headers,
				fetch: withMiddleware(this.middleware, o.fetch),
				timeout: o.timeout,
				batch: service.batch,
				maxBatchSize,
				autoBatch: o.autoBatch,
				validate: o.validate
			});
			return log ? log.wrap(t) : t;
		});
		let transport = nodes[0];
		if (nodes.length > 1) {
			const { rank, transport: make, ...rest } = o.fallback ?? {};
			if (typeof make !== "function") {
				throw new TypeError(`several nodes need the fallback transport, which loads only when asked for: import { createFallbackTransport } from '${this.packageName}/runtime' and pass fallback: { transport: createFallbackTransport }`);
			}
			const probe = service.probe ? {
				method: service.probe.method,
				params: service.probe.params,
				effects: "read"
			} : undefined;
			transport = make(nodes, {
				...rest,
				...rank ? { rank: {
					...rank === true ? {} : rank,
					probe
				} } : {}
			});
		}
		if (o.retry === false || o.retryCount === 0) return transport;
		const retry = o.retry ?? {};
		const logRetry = log?.onRetry;
		return withRetry(transport, {
			...retry,
			retryCount: o.retryCount ?? retry.retryCount,
			retryDelay: o.retryDelay ?? retry.retryDelay,
			onRetry: logRetry || retry.onRetry ? (e) => {
				retry.onRetry?.(e);
				logRetry?.(e);
			} : undefined
		});
	}
	/** Closes every transport created so far (ends their subscriptions, rejects their calls in flight). */
	async close() {
		this.closed = true;
		const all = [...this.transports.values()];
		this.transports.clear();
		await Promise.all(all.map((t) => t.close()));
	}
}
