/**
* `eth_subscribe` and its kin: check the kind and its params, run the handler for an AsyncIterable, and hand
* the subscription to the connection that carries it (which sends its notifications after the reply).
*/
import { CodecError, decode } from "../client/codec.js";
import { Failure, isThenable } from "./outcome.js";
import { scrub } from "./redact.js";
import { paramIssues } from "./texts.js";
/** `0x` + 16 random bytes in hex, leading zeros trimmed (go-ethereum's subscription ids). */
export function newSubscriptionId() {
	const bytes = new Uint8Array(16);
	globalThis.crypto.getRandomValues(bytes);
	let hex = "";
	for (const b of bytes) hex += b.toString(16).padStart(2, "0");
	hex = hex.replace(/^0+/, "");
	return `0x${hex || "0"}`;
}
export async function subscribe(calls, site, method, entry, params, needles) {
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
		const started = start(calls, site, method, entry, k, params, ctx, needles);
		if (started instanceof Failure) return started;
		iterable = isThenable(started) ? await started : started;
		if (typeof iterable?.[Symbol.asyncIterator] !== "function") {
			throw new TypeError(`the ${method} handler did not return an AsyncIterable for ${JSON.stringify(kind)}`);
		}
	} catch (e) {
		controller.abort();
		return new Failure(calls.thrown(site, method, e, needles), false);
	}
	const id = newSubscriptionId();
	host.add({
		id,
		service: site.service.def.name,
		method,
		notification: meta.subscriptions.notification,
		iterator: iterable[Symbol.asyncIterator](),
		encodeResult: k.encodeResult,
		typed: entry.fn !== undefined,
		controller
	});
	return JSON.stringify(id);
}
/** The handler's answer (an AsyncIterable, or a promise of one), or the failure to decode the kind's params. */
function start(calls, site, method, entry, k, params, ctx, needles) {
	if (!entry.fn) return calls.options.rawHandler(entry.meta, params, ctx);
	const args = params.slice(1);
	let decoded;
	try {
		decoded = k.decodeParams ? decode(k.decodeParams, args) : args;
	} catch (e) {
		if (!(e instanceof CodecError)) throw e;
		// Report the path as the full params array has it (the kind is param 0).
		const shifted = new CodecError(e.path.replace(/^\/(\d+)/, (_, n) => `/${Number(n) + 1}`), e.expected, e.value);
		return new Failure(scrub(site.service.texts.codec(method, shifted, true), needles), true);
	}
	return entry.fn.call(entry.target, {
		kind: params[0],
		params: decoded
	}, ctx);
}
