/**
* JSON-RPC over one WebSocket connection: requests and batches matched by id, subscriptions as async
* iterators, reconnection with exponential backoff and jitter that re-subscribes every live subscription.
*
* Rules that keep anything from hanging:
* - a request is bounded by its timeout from the moment it is made (connecting included);
* - requests in flight on a connection that drops reject with TransportError (they are not resent: the
*   server may have executed them);
* - a subscription the server has not confirmed yet fails on any error; a confirmed one survives drops
*   while reconnection is on, and ends with TransportError when it is off or gives up.
*/
import { AbortError, BufferOverflowError, EncodeError, NodeRpcError, ProtocolError, TimeoutError, TransportError } from "../errors/index.js";
import { checkReply, createIdSource, frame, idMismatch, outcome } from "./jsonrpc.js";
import { withBackfill } from "../client/backfill.js";
import { isRecord } from "../guards.js";
const DEFAULT_WS_TIMEOUT = 3e4;
const DEFAULT_MAX_BUFFERED = 1024;
const OPEN = 1;
/** How long `unsubscribe()` (and so `break` in a loop) waits for the server's answer. */
const UNSUBSCRIBE_TIMEOUT = 5e3;
/**
* The wait before reconnect attempt `attempt` (0-based): exponential, capped, with "equal jitter" (between
* half and all of the capped value) so many clients dropped at once do not come back in step.
*/
export function backoff(attempt, delay, maxDelay, random = Math.random) {
	const ceiling = Math.min(maxDelay, delay * 2 ** Math.min(attempt, 30));
	return ceiling / 2 + random() * ceiling / 2;
}
function errorMessage(e) {
	if (e instanceof Error) return e.message;
	if (isRecord(e) && typeof e.message === "string" && e.message) return e.message;
	return typeof e === "string" ? e : "unknown error";
}
function textOf(data) {
	if (typeof data === "string") return data;
	if (data instanceof ArrayBuffer) return new TextDecoder().decode(data);
	if (ArrayBuffer.isView(data)) return new TextDecoder().decode(data);
	if (Array.isArray(data) && data.every((d) => ArrayBuffer.isView(d))) {
		return data.map((d) => new TextDecoder().decode(d)).join("");
	}
	return undefined;
}
export function createWebSocketTransport(options) {
	const url = options.url;
	if (typeof url !== "string" || !/^wss?:\/\//i.test(url)) {
		throw new TypeError(`createWebSocketTransport: url must be a ws:// or wss:// URL, got ${JSON.stringify(url)}`);
	}
	const defaultTimeout = options.timeout ?? DEFAULT_WS_TIMEOUT;
	if (!(defaultTimeout >= 0)) throw new RangeError(`timeout must be a non-negative number of milliseconds, got ${defaultTimeout}`);
	const reconnect = options.reconnect === false ? undefined : options.reconnect ?? {};
	const maxAttempts = reconnect?.attempts ?? Infinity;
	const baseDelay = reconnect?.delay ?? 250;
	const maxDelay = reconnect?.maxDelay ?? 1e4;
	const batching = options.batch === true;
	const maxBatchSize = options.maxBatchSize ?? 40;
	if (!Number.isInteger(maxBatchSize) || maxBatchSize < 1) throw new RangeError(`maxBatchSize must be a positive integer, got ${maxBatchSize}`);
	const defaultMaxBuffered = options.maxBuffered ?? DEFAULT_MAX_BUFFERED;
	const nextId = createIdSource();
	const pending = new Map();
	const subs = new Set();
	const routes = new Map();
	let socket;
	let opening;
	let ctorPromise;
	let closed = false;
	let attempt = 0;
	let reconnectTimer;
	const keepAlive = options.keepAlive ? options.keepAlive : undefined;
	let pingTimer;
	const routeKey = (notification, id) => `${notification}\u0000${String(id)}`;
	function closedError(method) {
		return new TransportError(`${method ? `${method}: ` : ""}the WebSocket transport for ${url} is closed; create a new one`, {
			method,
			url
		});
	}
	function resolveCtor() {
		ctorPromise ??= (async () => {
			if (options.WebSocket) return options.WebSocket;
			const native = globalThis.WebSocket;
			if (!options.headers && typeof native === "function") return native;
			try {
				const mod = await import("ws");
				const ctor = mod.WebSocket ?? mod.default;
				if (typeof ctor !== "function") throw new Error("the ws module has no WebSocket export");
				return ctor;
			} catch (cause) {
				throw new TransportError(`no WebSocket implementation for ${url}: ${options.headers ? "handshake headers need" : "this runtime has no global WebSocket, so it needs"} ` + "the `ws` package (npm install ws), or pass `WebSocket` to the transport", {
					url,
					cause
				});
			}
		})();
		ctorPromise.catch(() => {
			ctorPromise = undefined;
		});
		return ctorPromise;
	}
	// ---- the connection ----
	function connect() {
		if (closed) return Promise.reject(closedError());
		if (socket) return Promise.resolve(socket);
		opening ??= open().finally(() => {
			opening = undefined;
		});
		return opening;
	}
	async function open() {
		const Ctor = await resolveCtor();
		if (closed) throw closedError();
		return new Promise((resolve, reject) => {
			let ws;
			try {
				ws = options.headers ? new Ctor(url, { headers: { ...options.headers } }) : new Ctor(url);
			} catch (cause) {
				reject(new TransportError(`could not open a WebSocket to ${url}: ${errorMessage(cause)}`, {
					url,
					cause
				}));
				return;
			}
			try {
				ws.binaryType = "arraybuffer";
			} catch {}
			let settled = false;
			let lastError;
			const fail = (error) => {
				if (settled) return;
				settled = true;
				if (timer !== undefined) clearTimeout(timer);
				try {
					ws.close();
				} catch {}
				reject(error);
			};
			const timer = defaultTimeout > 0 && Number.isFinite(defaultTimeout) ? setTimeout(() => fail(new TimeoutError(defaultTimeout, {
				url,
				method: "connect"
			})), defaultTimeout) : undefined;
			ws.addEventListener("open", () => {
				if (settled) return;
				settled = true;
				if (timer !== undefined) clearTimeout(timer);
				if (closed) {
					ws.close(1e3);
					reject(closedError());
					return;
				}
				socket = ws;
				resolve(ws);
				afterOpen();
			});
			ws.addEventListener("error", (event) => {
				lastError = isRecord(event) ? event.error ?? event.message : event;
				if (!settled) fail(new TransportError(`could not connect to ${url}: ${errorMessage(lastError)}. Check the URL and that the node is running.`, {
					url,
					cause: lastError
				}));
			});
			ws.addEventListener("close", (event) => {
				const code = isRecord(event) ? event.code : undefined;
				if (!settled) fail(new TransportError(`could not connect to ${url}: the connection closed (code ${String(code)})`, {
					url,
					cause: lastError
				}));
				else if (ws === socket) dropped(ws, event, lastError);
			});
			ws.addEventListener("message", (event) => {
				if (ws === socket && isRecord(event)) received(ws, event.data);
			});
		});
	}
	/** Pings `ws` every `interval` ms while it is the connection; a ping without a reply drops it. */
	function startKeepAlive(ws) {
		if (!keepAlive) return;
		const interval = keepAlive.interval ?? 3e4;
		const timeout = keepAlive.timeout ?? 1e4;
		const schedule = () => {
			if (ws !== socket || closed) return;
			pingTimer = setTimeout(ping, interval);
			pingTimer.unref?.();
		};
		const ping = () => {
			pingTimer = undefined;
			if (ws !== socket || closed) return;
			request({
				method: keepAlive.method ?? "net_version",
				params: keepAlive.params ?? []
			}, { timeout }).then(schedule, (e) => {
				if (ws !== socket) return;
				if (!(e instanceof TimeoutError)) return schedule();
				try {
					ws.close(4e3, "no reply to the keep-alive ping");
				} catch {}
				dropped(ws, {
					code: 4e3,
					reason: `no reply to the keep-alive ping within ${timeout} ms`
				}, e);
			});
		};
		schedule();
	}
	/** The open connection went away. */
	function dropped(ws, event, cause) {
		socket = undefined;
		if (pingTimer !== undefined) clearTimeout(pingTimer);
		pingTimer = undefined;
		const code = isRecord(event) ? event.code : undefined;
		const reason = isRecord(event) && typeof event.reason === "string" && event.reason ? `, ${event.reason}` : "";
		const why = `the connection to ${url} closed (code ${String(code)}${reason})`;
		for (const sub of subs) sub.lose();
		for (const e of [...pending.values()]) {
			if (e.socket === ws) {
				e.end({
					ok: false,
					error: new TransportError(`${e.call.method}: ${why} before the reply; the call may or may not have been executed`, {
						method: e.call.method,
						url,
						cause
					})
				});
			}
		}
		const lost = [...subs].filter((s) => s.status === "lost");
		if (lost.length === 0 || closed) return;
		if (!reconnect) {
			for (const s of lost) s.end(new TransportError(`subscription ${s.describe()} ended: ${why} and reconnect is off`, {
				method: s.target.subscribe,
				url,
				cause
			}));
			return;
		}
		scheduleReconnect(why);
	}
	function scheduleReconnect(why) {
		if (closed || reconnectTimer !== undefined) return;
		if (attempt >= maxAttempts) {
			for (const s of [...subs]) {
				if (s.status === "lost") {
					s.end(new TransportError(`subscription ${s.describe()} ended: ${why}; gave up after ${attempt} reconnect attempts`, {
						method: s.target.subscribe,
						url
					}));
				}
			}
			return;
		}
		const wait = backoff(attempt++, baseDelay, maxDelay);
		reconnectTimer = setTimeout(() => {
			reconnectTimer = undefined;
			if (![...subs].some((s) => s.status === "lost")) return;
			connect().catch((e) => scheduleReconnect(errorMessage(e)));
		}, wait);
	}
	function afterOpen() {
		if (reconnectTimer !== undefined) clearTimeout(reconnectTimer);
		reconnectTimer = undefined;
		if (socket) startKeepAlive(socket);
		for (const s of subs) if (s.status === "lost") startSubscription(s);
	}
	// ---- requests ----
	/**
	* Sends calls (as one array when `asArray`, else as separate messages) and reports each outcome through
	* `finish`, synchronously from the message handler, so a subscription is routed before the next message.
	*/
	function dispatch(calls, opts, asArray, finish) {
		const signal = opts?.signal;
		const timeout = opts?.timeout ?? defaultTimeout;
		let open = calls.length;
		const cleanup = () => {
			if (timer !== undefined) clearTimeout(timer);
			signal?.removeEventListener("abort", onAbort);
		};
		const entries = calls.map((call, index) => {
			const entry = {
				id: nextId(),
				call,
				socket: undefined,
				group: undefined,
				done: false,
				end(o) {
					if (entry.done) return;
					entry.done = true;
					pending.delete(entry.id);
					if (--open === 0) cleanup();
					finish(index, o);
				}
			};
			return entry;
		});
		const endAll = (make) => {
			for (const e of entries) if (!e.done) e.end({
				ok: false,
				error: make(e)
			});
		};
		const onAbort = () => endAll((e) => new AbortError(signal?.reason, {
			method: e.call.method,
			url
		}));
		const timer = timeout > 0 && Number.isFinite(timeout) && entries.length > 0 ? setTimeout(() => endAll((e) => new TimeoutError(timeout, {
			method: e.call.method,
			url
		})), timeout) : undefined;
		if (closed) return endAll((e) => closedError(e.call.method));
		if (signal?.aborted) return onAbort();
		signal?.addEventListener("abort", onAbort, { once: true });
		for (const e of entries) pending.set(e.id, e);
		connect().then((ws) => {
			const texts = [];
			const sent = [];
			for (const e of entries) {
				if (e.done) continue;
				try {
					texts.push(JSON.stringify(frame(e.id, e.call.method, e.call.params)));
					sent.push(e);
				} catch (cause) {
					e.end({
						ok: false,
						error: new EncodeError(e.call.method, `the params cannot be sent as JSON (${errorMessage(cause)}); pass them in wire form`, { cause })
					});
				}
			}
			if (sent.length === 0) return;
			if (ws !== socket || ws.readyState !== OPEN) {
				for (const e of sent) e.end({
					ok: false,
					error: new TransportError(`${e.call.method}: the connection to ${url} closed before the call was sent`, {
						method: e.call.method,
						url
					})
				});
				return;
			}
			const group = asArray && sent.length > 1 ? sent : undefined;
			for (const e of sent) {
				e.socket = ws;
				e.group = group;
			}
			try {
				if (group) ws.send(`[${texts.join(",")}]`);
				else for (const t of texts) ws.send(t);
			} catch (cause) {
				for (const e of sent) e.end({
					ok: false,
					error: new TransportError(`${e.call.method}: sending to ${url} failed: ${errorMessage(cause)}`, {
						method: e.call.method,
						url,
						cause
					})
				});
			}
		}, (error) => endAll((e) => error instanceof TimeoutError ? new TimeoutError(error.timeout, {
			method: e.call.method,
			url
		}) : error instanceof NodeRpcError && !(error instanceof TransportError) ? error : new TransportError(`${e.call.method}: ${errorMessage(error)}`, {
			method: e.call.method,
			url,
			cause: error
		})));
	}
	function request(call, opts) {
		return new Promise((resolve, reject) => dispatch([call], opts, false, (_, o) => o.ok ? resolve(o.value) : reject(o.error)));
	}
	function batch(calls, opts) {
		if (calls.length === 0) return Promise.resolve([]);
		return new Promise((resolve) => {
			const out = new Array(calls.length);
			let left = calls.length;
			const finishAt = (offset) => (i, o) => {
				out[offset + i] = o.ok ? {
					status: "fulfilled",
					value: o.value
				} : {
					status: "rejected",
					reason: o.error
				};
				if (--left === 0) resolve(out);
			};
			if (!batching) return dispatch(calls, opts, false, finishAt(0));
			for (let i = 0; i < calls.length; i += maxBatchSize) dispatch(calls.slice(i, i + maxBatchSize), opts, true, finishAt(i));
		});
	}
	// ---- incoming messages ----
	function received(ws, data) {
		const text = textOf(data);
		let message;
		try {
			if (text === undefined) throw new Error("not text");
			message = JSON.parse(text);
		} catch {
			// Nothing in it can be matched to a call: fail the calls waiting on this connection rather than let them time out.
			for (const e of [...pending.values()]) {
				if (e.socket === ws) {
					e.end({
						ok: false,
						error: new ProtocolError("the server sent a message that is not JSON", {
							method: e.call.method,
							url,
							body: text ?? "",
							redact: e.call.redact
						})
					});
				}
			}
			return;
		}
		if (Array.isArray(message)) {
			const groups = new Set();
			for (const item of message) reply(ws, item, groups);
			for (const g of groups) {
				for (const e of g) {
					if (!e.done) {
						e.end({
							ok: false,
							error: new ProtocolError(`the batch reply has no item for id ${e.id} (${message.length} items for ${g.length} calls)`, {
								method: e.call.method,
								url
							})
						});
					}
				}
			}
			return;
		}
		if (isRecord(message) && message.id === undefined && typeof message.method === "string") return notification(message);
		reply(ws, message, undefined);
	}
	function reply(ws, item, groups) {
		const checked = checkReply(item);
		const id = isRecord(item) ? item.id : undefined;
		const entry = typeof id === "number" ? pending.get(id) : undefined;
		if (entry && entry.socket === ws) {
			if (entry.group) groups?.add(entry.group);
			entry.end(typeof checked === "string" ? {
				ok: false,
				error: new ProtocolError(checked, {
					method: entry.call.method,
					url,
					body: JSON.stringify(item),
					redact: entry.call.redact
				})
			} : outcome(checked, entry.call, { url }));
			return;
		}
		if (typeof id === "string" && /^(0|[1-9][0-9]*)$/.test(id)) {
			// A string id never answers a number id; say so instead of letting the call time out.
			const twin = pending.get(Number(id));
			if (twin && twin.socket === ws) twin.end({
				ok: false,
				error: new ProtocolError(idMismatch(id, twin.id), {
					method: twin.call.method,
					url
				})
			});
			return;
		}
		if (id === null && typeof checked !== "string" && checked.error !== undefined) {
			// An error the server could not attribute: it belongs to the only request or array in flight, if there is one.
			const units = new Set();
			for (const e of pending.values()) if (e.socket === ws) units.add(e.group ?? e);
			if (units.size === 1) {
				const [unit] = units;
				for (const e of Array.isArray(unit) ? unit : [unit]) e.end(outcome(checked, e.call, { url }));
			}
		}
	}
	function notification(message) {
		const params = message.params;
		if (!isRecord(params) || !("subscription" in params)) return;
		routes.get(routeKey(message.method, params.subscription))?.push(params.result);
	}
	// ---- subscriptions ----
	class Sub {
		target;
		params;
		options;
		status = "subscribing";
		serverId = undefined;
		currentId = undefined;
		confirmed = false;
		queue = [];
		waiters = [];
		endError = undefined;
		errorDelivered = false;
		resolveReady;
		rejectReady;
		ready;
		maxBuffered;
		/** Removes the AbortSignal listener once the subscription ends. */
		detach = undefined;
		constructor(target, params, options) {
			this.target = target;
			this.params = params;
			this.options = options;
			this.ready = new Promise((resolve, reject) => {
				this.resolveReady = resolve;
				this.rejectReady = reject;
			});
			this.ready.catch(() => undefined);
			this.maxBuffered = options.maxBuffered ?? defaultMaxBuffered;
			const signal = options.signal;
			if (signal) {
				if (signal.aborted) queueMicrotask(() => void this.unsubscribe());
				else {
					const onAbort = () => void this.unsubscribe();
					signal.addEventListener("abort", onAbort, { once: true });
					this.detach = () => signal.removeEventListener("abort", onAbort);
				}
			}
		}
		get id() {
			return this.currentId;
		}
		describe() {
			return `${this.target.subscribe}(${JSON.stringify(this.params[0]) ?? ""})${this.currentId ? ` ${this.currentId}` : ""}`;
		}
		/** The server confirmed (or refused) the subscribe call. Runs inside the message handler. */
		subscribed(o) {
			if (o.ok && (typeof o.value === "string" || typeof o.value === "number")) {
				if (this.status === "ended") {
					// Unsubscribed while the subscribe call was in flight: cancel it on the server too.
					if (this.target.unsubscribe) request({
						method: this.target.unsubscribe,
						params: [o.value]
					}).catch(() => undefined);
					return;
				}
				this.serverId = o.value;
				this.currentId = String(o.value);
				this.status = "live";
				routes.set(routeKey(this.target.notification, o.value), this);
				attempt = 0;
				if (!this.confirmed) {
					this.confirmed = true;
					this.resolveReady(this.currentId);
				}
				return;
			}
			if (this.status === "ended") return;
			const error = o.ok ? new ProtocolError(`${this.target.subscribe} returned ${JSON.stringify(o.value)} instead of a subscription id`, {
				method: this.target.subscribe,
				url
			}) : o.error;
			// A confirmed subscription whose re-subscribe lost the connection waits for the next reconnect.
			if (this.confirmed && error instanceof TransportError && !closed && reconnect) {
				this.status = "lost";
				return;
			}
			this.end(error);
		}
		/** The connection dropped: the server forgot this subscription. */
		lose() {
			if (this.status === "ended") return;
			routes.delete(routeKey(this.target.notification, this.serverId));
			if (this.status === "live") this.status = "lost";
		}
		push(payload) {
			if (this.status === "ended") return;
			const waiter = this.waiters.shift();
			if (waiter) return this.deliver(payload, waiter);
			if (this.queue.length >= this.maxBuffered) {
				this.cancelOnServer();
				this.end(new BufferOverflowError(this.maxBuffered, {
					method: this.target.subscribe,
					url
				}));
				return;
			}
			this.queue.push(payload);
		}
		deliver(payload, waiter) {
			let value;
			try {
				value = this.options.map ? this.options.map(payload) : payload;
			} catch (error) {
				this.errorDelivered = true;
				this.cancelOnServer();
				this.end(error, true);
				waiter.reject(error);
				return;
			}
			waiter.resolve({
				value,
				done: false
			});
		}
		/** Ends the iteration: buffered payloads are still read (unless `drop`), then the error (if any), then done. */
		end(error, drop = false) {
			if (this.status === "ended") return;
			this.status = "ended";
			routes.delete(routeKey(this.target.notification, this.serverId));
			subs.delete(this);
			this.detach?.();
			if (drop) this.queue.length = 0;
			this.endError = error;
			if (!this.confirmed) this.rejectReady(error ?? new TransportError(`subscription ${this.describe()} ended before the server confirmed it`, {
				method: this.target.subscribe,
				url
			}));
			for (const w of this.waiters.splice(0)) {
				if (error !== undefined && !this.errorDelivered) {
					this.errorDelivered = true;
					w.reject(error);
				} else w.resolve({
					value: undefined,
					done: true
				});
			}
		}
		/** Best effort: tell the server to stop sending (waiting for its answer a few seconds at most). */
		cancelOnServer() {
			if (this.status !== "live" || !this.target.unsubscribe || !socket) return Promise.resolve();
			const timeout = defaultTimeout > 0 ? Math.min(defaultTimeout, UNSUBSCRIBE_TIMEOUT) : UNSUBSCRIBE_TIMEOUT;
			return request({
				method: this.target.unsubscribe,
				params: [this.serverId]
			}, { timeout }).then(() => undefined, () => undefined);
		}
		async unsubscribe() {
			if (this.status === "ended") return;
			const cancelled = this.cancelOnServer();
			this.end(undefined, true);
			await cancelled;
		}
		next() {
			if (this.queue.length > 0) {
				return new Promise((resolve, reject) => this.deliver(this.queue.shift(), {
					resolve,
					reject
				}));
			}
			if (this.status === "ended") {
				if (this.endError !== undefined && !this.errorDelivered) {
					this.errorDelivered = true;
					return Promise.reject(this.endError);
				}
				return Promise.resolve({
					value: undefined,
					done: true
				});
			}
			return new Promise((resolve, reject) => this.waiters.push({
				resolve,
				reject
			}));
		}
		async return() {
			await this.unsubscribe();
			return {
				value: undefined,
				done: true
			};
		}
		[Symbol.asyncIterator]() {
			return this;
		}
	}
	function startSubscription(sub) {
		sub.status = "subscribing";
		dispatch([{
			method: sub.target.subscribe,
			params: [...sub.params],
			redact: sub.options.redact
		}], undefined, false, (_, o) => sub.subscribed(o));
	}
	return {
		kind: "websocket",
		url,
		backfill: withBackfill,
		validate: options.validate === undefined ? undefined : options.validate !== false,
		validators: typeof options.validate === "object" ? options.validate : undefined,
		batching,
		get connected() {
			return socket !== undefined && socket.readyState === OPEN;
		},
		request,
		batch,
		subscribe(target, params, subscribeOptions = {}) {
			const sub = new Sub(target, params, subscribeOptions);
			if (closed) {
				sub.end(closedError(target.subscribe));
				return sub;
			}
			subs.add(sub);
			startSubscription(sub);
			return sub;
		},
		async close() {
			closed = true;
			if (reconnectTimer !== undefined) clearTimeout(reconnectTimer);
			reconnectTimer = undefined;
			if (pingTimer !== undefined) clearTimeout(pingTimer);
			pingTimer = undefined;
			for (const s of [...subs]) s.end(undefined, true);
			for (const e of [...pending.values()]) e.end({
				ok: false,
				error: closedError(e.call.method)
			});
			const ws = socket;
			socket = undefined;
			if (!ws) return;
			await new Promise((resolve) => {
				const timer = setTimeout(resolve, 1e3);
				timer.unref?.();
				ws.addEventListener("close", () => {
					clearTimeout(timer);
					resolve();
				});
				try {
					ws.close(1e3);
				} catch {
					clearTimeout(timer);
					resolve();
				}
			});
		}
	};
}
