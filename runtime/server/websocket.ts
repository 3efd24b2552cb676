/**
 * JSON-RPC over WebSocket (the `ws` package, `noServer`): requests and batches with the same semantics as
 * over HTTP, and subscriptions. A subscription sends its notifications only after the reply carrying its
 * id, lives until unsubscribed or until its connection closes, and is fed one payload at a time.
 *
 * Memory stays bounded: a connection whose send queue grows past `maxSendQueueBytes` (a client that does
 * not read) is dropped, and a connection that misses a pong is dropped at the next ping.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { RawData, WebSocket, WebSocketServer } from 'ws';
import { encode } from '../client/codec.js';
import type { Engine } from './engine.js';
import type { Site, Subscription, SubscriptionHost } from './tables.js';
import type { HttpCore, Match } from './http.js';

interface Live {
  readonly sub: Subscription;
  ended: boolean;
}

function rawText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

function errorText(e: unknown): { name: string; message: string } {
  return e instanceof Error ? { name: e.name, message: e.message } : { name: typeof e, message: String(e) };
}

const OPEN = 1;

class Connection {
  private readonly hub: WsHub;
  readonly ws: WebSocket;
  private readonly match: Match;
  private readonly req: IncomingMessage;
  private readonly live = new Map<string, Live>();
  private readonly controller = new AbortController();
  private closed = false;
  alive = true;
  readonly done: Promise<void>;
  /** The node:http server the connection came through, if known. */
  readonly owner: object | undefined;

  constructor(hub: WsHub, ws: WebSocket, req: IncomingMessage, match: Match, owner: object | undefined) {
    this.hub = hub;
    this.owner = owner;
    this.ws = ws;
    this.req = req;
    this.match = match;
    this.done = new Promise((resolve) => ws.once('close', () => resolve()));
    ws.on('message', (data) => void this.onMessage(rawText(data)));
    ws.on('pong', () => {
      this.alive = true;
    });
    ws.on('error', (e) => {
      this.hub.engine.log({
        level: 'warn',
        event: 'ws-error',
        message: `WebSocket error: ${errorText(e).message}`,
        service: match.service.def.name,
        transport: 'websocket',
      });
    });
    ws.once('close', () => this.onClose());
  }

  private async onMessage(text: string): Promise<void> {
    const pending: Live[] = [];
    const host: SubscriptionHost = {
      add: (sub) => {
        const live: Live = { sub, ended: false };
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
      },
    };
    const site: Site = {
      service: this.match.service,
      transport: 'websocket',
      path: this.match.path,
      variables: this.match.variables,
      headers: this.req.headers,
      signal: this.controller.signal,
      host,
    };
    let out: string | null;
    try {
      out = await this.hub.engine.reply(site, text);
    } catch (e) {
      this.hub.engine.log({
        level: 'error',
        event: 'server-failed',
        message: `the server failed on a WebSocket message: ${errorText(e).message}`,
        transport: 'websocket',
      });
      out = null;
    }
    if (out !== null) this.send(out);
    // Only now, after the reply carrying their ids: start the subscriptions this message opened.
    for (const live of pending) void this.pump(live);
  }

  /** Queues a frame; false (and the connection dropped) when the client is not reading fast enough. */
  send(text: string): boolean {
    const ws = this.ws;
    if (this.closed || ws.readyState !== OPEN) return false;
    ws.send(text);
    if (ws.bufferedAmount > this.hub.engine.options.maxSendQueueBytes) {
      this.hub.engine.log({
        level: 'warn',
        event: 'ws-overflow',
        message: `dropping a WebSocket connection: ${ws.bufferedAmount} bytes queued, over the limit of ${this.hub.engine.options.maxSendQueueBytes}`,
        service: this.match.service.def.name,
        transport: 'websocket',
      });
      ws.terminate();
      this.onClose();
      return false;
    }
    return true;
  }

  private async pump(live: Live): Promise<void> {
    const { sub } = live;
    const engine = this.hub.engine;
    const flavor = this.match.service.flavor;
    let sent = 0;
    try {
      for (;;) {
        const step = await sub.iterator.next();
        if (live.ended || step.done) break;
        const payload = sub.typed && sub.encodeResult ? encode(sub.encodeResult, step.value) : step.value;
        if (!this.send(engine.notification(flavor, sub.notification, sub.id, JSON.stringify(payload) ?? 'null'))) break;
        // Let the socket drain (and other work run) even when the producer never waits.
        if (++sent % 16 === 0) await new Promise<void>((resolve) => setImmediate(resolve));
      }
    } catch (e) {
      if (!live.ended) {
        engine.log({
          level: 'error',
          event: 'subscription-failed',
          message: `subscription ${sub.id} of ${sub.method} failed and was ended`,
          service: sub.service,
          method: sub.method,
          transport: 'websocket',
          subscription: sub.id,
          error: errorText(e),
        });
      }
    } finally {
      this.end(live);
    }
  }

  private end(live: Live): void {
    if (live.ended) return;
    live.ended = true;
    this.live.delete(live.sub.id);
    live.sub.controller.abort();
    try {
      const r = live.sub.iterator.return?.();
      if (r && typeof r.then === 'function') r.then(undefined, () => undefined);
    } catch {
      // A producer failing to stop is its own business; the subscription is gone either way.
    }
  }

  private onClose(): void {
    if (this.closed) return;
    this.closed = true;
    this.controller.abort();
    for (const live of [...this.live.values()]) this.end(live);
    this.hub.forget(this);
  }

  /** Closes the connection (going away), forcibly if the client does not answer within a second. */
  close(): Promise<void> {
    if (this.ws.readyState === OPEN || this.ws.readyState === 0) {
      this.ws.close(1001, 'server closing');
      const timer = setTimeout(() => this.ws.terminate(), 1000);
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
  readonly engine: Engine;
  private readonly core: HttpCore;
  /** Created on the first upgrade: `ws` is loaded only by servers that get WebSocket traffic. */
  private wss: Promise<WebSocketServer> | undefined;
  private readonly connections = new Set<Connection>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private closed = false;

  constructor(core: HttpCore) {
    this.core = core;
    this.engine = core.engine;
  }

  private server(): Promise<WebSocketServer> {
    this.wss ??= import('ws').then(
      (mod) =>
        new mod.WebSocketServer({
          noServer: true,
          maxPayload: this.engine.options.maxBodyBytes,
          perMessageDeflate: false,
          clientTracking: false,
        }),
    );
    return this.wss;
  }

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, owner?: object): void {
    socket.on('error', () => undefined);
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const match = this.closed ? null : this.core.wsMatch(q < 0 ? url : url.slice(0, q));
    if (match === null) {
      const status = this.closed ? '503 Service Unavailable' : '404 Not Found';
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    this.server().then(
      (wss) =>
        wss.handleUpgrade(req, socket, head, (ws) => {
          if (this.closed) {
            ws.terminate();
            return;
          }
          this.connections.add(new Connection(this, ws, req, match, owner));
          this.startPings();
        }),
      () => {
        const text = 'WebSocket needs the `ws` package: npm install ws';
        socket.end(`HTTP/1.1 501 Not Implemented\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
      },
    );
  }

  forget(connection: Connection): void {
    this.connections.delete(connection);
  }

  private startPings(): void {
    const every = this.engine.options.pingIntervalMs;
    if (this.timer !== undefined || every <= 0) return;
    this.timer = setInterval(() => {
      for (const c of [...this.connections]) {
        if (!c.alive) {
          this.engine.log({
            level: 'warn',
            event: 'ws-timeout',
            message: 'dropping a WebSocket connection that missed a pong',
            transport: 'websocket',
          });
          c.ws.terminate();
          continue;
        }
        c.alive = false;
        try {
          c.ws.ping();
        } catch {
          // Closing already.
        }
      }
    }, every);
    this.timer.unref();
  }

  /** Closes the connections that came through one node:http server. */
  async closeOwned(owner: object): Promise<void> {
    await Promise.all([...this.connections].filter((c) => c.owner === owner).map((c) => c.close()));
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    await Promise.all([...this.connections].map((c) => c.close()));
    if (this.wss) {
      const wss = await this.wss.catch(() => undefined);
      if (wss) await new Promise<void>((resolve) => wss.close(() => resolve()));
    }
  }
}
