/**
* The WebSocket transport's connection: opening it (one attempt at a time, bounded by the timeout), noticing
* when it drops (a close, or a keep-alive ping with no reply), and reconnecting with exponential backoff and
* jitter while subscriptions wait for it. What to do with calls and subscriptions is the owner's, told
* through `ConnectionEvents`.
*/
import { TimeoutError, TransportError } from "../../errors/index.js";
import { isRecord } from "../../guards.js";
import { closedError, errorMessage } from "./options.js";
/**
* The wait before reconnect attempt `attempt` (0-based): exponential, capped, with "equal jitter" (between
* half and all of the capped value) so many clients dropped at once do not come back in step.
*/
export function backoff(attempt, delay, maxDelay, random = Math.random) {
	const ceiling = Math.min(maxDelay, delay * 2 ** Math.min(attempt, 30));
	return ceiling / 2 + random() * ceiling / 2;
}
export class Connection {
	settings;
	events;
	/** The open connection, if any. */
	socket;
	closed = false;
	/** Reconnect attempts in a row; a confirmed subscription resets it. */
	attempt = 0;
	opening;
	ctorPromise;
	reconnectTimer;
	pingTimer;
	constructor(settings, events) {
		this.settings = settings;
		this.events = events;
	}
	connect() {
		if (this.closed) return Promise.reject(closedError(this.settings.url));
		if (this.socket) return Promise.resolve(this.socket);
		this.opening ??= this.open().finally(() => {
			this.opening = undefined;
		});
		return this.opening;
	}
	resolveCtor() {
		const { url, options } = this.settings;
		this.ctorPromise ??= (async () => {
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
		this.ctorPromise.catch(() => {
			this.ctorPromise = undefined;
		});
		return this.ctorPromise;
	}
	async open() {
		const Ctor = await this.resolveCtor();
		const { url, options, timeout } = this.settings;
		if (this.closed) throw closedError(url);
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
			const timer = timeout > 0 && Number.isFinite(timeout) ? setTimeout(() => fail(new TimeoutError(timeout, {
				url,
				method: "connect"
			})), timeout) : undefined;
			ws.addEventListener("open", () => {
				if (settled) return;
				settled = true;
				if (timer !== undefined) clearTimeout(timer);
				if (this.closed) {
					ws.close(1e3);
					reject(closedError(url));
					return;
				}
				this.socket = ws;
				resolve(ws);
				this.afterOpen();
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
				else if (ws === this.socket) this.dropped(ws, event, lastError);
			});
			ws.addEventListener("message", (event) => {
				if (ws === this.socket && isRecord(event)) this.events.message(ws, event.data);
			});
		});
	}
	afterOpen() {
		if (this.reconnectTimer !== undefined) clearTimeout(this.reconnectTimer);
		this.reconnectTimer = undefined;
		if (this.socket) this.startKeepAlive(this.socket);
		this.events.opened();
	}
	/** Pings `ws` every `interval` ms while it is the connection; a ping without a reply drops it. */
	startKeepAlive(ws) {
		const keepAlive = this.settings.keepAlive;
		if (!keepAlive) return;
		const interval = keepAlive.interval ?? 3e4;
		const timeout = keepAlive.timeout ?? 1e4;
		const schedule = () => {
			if (ws !== this.socket || this.closed) return;
			this.pingTimer = setTimeout(ping, interval);
			this.pingTimer.unref?.();
		};
		const ping = () => {
			this.pingTimer = undefined;
			if (ws !== this.socket || this.closed) return;
			this.events.ping({
				method: keepAlive.method ?? "net_version",
				params: keepAlive.params ?? []
			}, { timeout }).then(schedule, (e) => {
				if (ws !== this.socket) return;
				if (!(e instanceof TimeoutError)) return schedule();
				try {
					ws.close(4e3, "no reply to the keep-alive ping");
				} catch {}
				this.dropped(ws, {
					code: 4e3,
					reason: `no reply to the keep-alive ping within ${timeout} ms`
				}, e);
			});
		};
		schedule();
	}
	stopTimers() {
		if (this.reconnectTimer !== undefined) clearTimeout(this.reconnectTimer);
		this.reconnectTimer = undefined;
		if (this.pingTimer !== undefined) clearTimeout(this.pingTimer);
		this.pingTimer = undefined;
	}
	/** The open connection went away. */
	dropped(ws, event, cause) {
		this.socket = undefined;
		if (this.pingTimer !== undefined) clearTimeout(this.pingTimer);
		this.pingTimer = undefined;
		const code = isRecord(event) ? event.code : undefined;
		const reason = isRecord(event) && typeof event.reason === "string" && event.reason ? `, ${event.reason}` : "";
		const why = `the connection to ${this.settings.url} closed (code ${String(code)}${reason})`;
		this.events.dropped(ws, why, cause);
		if (!this.events.waiting() || this.closed) return;
		if (!this.settings.reconnect) return this.events.abandoned(`${why} and reconnect is off`, cause);
		this.scheduleReconnect(why);
	}
	scheduleReconnect(why) {
		if (this.closed || this.reconnectTimer !== undefined) return;
		if (this.attempt >= this.settings.maxAttempts) {
			this.events.abandoned(`${why}; gave up after ${this.attempt} reconnect attempts`);
			return;
		}
		const wait = backoff(this.attempt++, this.settings.baseDelay, this.settings.maxDelay);
		this.reconnectTimer = setTimeout(() => {
			this.reconnectTimer = undefined;
			if (!this.events.waiting()) return;
			this.connect().catch((e) => this.scheduleReconnect(errorMessage(e)));
		}, wait);
	}
	/** Stops reconnecting and pinging for good; `close()` then closes the socket. */
	shut() {
		this.closed = true;
		this.stopTimers();
	}
	/** Closes the open connection, waiting a second at most for it to close. */
	async close() {
		const ws = this.socket;
		this.socket = undefined;
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
}
