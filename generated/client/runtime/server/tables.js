import { gorillaName, TEXTS } from "./texts.js";
export function resolveOptions(options) {
	const limits = options.limits ?? {};
	const mode = options.mode ?? "standard";
	return {
		mode,
		profile: options.profile ?? "full",
		enable: options.enable ?? [],
		maxBodyBytes: limits.maxBodyBytes ?? 1024 * 1024,
		maxBatch: limits.maxBatch,
		maxDepth: limits.maxDepth ?? 64,
		maxSendQueueBytes: limits.maxSendQueueBytes ?? 8 * 1024 * 1024,
		pingIntervalMs: limits.pingIntervalMs ?? 3e4,
		validateResults: options.validateResults ?? false,
		logger: options.logger,
		discover: options.discover ?? mode === "standard",
		headers: options.headers,
		rawHandler: options.rawHandler,
		handlers: options.handlers
	};
}
/** Why a method (or subscription kind) is off under these options; `undefined` when it is on. */
export function offReason(a, profile, enable) {
	if (!a) return undefined;
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
		} : lookupHandler(opts.handlers, def.name, meta);
		let kinds;
		if (meta.subscriptions) {
			kinds = new Map();
			for (const [kind, k] of Object.entries(meta.subscriptions.kinds)) {
				kinds.set(kind, {
					decodeParams: k.decodeParams,
					encodeResult: k.encodeResult,
					off: offReason(k.availability, opts.profile, opts.enable)
				});
			}
		}
		const entry = {
			meta,
			role,
			off: offReason(meta.availability, opts.profile, opts.enable),
			target,
			fn,
			implemented: role === "unsubscribe" || fn !== undefined || opts.rawHandler !== undefined,
			positional: meta.structure === "by-position",
			required: requiredFlags(meta),
			kinds,
			resultValidator: undefined
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
		secretNames: [...secretNames]
	};
}
