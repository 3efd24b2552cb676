/**
 * Subscriptions over the WebSocket transport: each an async iterator over its notifications, buffered up to
 * a bound, routed by the server's subscription id. A subscription the server has not confirmed yet fails on
 * any error; a confirmed one survives drops while reconnection is on (it is made again on the new
 * connection), and ends with TransportError when reconnection is off or gives up.
 */
import { BufferOverflowError, ProtocolError, TransportError } from '../../errors/index.js';
import { isRecord } from '../../guards.js';
import type { Outcome } from '../jsonrpc.js';
import type { SubscribeOptions, Subscription, SubscriptionTarget } from '../transport.js';
import type { Calls } from './calls.js';
import type { Connection } from './connection.js';
import { closedError, UNSUBSCRIBE_TIMEOUT, type Settings } from './options.js';

type SubStatus = 'subscribing' | 'live' | 'lost' | 'ended';

interface Waiter {
  resolve(r: IteratorResult<unknown, undefined>): void;
  reject(e: unknown): void;
}

const routeKey = (notification: string, id: unknown): string => `${notification}\u0000${String(id)}`;

/** The live subscriptions and the routes from the server's ids to them. */
export class Subscriptions {
  readonly all: Set<Sub> = new Set();
  readonly routes: Map<string, Sub> = new Map();

  constructor(
    readonly settings: Settings,
    readonly connection: Connection,
    readonly calls: Calls,
  ) {}

  subscribe(target: SubscriptionTarget, params: readonly unknown[], options: SubscribeOptions): Subscription<unknown> {
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
  start(sub: Sub): void {
    sub.status = 'subscribing';
    this.calls.dispatch([{ method: sub.target.subscribe, params: [...sub.params], redact: sub.options.redact }], undefined, false, (_, o) => sub.subscribed(o));
  }

  notification(message: Record<string, unknown>): void {
    const params = message.params;
    if (!isRecord(params) || !('subscription' in params)) return;
    this.routes.get(routeKey(message.method as string, params.subscription))?.push(params.result);
  }

  /** The connection dropped: the server forgot every subscription. */
  loseAll(): void {
    for (const sub of this.all) sub.lose();
  }

  /** Whether any subscription waits for a reconnect. */
  waiting(): boolean {
    return [...this.all].some((s) => s.status === 'lost');
  }

  /** A new connection is open: subscribe again. */
  resubscribe(): void {
    for (const s of this.all) if (s.status === 'lost') this.start(s);
  }

  /** No reconnect will come: the subscriptions waiting for one end. */
  abandon(reason: string, cause?: unknown): void {
    for (const s of [...this.all]) {
      if (s.status === 'lost') s.end(new TransportError(`subscription ${s.describe()} ended: ${reason}`, { method: s.target.subscribe, url: this.settings.url, cause }));
    }
  }

  /** The transport is closed: every subscription ends, dropping what it buffered. */
  closeAll(): void {
    for (const s of [...this.all]) s.end(undefined, true);
  }
}

export class Sub implements Subscription<unknown> {
  status: SubStatus = 'subscribing';
  private serverId: unknown = undefined;
  private currentId: string | undefined = undefined;
  private confirmed = false;
  private readonly queue: unknown[] = [];
  private readonly waiters: Waiter[] = [];
  private endError: unknown = undefined;
  private errorDelivered = false;
  private resolveReady!: (id: string) => void;
  private rejectReady!: (e: unknown) => void;
  readonly ready: Promise<string>;
  private readonly maxBuffered: number;
  /** Removes the AbortSignal listener once the subscription ends. */
  private detach: (() => void) | undefined = undefined;

  constructor(
    private readonly owner: Subscriptions,
    readonly target: SubscriptionTarget,
    readonly params: readonly unknown[],
    readonly options: SubscribeOptions,
  ) {
    this.ready = new Promise<string>((resolve, reject) => {
      this.resolveReady = resolve;
      this.rejectReady = reject;
    });
    this.ready.catch(() => undefined);
    this.maxBuffered = options.maxBuffered ?? owner.settings.maxBuffered;
    const signal = options.signal;
    if (signal) {
      if (signal.aborted) queueMicrotask(() => void this.unsubscribe());
      else {
        const onAbort = (): void => void this.unsubscribe();
        signal.addEventListener('abort', onAbort, { once: true });
        this.detach = () => signal.removeEventListener('abort', onAbort);
      }
    }
  }

  get id(): string | undefined {
    return this.currentId;
  }

  describe(): string {
    return `${this.target.subscribe}(${JSON.stringify(this.params[0]) ?? ''})${this.currentId ? ` ${this.currentId}` : ''}`;
  }

