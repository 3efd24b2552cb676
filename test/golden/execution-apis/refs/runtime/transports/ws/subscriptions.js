/**
* Subscriptions over the WebSocket transport: each an async iterator over its notifications, buffered up to
* a bound, routed by the server's subscription id. A subscription the server has not confirmed yet fails on
* any error; a confirmed one survives drops while reconnection is on (it is made again on the new
* connection), and ends with TransportError when reconnection is off or gives up.
*/
import { BufferOverflowError, ProtocolError, TransportError } from "../../errors/index.js";
import { isRecord } from "../../guards.js";
import { closedError, UNSUBSCRIBE_TIMEOUT } from "./options.js";
const routeKey = (notification, id) => `${notification}\u0000${String(id)}`;
/** The live subscriptions and the routes from the server's ids to them. */
export class Subscriptions {
	settings;
	connection;
	calls;
	all = new Set();
	routes = new Map();
	constructor(settings, connection, calls) {
		this.settings = settings;
		this.connection = connection;
		this.calls = calls;
	}
	subscribe(target, params, options) {
		const sub = new Sub(this, target, params, options);
		if (this.connection.closed) {
			sub.end(closedError(this.settings.url, target.subscribe));
			return sub;
		}
		this.all.add(sub);
		this.start(sub);
		return sub;
	}
	/** Sends `sub`'s subscribe call (again, after a reconnect). */
	start(sub) {
		sub.status = "subscribing";
		this.calls.dispatch([{
			method: sub.target.subscribe,
			params: [...sub.params],
			redact: sub.options.redact
		}], undefined, false, (_, o) => sub.subscribed(o));
	}
	notification(message) {
		const params = message.params;
		if (!isRecord(params) || !("subscription" in params)) return;
		this.routes.get(routeKey(message.method, params.subscription))?.push(params.result);
	}
	/** The connection dropped: the server forgot every subscription. */
	loseAll() {
		for (const sub of this.all) sub.lose();
	}
	/** Whether any subscription waits for a reconnect. */
	waiting() {
		return [...this.all].some((s) => s.status === "lost");
	}
	/** A new connection is open: subscribe again. */
	resubscribe() {
		for (const s of this.all) if (s.status === "lost") this.start(s);
	}
	/** No reconnect will come: the subscriptions waiting for one end. */
	abandon(reason, cause) {
		for (const s of [...this.all]) {
			if (s.status === "lost") s.end(new TransportError(`subscription ${s.describe()} ended: ${reason}`, {
				method: s.target.subscribe,
				url: this.settings.url,
				cause
			}));
		}
	}
	/** The transport is closed: every subscription ends, dropping what it buffered. */
	closeAll() {
		for (const s of [...this.all]) s.end(undefined, true);
	}
}
export class Sub {
	owner;
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
	constructor(owner, target, params, options) {
		this.owner = owner;
		this.target = target;
		this.params = params;
		this.options = options;
		this.ready = new Promise((resolve, reject) => {
			this.resolveReady = resolve;
			this.rejectReady = reject;
		});
		this.ready.catch(() => undefined);
		this.maxBuffered = options.maxBuffered ?? owner.settings.maxBuffered;
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
		const { settings, connection } = this.owner;
		if (o.ok && (typeof o.value === "string" || typeof o.value === "number")) {
			if (this.status === "ended") {
				// Unsubscribed while the subscribe call was in flight: cancel it on the server too.
				if (this.target.unsubscribe) this.owner.calls.request({
					method: this.target.unsubscribe,
					params: [o.value]
				}).catch(() => undefined);
				return;
			}
			this.serverId = o.value;
			this.currentId = String(o.value);
			this.status = "live";
			this.owner.routes.set(routeKey(this.target.notification, o.value), this);
			connection.attempt = 0;
			if (!this.confirmed) {
				this.confirmed = true;
				this.resolveReady(this.currentId);
			}
			return;
		}
		if (this.status === "ended") return;
		const error = o.ok ? new ProtocolError(`${this.target.subscribe} returned ${JSON.stringify(o.value)} instead of a subscription id`, {
			method: this.target.subscribe,
			url: settings.url
		}) : o.error;
		// A confirmed subscription whose re-subscribe lost the connection waits for the next reconnect.
		if (this.confirmed && error instanceof TransportError && !connection.closed && settings.reconnect) {
			this.status = "lost";
			return;
		}
		this.end(error);
	}
	/** The connection dropped: the server forgot this subscription. */
	lose() {
		if (this.status === "ended") return;
		this.owner.routes.delete(routeKey(this.target.notification, this.serverId));
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
				url: this.owner.settings.url
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
		this.owner.routes.delete(routeKey(this.target.notification, this.serverId));
		this.owner.all.delete(this);
		this.detach?.();
		if (drop) this.queue.length = 0;
		this.endError = error;
		if (!this.confirmed) {
			this.rejectReady(error ?? new TransportError(`subscription ${this.describe()} ended before the server confirmed it`, {
				method: this.target.subscribe,
				url: this.owner.settings.url
			}));
		}
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
		const { settings, connection, calls } = this.owner;
		if (this.status !== "live" || !this.target.unsubscribe || !connection.socket) return Promise.resolve();
		const timeout = settings.timeout > 0 ? Math.min(settings.timeout, UNSUBSCRIBE_TIMEOUT) : UNSUBSCRIBE_TIMEOUT;
		return calls.request({
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
