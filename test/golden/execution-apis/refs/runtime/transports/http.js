import { createPost } from "./http-post.js";
import { createIdSource, frame } from "./frame.js";
const DEFAULT_TIMEOUT = 3e4;
const DEFAULT_MAX_BATCH_SIZE = 40;
function nonNegative(name, value, fallback) {
	if (value === undefined) return fallback;
	if (!(value >= 0)) throw new RangeError(`${name} must be a non-negative number of milliseconds, got ${value}`);
	return value;
}
function batchSize(name, value, fallback) {
	if (value === undefined) return fallback;
	if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer, got ${value}`);
	return value;
}
export function createHttpTransport(options) {
	const url = options.url;
	if (typeof url !== "string" || !/^https?:\/\//i.test(url)) {
		throw new TypeError(`createHttpTransport: url must be an http:// or https:// URL, got ${JSON.stringify(url)}`);
	}
	const fetchImpl = options.fetch ?? globalThis.fetch;
	const defaultTimeout = nonNegative("timeout", options.timeout, DEFAULT_TIMEOUT);
	const batching = options.batch === true;
	const maxBatchSize = batchSize("maxBatchSize", options.maxBatchSize, DEFAULT_MAX_BATCH_SIZE);
	const auto = options.autoBatch ? options.autoBatch === true ? {} : options.autoBatch : undefined;
	const autoWait = nonNegative("autoBatch.wait", auto?.wait, 0);
	const autoSize = Math.min(maxBatchSize, batchSize("autoBatch.maxSize", auto?.maxSize, maxBatchSize));
	const nextId = createIdSource();
	let closed = false;
	const inFlight = new Set();
	const post = createPost(url, fetchImpl, options.headers, inFlight, () => closed);
	/** The failure module, loaded once on the first call that does not simply succeed. */
	const failures = () => import("./http-failures.js");
	async function single(call, opts) {
		if (closed) throw (await failures()).closedError(call, url);
		const id = nextId();
		let body;
		try {
			body = JSON.stringify(frame(id, call.method, call.params));
		} catch (e) {
			throw (await failures()).unserializable(call, e);
		}
		let raw;
		try {
			raw = await post(body, {
				timeout: opts?.timeout ?? defaultTimeout,
				signal: opts?.signal,
				headers: opts?.headers,
				onResponse: opts?.onResponse
			});
		} catch (e) {
			throw (await failures()).errorFor(e, call, url);
		}
		if (raw.ok) {
			// The common case, checked inline: a JSON-RPC 2.0 result with the request's id. Anything else is
			// interpreted in full by the failure module.
			let reply;
			try {
				reply = JSON.parse(raw.text);
			} catch {
				reply = undefined;
			}
			if (reply && reply.jsonrpc === "2.0" && reply.id === id && "result" in reply && (reply.error === undefined || reply.error === null)) return reply.result;
		}
		const o = (await failures()).interpretSingle(raw, {
			id,
			call
		}, url);
		if (o.ok) return o.value;
		throw o.error;
	}
	// Arrays (explicit and automatic batches) live in their own module, loaded on first use.
	const core = {
		url,
		defaultTimeout,
		maxBatchSize,
		autoWait,
		autoSize,
		batching,
		closed: () => closed,
		nextId,
		post,
		single
	};
	let batcher;
	let loading;
	const load = () => loading ??= import("./http-batch.js").then((m) => batcher = m.createBatcher(core));
	return {
		kind: "http",
		url,
		validate: options.validate === undefined ? undefined : options.validate !== false,
		validators: typeof options.validate === "object" ? options.validate : undefined,
		batching,
		request(call, opts) {
			if (auto && batching && !opts?.headers) return batcher ? batcher.enqueue(call, opts) : load().then((b) => b.enqueue(call, opts));
			return single(call, opts);
		},
		batch: (calls, opts) => batcher ? batcher.batch(calls, opts) : load().then((b) => b.batch(calls, opts)),
		async httpGet(path, opts) {
			const target = `${url.replace(/\/+$/, "")}${path}`;
			try {
				const raw = await post(undefined, {
					timeout: opts?.timeout ?? defaultTimeout,
					signal: opts?.signal,
					headers: opts?.headers,
					onResponse: opts?.onResponse
				}, target);
				return {
					url: target,
					status: raw.status,
					statusText: raw.statusText,
					text: raw.text,
					...raw.headers ? { headers: raw.headers } : {}
				};
			} catch (e) {
				throw (await failures()).errorFor(e, { method: `GET ${path || "/"}` }, target);
			}
		},
		async close() {
			closed = true;
			batcher?.close();
			for (const c of [...inFlight]) c.abort();
		}
	};
}