  /** The server confirmed (or refused) the subscribe call. Runs inside the message handler. */
  subscribed(o: Outcome): void {
    const { settings, connection } = this.owner;
    if (o.ok && (typeof o.value === 'string' || typeof o.value === 'number')) {
      if (this.status === 'ended') {
        // Unsubscribed while the subscribe call was in flight: cancel it on the server too.
        if (this.target.unsubscribe) this.owner.calls.request({ method: this.target.unsubscribe, params: [o.value] }).catch(() => undefined);
        return;
      }
      this.serverId = o.value;
      this.currentId = String(o.value);
      this.status = 'live';
      this.owner.routes.set(routeKey(this.target.notification, o.value), this);
      connection.attempt = 0;
      if (!this.confirmed) {
        this.confirmed = true;
        this.resolveReady(this.currentId);
      }
      return;
    }
    if (this.status === 'ended') return;
    const error = o.ok
      ? new ProtocolError(`${this.target.subscribe} returned ${JSON.stringify(o.value)} instead of a subscription id`, { method: this.target.subscribe, url: settings.url })
      : o.error;
    // A confirmed subscription whose re-subscribe lost the connection waits for the next reconnect.
    if (this.confirmed && error instanceof TransportError && !connection.closed && settings.reconnect) {
      this.status = 'lost';
      return;
    }
    this.end(error);
  }

  /** The connection dropped: the server forgot this subscription. */
  lose(): void {
    if (this.status === 'ended') return;
    this.owner.routes.delete(routeKey(this.target.notification, this.serverId));
    if (this.status === 'live') this.status = 'lost';
  }

  push(payload: unknown): void {
    if (this.status === 'ended') return;
    const waiter = this.waiters.shift();
    if (waiter) return this.deliver(payload, waiter);
    if (this.queue.length >= this.maxBuffered) {
      this.cancelOnServer();
      this.end(new BufferOverflowError(this.maxBuffered, { method: this.target.subscribe, url: this.owner.settings.url }));
      return;
    }
    this.queue.push(payload);
  }

  private deliver(payload: unknown, waiter: Waiter): void {
    let value: unknown;
    try {
      value = this.options.map ? this.options.map(payload) : payload;
    } catch (error) {
      this.errorDelivered = true;
      this.cancelOnServer();
      this.end(error, true);
      waiter.reject(error);
      return;
    }
    waiter.resolve({ value, done: false });
  }

  /** Ends the iteration: buffered payloads are still read (unless `drop`), then the error (if any), then done. */
  end(error?: unknown, drop = false): void {
    if (this.status === 'ended') return;
    this.status = 'ended';
    this.owner.routes.delete(routeKey(this.target.notification, this.serverId));
    this.owner.all.delete(this);
    this.detach?.();
    if (drop) this.queue.length = 0;
    this.endError = error;
    if (!this.confirmed) {
      this.rejectReady(error ?? new TransportError(`subscription ${this.describe()} ended before the server confirmed it`, { method: this.target.subscribe, url: this.owner.settings.url }));
    }
    for (const w of this.waiters.splice(0)) {
      if (error !== undefined && !this.errorDelivered) {
        this.errorDelivered = true;
        w.reject(error);
      } else w.resolve({ value: undefined, done: true });
    }
  }

  /** Best effort: tell the server to stop sending (waiting for its answer a few seconds at most). */
  private cancelOnServer(): Promise<void> {
    const { settings, connection, calls } = this.owner;
    if (this.status !== 'live' || !this.target.unsubscribe || !connection.socket) return Promise.resolve();
    const timeout = settings.timeout > 0 ? Math.min(settings.timeout, UNSUBSCRIBE_TIMEOUT) : UNSUBSCRIBE_TIMEOUT;
    return calls.request({ method: this.target.unsubscribe, params: [this.serverId] }, { timeout }).then(
      () => undefined,
      () => undefined,
    );
  }

  async unsubscribe(): Promise<void> {
    if (this.status === 'ended') return;
    const cancelled = this.cancelOnServer();
    this.end(undefined, true);
    await cancelled;
  }

  next(): Promise<IteratorResult<unknown, undefined>> {
    if (this.queue.length > 0) {
      return new Promise((resolve, reject) => this.deliver(this.queue.shift(), { resolve, reject }));
    }
    if (this.status === 'ended') {
      if (this.endError !== undefined && !this.errorDelivered) {
        this.errorDelivered = true;
        return Promise.reject(this.endError);
      }
      return Promise.resolve({ value: undefined, done: true });
    }
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  async return(): Promise<IteratorResult<unknown, undefined>> {
    await this.unsubscribe();
    return { value: undefined, done: true };
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}
