import { encode } from "../client/codec.js";
function rawText(data) {
	if (Buffer.isBuffer(data)) return data.toString("utf8");
	if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
	return Buffer.from(data).toString("utf8");
}
function errorText(e) {
	return e instanceof Error ? {
		name: e.name,
		message: e.message
	} : {
		name: typeof e,
		message: String(e)
	};
}
const OPEN = 1;
class Connection {
	hub;
	ws;
	match;
	req;
	live = new Map();
	controller = new AbortController();
	closed = false;
	alive = true;
	done;
	/** The node:http server the connection came through, if known. */
	owner;
	constructor(hub, ws, req, match, owner) {
		this.hub = hub;
		this.owner = owner;
		this.ws = ws;
		this.req = req;
		this.match = match;
		this.done = new Promise((resolve) => ws.once("close", () => resolve()));
		ws.on("message", (data) => void this.onMessage(rawText(data)));
		ws.on("pong", () => {
			this.alive = true;
		});
		ws.on("error", (e) => {
			this.hub.engine.log({
				level: "warn",
				event: "ws-error",
				message: `WebSocket error: ${errorText(e).message}`,
				service: match.service.def.name,
				transport: "websocket"
			});
		});
		ws.once("close", () => this.onClose());
	}
	async onMessage(text) {
		const pending = [];
		const host = {
			add: (sub) => {
				const live = {
					sub,
					ended: false
				};
				if (this.closed) {
					this.end(live);
					return;
				}
				this.live.set(sub.id, live);
				pending.push(live);
			},
			remove: (id) => {
				const live = this.live.get(id);
				if (!live) return false;
				this.end(live);
				return true;
			}
		};
		const site = {
			service: this.match.service,
			transport: "websocket",
			path: this.match.path,
			variables: this.match.variables,
			headers: this.req.headers,
			signal: this.controller.signal,
			host
		};
		let out;
		try {
			out = await this.hub.engine.reply(site, text);
		} catch (e) {
			this.hub.engine.log({
				level: "error",
				event: "server-failed",
				message: `the server failed on a WebSocket message: ${errorText(e).message}`,
				transport: "websocket"
			});
			out = null;
		}
		if (out !== null) this.send(out);
		// Only now, after the reply carrying their ids: start the subscriptions this message opened.
		for (const live of pending) void this.pump(live);
	}
	/** Queues a frame; false (and the connection dropped) when the client is not reading fast enough. */
	send(text) {
		const ws = this.ws;
		if (this.closed || ws.readyState !== OPEN) return false;
		ws.send(text);
		if (ws.bufferedAmount > this.hub.engine.options.maxSendQueueBytes) {
			this.hub.engine.log({
				level: "warn",
				event: "ws-overflow",
				message: `dropping a WebSocket connection: ${ws.bufferedAmount} bytes queued, over the limit of ${this.hub.engine.options.maxSendQueueBytes}`,
				service: this.match.service.def.name,
				transport: "websocket"
			});
			ws.terminate();
			this.onClose();
			return false;
		}
		return true;
	}
	async pump(live) {
		const { sub } = live;
		const engine = this.hub.engine;
		const flavor = this.match.service.flavor;
		let sent = 0;
		try {
			for (;;) {
				const step = await sub.iterator.next();
				if (live.ended || step.done) break;
				const payload = sub.typed && sub.encodeResult ? encode(sub.encodeResult, step.value) : step.value;
				if (!this.send(engine.notification(flavor, sub.notification, sub.id, JSON.stringify(payload) ?? "null"))) break;
				// Let the socket drain (and other work run) even when the producer never waits.
				if (++sent % 16 === 0) await new Promise((resolve) => setImmediate(resolve));
			}
		} catch (e) {
			if (!live.ended) {
				engine.log({
					level: "error",
					event: "subscription-failed",
					message: `subscription ${sub.id} of ${sub.method} failed and was ended`,
					service: sub.service,
					method: sub.method,
					transport: "websocket",
					subscription: sub.id,
					error: errorText(e)
				});
			}
		} finally {
			this.end(live);
		}
	}
	end(live) {
		if (live.ended) return;
		live.ended = true;
		this.live.delete(live.sub.id);
		live.sub.controller.abort();
		try {
			const r = live.sub.iterator.return?.();
			if (r && typeof r.then === "function") r.then(undefined, () => undefined);
		} catch {}
	}
	onClose() {
		if (this.closed) return;
		this.closed = true;
		this.controller.abort();
		for (const live of [...this.live.values()]) this.end(live);
		this.hub.forget(this);
	}
	/** Closes the connection (going away), forcibly if the client does not answer within a second. */
	close() {
		if (this.ws.readyState === OPEN || this.ws.readyState === 0) {
			this.ws.close(1001, "server closing");
			const timer = setTimeout(() => this.ws.terminate(), 1e3);
			timer.unref();
			void this.done.then(() => clearTimeout(timer));
		} else if (this.ws.readyState === 2) {
			this.ws.terminate();
		}
		this.onClose();
		return this.ws.readyState === 3 ? Promise.resolve() : this.done;
	}
}
export class WsHub {
	engine;
	core;
	/** Created on the first upgrade: `ws` is loaded only by servers that get WebSocket traffic. */
	wss;
	connections = new Set();
	timer;
	closed = false;
	constructor(core) {
		this.core = core;
		this.engine = core.engine;
	}
	server() {
		this.wss ??= import("ws").then((mod) => new mod.WebSocketServer({
			noServer: true,
			maxPayload: this.engine.options.maxBodyBytes,
			perMessageDeflate: false,
			clientTracking: false
		}));
		return this.wss;
	}
	handleUpgrade(req, socket, head, owner) {
		socket.on("error", () => undefined);
		const url = req.url ?? "/";
		const q = url.indexOf("?");
		const match = this.closed ? null : this.core.wsMatch(q < 0 ? url : url.slice(0, q));
		if (match === null) {
			const status = this.closed ? "503 Service Unavailable" : "404 Not Found";
			socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
			return;
		}
		this.server().then((wss) => wss.handleUpgrade(req, socket, head, (ws) => {
			if (this.closed) {
				ws.terminate();
				return;
			}
			this.connections.add(new Connection(this, ws, req, match, owner));
			this.startPings();
		}), () => {
			const text = "WebSocket needs the `ws` package: npm install ws";
			socket.end(`HTTP/1.1 501 Not Implemented\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
		});
	}
	forget(connection) {
		this.connections.delete(connection);
	}
	startPings() {
		const every = this.engine.options.pingIntervalMs;
		if (this.timer !== undefined || every <= 0) return;
		this.timer = setInterval(() => {
			for (const c of [...this.connections]) {
				if (!c.alive) {
					this.engine.log({
						level: "warn",
						event: "ws-timeout",
						message: "dropping a WebSocket connection that missed a pong",
						transport: "websocket"
					});
					c.ws.terminate();
					continue;
				}
				c.alive = false;
				try {
					c.ws.ping();
				} catch {}
			}
		}, every);
		this.timer.unref();
	}
	/** Closes the connections that came through one node:http server. */
	async closeOwned(owner) {
		await Promise.all([...this.connections].filter((c) => c.owner === owner).map((c) => c.close()));
	}
	async close() {
		this.closed = true;
		if (this.timer !== undefined) clearInterval(this.timer);
		this.timer = undefined;
		await Promise.all([...this.connections].map((c) => c.close()));
		if (this.wss) {
			const wss = await this.wss.catch(() => undefined);
			if (wss) await new Promise((resolve) => wss.close(() => resolve()));
		}
	}
}
