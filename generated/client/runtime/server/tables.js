import { setOwn } from "../guards.js";
import { gorillaName, TEXTS } from "./texts.js";
function resolveCors(cors) {
	if (cors === undefined || cors === false) return undefined;
	const o = cors === true ? {} : cors;
	const origin = o.origin ?? "*";
	return {
		// A single allowed origin makes the reply depend on the request's Origin: caches must know.
		replyHeaders: origin === "*" ? { "access-control-allow-origin": "*" } : {
			"access-control-allow-origin": origin,
			vary: "Origin"
		},
		allowHeaders: o.allowHeaders?.join(", "),
		maxAgeSeconds: o.maxAgeSeconds ?? 600
	};
}
export function resolveOptions(options) {
	const limits = options.limits ?? {};
	const cors = resolveCors(options.cors);
	const mode = options.mode ?? "standard";
	return {
		mode,
		profile: options.profile ?? "full",
		enable: options.enable ?? [],
		removedOff: mode === "node" && options.serveRemoved !== true,
		maxBodyBytes: limits.maxBodyBytes ?? 1024 * 1024,
		maxBatch: limits.maxBatch,
		maxDepth: limits.maxDepth ?? 64,
		maxSendQueueBytes: limits.maxSendQueueBytes ?? 8 * 1024 * 1024,
		pingIntervalMs: limits.pingIntervalMs ?? 3e4,
		validateResults: options.validateResults ?? false,
		logger: options.logger,
		discover: options.discover ?? mode === "standard",
		headers: cors ? {
			...options.headers,
			...cors.replyHeaders
		} : options.headers,
		cors,
		rawHandler: options.rawHandler,
		handlers: options.handlers
	};
}
/**
* Why a method (or subscription kind) is off under these options; `undefined` when it is on. A method
* removed in an earlier release is off, when `removedOff`, whatever is enabled: no switch of today's node
* serves it.
*/
export function offReason(a, profile, enable, removedOff = false) {
	if (!a) return undefined;
	if (removedOff && a.removedIn !== undefined) return `was removed from the node in ${a.removedIn}`;
	if (profile === "public" && a.publicNode === false) return "is not served on a public node";
	if (enable === "all") return undefined;
	if (a.served === false) return "is not served by this node";
	if (a.enabledByDefault === false && !(a.enableWith !== undefined && enable.includes(a.enableWith))) {
		return a.enableWith !== undefined ? `is off on this server (turn it on with ${JSON.stringify(a.enableWith)})` : "is off on this server";
	}
	return undefined;
}
function lookupHandler(handlers, service, meta) {
	const services = handlers;
	const target = services?.[service]?.[meta.namespace];
	if (target === undefined || target === null) return {
		target: undefined,
		fn: undefined
	};
	const fn = target[meta.member];
	// A spec method named like an Object.prototype member must not pick that up.
	if (typeof fn !== "function" || fn === Object.prototype[meta.member]) return {
		target: undefined,
		fn: undefined
	};
	return {
		target,
		fn
	};
}
function requiredFlags(meta) {
	return meta.params.map((name) => meta.required.includes(name));
}
/** A stand-in meta for an unsubscribe method the service does not list itself. */
function unsubscribeMeta(subscribe, name) {
	const cut = name.search(/[._]/);
	return {
		name,
		service: subscribe.service,
		structure: "by-position",
		params: ["subscriptionId"],
		required: ["subscriptionId"],
		namespace: cut > 0 ? name.slice(0, cut) : subscribe.namespace,
		member: cut > 0 ? name.slice(cut + 1) : name,
		validateParams: (value) => Array.isArray(value) && typeof value[0] === "string" ? null : [{
			path: "/0",
			message: "must be string",
			keyword: "type",
			params: { type: "string" }
		}],
		availability: subscribe.availability,
		wsOnly: true,
		errors: []
	};
}
export function buildService(def, opts) {
	const flavor = opts.mode === "standard" || def.dialect === "standard" ? "standard" : def.dialect === "geth" ? "geth" : "gorilla";
	const metas = new Map(Object.entries(def.methods));
	const unsubscribes = new Set();
	for (const meta of [...metas.values()]) {
		const name = meta.subscriptions?.unsubscribe;
		if (name === undefined) continue;
		unsubscribes.add(name);
		if (!metas.has(name)) metas.set(name, unsubscribeMeta(meta, name));
	}
	const methods = new Map();
	const gorilla = new Map();
	const namespaces = new Set();
	const secretNames = new Set();
	for (const [name, meta] of metas) {
		const role = meta.subscriptions ? "subscribe" : unsubscribes.has(name) ? "unsubscribe" : "call";
		const { target, fn } = role === "unsubscribe" ? {
			target: undefined,
			fn: undefined
		} : lookupHandler(opts.handlers, meta.service, meta);
		let kinds;
		if (meta.subscriptions) {
			kinds = new Map();
			for (const [kind, k] of Object.entries(meta.subscriptions.kinds)) {
				kinds.set(kind, {
					decodeParams: k.decodeParams,
					encodeResult: k.encodeResult,
					off: offReason(k.availability, opts.profile, opts.enable, opts.removedOff)
				});
			}
		}
		const entry = {
			meta,
			role,
			off: offReason(meta.availability, opts.profile, opts.enable, opts.removedOff),
			target,
			fn,
			implemented: role === "unsubscribe" || fn !== undefined || opts.rawHandler !== undefined,
			// `either` is served in its positional form (an object is mapped onto the declared order), as the
			// generated handlers and codecs of such a method take it.
			positional: meta.structure !== "by-name",
			required: requiredFlags(meta),
			kinds,
			resultValidator: undefined,
			serializer: undefined
		};
		methods.set(name, entry);
		const dot = name.indexOf(".");
		if (dot > 0) namespaces.add(name.slice(0, dot));
		const g = gorillaName(name);
		if ("name" in g) gorilla.set(g.name, entry);
		for (const s of meta.secrets ?? []) secretNames.add(s);
	}
	const batchLimit = opts.maxBatch ?? (opts.mode === "standard" ? 40 : (opts.profile === "public" ? def.publicNodeBatchLimit : undefined) ?? def.batchLimit ?? 1e3);
	return {
		def,
		flavor,
		texts: TEXTS[flavor],
		methods,
		gorilla,
		namespaces,
		batchLimit,
		discover: opts.discover,
		secretNames: [...secretNames],
		last: undefined
	};
}
/**
* Services with the same endpoints (several documents of one API, such as those without `servers`, all
* served at the base URL) become one service of the server: a request at that path may call a method of any
* of them, also within one batch. `rpc.discover` answers every method of the group. Services that share only
* some of their endpoints, or that disagree on how their endpoint behaves, cannot be told apart: an error.
*/
export function shareEndpoints(defs) {
	// Several servers at one path (a main and a test network) are one endpoint here: the path is served once.
	const key = (d) => JSON.stringify([...new Set(d.endpoints.map((e) => `${e.transport} ${e.path || "/"}`))].sort());
	const groups = new Map();
	for (const d of defs) groups.set(key(d), [...groups.get(key(d)) ?? [], d]);
	const owners = new Map();
	for (const group of groups.values()) {
		for (const at of new Set(group[0].endpoints.map((e) => `${e.transport} ${e.path || "/"}`))) {
			const other = owners.get(at);
			if (other !== undefined) throw new TypeError(`the services ${other} and ${group[0].name} both serve ${at} but not the same endpoints: a request there cannot be routed`);
			owners.set(at, group[0].name);
		}
	}
	return [...groups.values()].map((group) => {
		const [first, ...rest] = group;
		if (rest.length === 0) return first;
		for (const d of rest) {
			if (d.dialect !== first.dialect || d.batch !== first.batch || d.batchLimit !== first.batchLimit || d.publicNodeBatchLimit !== first.publicNodeBatchLimit) throw new TypeError(`the services ${first.name} and ${d.name} share their endpoints but not their JSON-RPC conventions (dialect, batches)`);
		}
		// A Map, then own properties (Object.fromEntries): a method may be called `__proto__`.
		const byName = new Map();
		for (const d of group) for (const [name, meta] of Object.entries(d.methods)) if (!byName.has(name)) byName.set(name, meta);
		const methods = Object.fromEntries(byName);
		return {
			...first,
			name: group.map((d) => d.name).join("+"),
			methods,
			document: mergedDocument(group.map((d) => d.document))
		};
	});
}
/** One OpenRPC document of several: the first's info, every method, every component (the first of a name wins). */
function mergedDocument(documents) {
	const objects = documents.filter((d) => typeof d === "object" && d !== null);
	if (objects.length === 0) return documents[0];
	const methods = objects.flatMap((d) => Array.isArray(d.methods) ? d.methods : []);
	const components = {};
	for (const d of objects) {
		const c = d.components;
		if (typeof c !== "object" || c === null) continue;
		for (const [kind, entries] of Object.entries(c)) {
			if (typeof entries !== "object" || entries === null) continue;
			const into = components[kind] ??= {};
			for (const [name, value] of Object.entries(entries)) if (!Object.hasOwn(into, name)) setOwn(into, name, value);
		}
	}
	return {
		...objects[0],
		methods,
		components
	};
}
