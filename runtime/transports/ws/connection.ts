/**
 * The WebSocket transport's connection: opening it (one attempt at a time, bounded by the timeout), noticing
 * when it drops (a close, or a keep-alive ping with no reply), and reconnecting with exponential backoff and
 * jitter while subscriptions wait for it. What to do with calls and subscriptions is the owner's, told
 * through `ConnectionEvents`.
 */
import { type NodeRpcError, TimeoutError, TransportError } from '../../errors/index.js';
import { isRecord } from '../../guards.js';
import type { RequestOptions, RpcCall } from '../transport.js';
import { closedError, errorMessage, type Settings, type WebSocketConstructor, type WebSocketLike } from './options.js';

/**
 * The wait before reconnect attempt `attempt` (0-based): exponential, capped, with "equal jitter" (between
 * half and all of the capped value) so many clients dropped at once do not come back in step.
 */
export function backoff(attempt: number, delay: number, maxDelay: number, random: () => number = Math.random): number {
  const ceiling = Math.min(maxDelay, delay * 2 ** Math.min(attempt, 30));
  return ceiling / 2 + (random() * ceiling) / 2;
}

/** What the connection tells its owner. */
export interface ConnectionEvents {
  /** A message arrived on `ws`, the open connection. */
  message(ws: WebSocketLike, data: unknown): void;
  /** The open connection `ws` went away (`why` says how): what was sent on it has no answer coming. */
  dropped(ws: WebSocketLike, why: string, cause: unknown): void;
  /** Whether any subscription waits for a reconnect. */
  waiting(): boolean;
  /** A new connection is open. */
  opened(): void;
  /** No reconnect will come: `reason` says why. */
  abandoned(reason: string, cause?: unknown): void;
  /** Sends a keep-alive ping. */
  ping(call: RpcCall, opts: RequestOptions): Promise<unknown>;
}

export class Connection {
  /** The open connection, if any. */
  socket: WebSocketLike | undefined;
  closed = false;
  /** Reconnect attempts in a row; a confirmed subscription resets it. */
  attempt = 0;
  private opening: Promise<WebSocketLike> | undefined;
  private ctorPromise: Promise<WebSocketConstructor> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly settings: Settings,
    private readonly events: ConnectionEvents,
  ) {}

  connect(): Promise<WebSocketLike> {
    if (this.closed) return Promise.reject(closedError(this.settings.url));
    if (this.socket) return Promise.resolve(this.socket);
    this.opening ??= this.open().finally(() => {
      this.opening = undefined;
    });
    return this.opening;
  }

  private resolveCtor(): Promise<WebSocketConstructor> {
    const { url, options } = this.settings;
    this.ctorPromise ??= (async (): Promise<WebSocketConstructor> => {
      if (options.WebSocket) return options.WebSocket;
      const native = (globalThis as { WebSocket?: unknown }).WebSocket;
      if (!options.headers && typeof native === 'function') return native as WebSocketConstructor;
      try {
        const mod = (await import('ws')) as unknown as { WebSocket?: WebSocketConstructor; default?: WebSocketConstructor };
        const ctor = mod.WebSocket ?? mod.default;
        if (typeof ctor !== 'function') throw new Error('the ws module has no WebSocket export');
        return ctor;
      } catch (cause) {
        throw new TransportError(
          `no WebSocket implementation for ${url}: ${options.headers ? 'handshake headers need' : 'this runtime has no global WebSocket, so it needs'} ` +
            'the `ws` package (npm install ws), or pass `WebSocket` to the transport',
          { url, cause },
        );
      }
    })();
    this.ctorPromise.catch(() => {
      this.ctorPromise = undefined;
    });
    return this.ctorPromise;
  }

  private async open(): Promise<WebSocketLike> {
    const Ctor = await this.resolveCtor();
    const { url, options, timeout } = this.settings;
    if (this.closed) throw closedError(url);
    return new Promise<WebSocketLike>((resolve, reject) => {
      let ws: WebSocketLike;
      try {
        ws = options.headers ? new Ctor(url, { headers: { ...options.headers } }) : new Ctor(url);
      } catch (cause) {
        reject(new TransportError(`could not open a WebSocket to ${url}: ${errorMessage(cause)}`, { url, cause }));
        return;
      }
      try {
        ws.binaryType = 'arraybuffer';
      } catch {
        // Implementations without binaryType hand over buffers, which textOf reads too.
      }
      let settled = false;
      let lastError: unknown;
      const fail = (error: NodeRpcError): void => {
        if (settled) return;
        settled = true;
        if (timer !== undefined) clearTimeout(timer);
        try {
          ws.close();
        } catch {
          // Already closing.
        }
        reject(error);
      };
      const timer =
        timeout > 0 && Number.isFinite(timeout) ? setTimeout(() => fail(new TimeoutError(timeout, { url, method: 'connect' })), timeout) : undefined;
      ws.addEventListener('open', () => {
        if (settled) return;
        settled = true;
        if (timer !== undefined) clearTimeout(timer);
        if (this.closed) {
          ws.close(1000);
          reject(closedError(url));
          return;
        }
        this.socket = ws;
        resolve(ws);
        this.afterOpen();
      });
      ws.addEventListener('error', (event: unknown) => {
        lastError = isRecord(event) ? (event.error ?? event.message) : event;
        if (!settled) fail(new TransportError(`could not connect to ${url}: ${errorMessage(lastError)}. Check the URL and that the node is running.`, { url, cause: lastError }));
      });
      ws.addEventListener('close', (event: unknown) => {
        const code = isRecord(event) ? event.code : undefined;
        if (!settled) fail(new TransportError(`could not connect to ${url}: the connection closed (code ${String(code)})`, { url, cause: lastError }));
        else if (ws === this.socket) this.dropped(ws, event, lastError);
      });
      ws.addEventListener('message', (event: unknown) => {
        if (ws === this.socket && isRecord(event)) this.events.message(ws, event.data);
      });
    });
  }

  private afterOpen(): void {
    if (this.reconnectTimer !== undefined) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    if (this.socket) this.startKeepAlive(this.socket);
    this.events.opened();
  }

  /** Pings `ws` every `interval` ms while it is the connection; a ping without a reply drops it. */
  private startKeepAlive(ws: WebSocketLike): void {
    const keepAlive = this.settings.keepAlive;
    if (!keepAlive) return;
    const interval = keepAlive.interval ?? 30_000;
    const timeout = keepAlive.timeout ?? 10_000;
    const schedule = (): void => {
      if (ws !== this.socket || this.closed) return;
      this.pingTimer = setTimeout(ping, interval);
      (this.pingTimer as { unref?: () => void }).unref?.();
    };
    const ping = (): void => {
      this.pingTimer = undefined;
      if (ws !== this.socket || this.closed) return;
      this.events.ping({ method: keepAlive.method ?? 'net_version', params: keepAlive.params ?? [] }, { timeout }).then(schedule, (e: unknown) => {
        if (ws !== this.socket) return;
        if (!(e instanceof TimeoutError)) return schedule();
        try {
          ws.close(4000, 'no reply to the keep-alive ping');
        } catch {
          // Already closing.
        }
        this.dropped(ws, { code: 4000, reason: `no reply to the keep-alive ping within ${timeout} ms` }, e);
      });
    };
    schedule();
  }

  private stopTimers(): void {
    if (this.reconnectTimer !== undefined) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    if (this.pingTimer !== undefined) clearTimeout(this.pingTimer);
    this.pingTimer = undefined;
  }

  /** The open connection went away. */
  private dropped(ws: WebSocketLike, event: unknown, cause: unknown): void {
    this.socket = undefined;
    if (this.pingTimer !== undefined) clearTimeout(this.pingTimer);
    this.pingTimer = undefined;
    const code = isRecord(event) ? event.code : undefined;
    const reason = isRecord(event) && typeof event.reason === 'string' && event.reason ? `, ${event.reason}` : '';
    const why = `the connection to ${this.settings.url} closed (code ${String(code)}${reason})`;
    this.events.dropped(ws, why, cause);
    if (!this.events.waiting() || this.closed) return;
    if (!this.settings.reconnect) return this.events.abandoned(`${why} and reconnect is off`, cause);
    this.scheduleReconnect(why);
  }

  private scheduleReconnect(why: string): void {
    if (this.closed || this.reconnectTimer !== undefined) return;
    if (this.attempt >= this.settings.maxAttempts) {
      this.events.abandoned(`${why}; gave up after ${this.attempt} reconnect attempts`);
      return;
    }
    const wait = backoff(this.attempt++, this.settings.baseDelay, this.settings.maxDelay);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (!this.events.waiting()) return;
      this.connect().catch((e: unknown) => this.scheduleReconnect(errorMessage(e)));
    }, wait);
  }

  /** Stops reconnecting and pinging for good; `close()` then closes the socket. */
  shut(): void {
    this.closed = true;
    this.stopTimers();
  }

  /** Closes the open connection, waiting a second at most for it to close. */
  async close(): Promise<void> {
    const ws = this.socket;
    this.socket = undefined;
    if (!ws) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 1000);
      (timer as { unref?: () => void }).unref?.();
      ws.addEventListener('close', () => {
        clearTimeout(timer);
        resolve();
      });
      try {
        ws.close(1000);
      } catch {
        clearTimeout(timer);
        resolve();
      }
    });
  }
}
