/**
 * Calls over the WebSocket transport's connection: each sent with a fresh id (alone, or with others in one
 * JSON-RPC array), bounded by its timeout from the moment it is made (connecting included), and matched to
 * its reply by id. A call in flight on a connection that drops rejects with TransportError: it is not
 * resent, as the server may have executed it.
 */
import { AbortError, EncodeError, NodeRpcError, ProtocolError, TimeoutError, TransportError } from '../../errors/index.js';
import { isRecord } from '../../guards.js';
import { checkReply, createIdSource, frame, idMismatch, outcome, type JsonRpcId, type Outcome } from '../jsonrpc.js';
import type { RequestOptions, RpcCall, Settled } from '../transport.js';
import type { Connection } from './connection.js';
import { closedError, errorMessage, OPEN, type Settings, type WebSocketLike } from './options.js';

/** One call in flight. */
interface Entry {
  readonly id: number;
  readonly call: RpcCall;
  /** The connection it was sent on (undefined while connecting). */
  socket: WebSocketLike | undefined;
  /** The calls sent with it in one array. */
  group: Entry[] | undefined;
  done: boolean;
  end(o: Outcome): void;
}

function textOf(data: unknown): string | undefined {
  if (typeof data === 'string') return data;
  if (data instanceof ArrayBuffer) return new TextDecoder().decode(data);
  if (ArrayBuffer.isView(data)) return new TextDecoder().decode(data);
  if (Array.isArray(data) && data.every((d) => ArrayBuffer.isView(d))) {
    return data.map((d: ArrayBufferView) => new TextDecoder().decode(d)).join('');
  }
  return undefined;
}

export class Calls {
  private readonly nextId = createIdSource();
  private readonly pending = new Map<JsonRpcId, Entry>();

  constructor(
    private readonly settings: Settings,
    private readonly connection: Connection,
    /** A message with a method and no id: a subscription's notification. */
    private readonly notification: (message: Record<string, unknown>) => void,
  ) {}

  request(call: RpcCall, opts?: RequestOptions): Promise<unknown> {
    return new Promise((resolve, reject) => this.dispatch([call], opts, false, (_, o) => (o.ok ? resolve(o.value) : reject(o.error))));
  }

  batch(calls: readonly RpcCall[], opts?: RequestOptions): Promise<Settled<unknown>[]> {
    if (calls.length === 0) return Promise.resolve([]);
    return new Promise((resolve) => {
      const out: Settled<unknown>[] = new Array(calls.length);
      let left = calls.length;
      const finishAt = (offset: number) => (i: number, o: Outcome) => {
        out[offset + i] = o.ok ? { status: 'fulfilled', value: o.value } : { status: 'rejected', reason: o.error };
        if (--left === 0) resolve(out);
      };
      if (!this.settings.batching) return this.dispatch(calls, opts, false, finishAt(0));
      const size = this.settings.maxBatchSize;
      for (let i = 0; i < calls.length; i += size) this.dispatch(calls.slice(i, i + size), opts, true, finishAt(i));
    });
  }

  /**
   * Sends calls (as one array when `asArray`, else as separate messages) and reports each outcome through
   * `finish`, synchronously from the message handler, so a subscription is routed before the next message.
   */
  dispatch(calls: readonly RpcCall[], opts: RequestOptions | undefined, asArray: boolean, finish: (index: number, o: Outcome) => void): void {
    const { url } = this.settings;
    const signal = opts?.signal;
    const timeout = opts?.timeout ?? this.settings.timeout;
    let open = calls.length;
    const cleanup = (): void => {
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    const entries: Entry[] = calls.map((call, index) => {
      const entry: Entry = {
        id: this.nextId(),
        call,
        socket: undefined,
        group: undefined,
        done: false,
        end: (o) => {
          if (entry.done) return;
          entry.done = true;
          this.pending.delete(entry.id);
          if (--open === 0) cleanup();
          finish(index, o);
        },
      };
      return entry;
    });
    const endAll = (make: (e: Entry) => NodeRpcError): void => {
      for (const e of entries) if (!e.done) e.end({ ok: false, error: make(e) });
    };
    const onAbort = (): void => endAll((e) => new AbortError(signal?.reason, { method: e.call.method, url }));
    const timer =
      timeout > 0 && Number.isFinite(timeout) && entries.length > 0
        ? setTimeout(() => endAll((e) => new TimeoutError(timeout, { method: e.call.method, url })), timeout)
        : undefined;
    if (this.connection.closed) return endAll((e) => closedError(url, e.call.method));
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    for (const e of entries) this.pending.set(e.id, e);
    this.connection.connect().then(
      (ws) => this.send(ws, entries, asArray),
      (error: unknown) =>
        endAll((e) =>
          error instanceof TimeoutError
            ? new TimeoutError(error.timeout, { method: e.call.method, url })
            : error instanceof NodeRpcError && !(error instanceof TransportError)
              ? error
              : new TransportError(`${e.call.method}: ${errorMessage(error)}`, { method: e.call.method, url, cause: error }),
        ),
    );
  }

  /** Sends the calls not ended yet on `ws`, the connection just opened (or already open). */
  private send(ws: WebSocketLike, entries: readonly Entry[], asArray: boolean): void {
    const { url } = this.settings;
    const texts: string[] = [];
    const sent: Entry[] = [];
    for (const e of entries) {
      if (e.done) continue;
      try {
        texts.push(JSON.stringify(frame(e.id, e.call.method, e.call.params)));
        sent.push(e);
      } catch (cause) {
        e.end({ ok: false, error: new EncodeError(e.call.method, `the params cannot be sent as JSON (${errorMessage(cause)}); pass them in wire form`, { cause }) });
      }
    }
    if (sent.length === 0) return;
    if (ws !== this.connection.socket || ws.readyState !== OPEN) {
      for (const e of sent) e.end({ ok: false, error: new TransportError(`${e.call.method}: the connection to ${url} closed before the call was sent`, { method: e.call.method, url }) });
      return;
    }
    const group = asArray && sent.length > 1 ? sent : undefined;
    for (const e of sent) {
      e.socket = ws;
      e.group = group;
    }
    try {
      if (group) ws.send(`[${texts.join(',')}]`);
      else for (const t of texts) ws.send(t);
    } catch (cause) {
      for (const e of sent) e.end({ ok: false, error: new TransportError(`${e.call.method}: sending to ${url} failed: ${errorMessage(cause)}`, { method: e.call.method, url, cause }) });
    }
  }

  /** Ends every call sent on `ws` with the error `make` gives. */
  failSentOn(ws: WebSocketLike, make: (call: RpcCall) => NodeRpcError): void {
    for (const e of [...this.pending.values()]) if (e.socket === ws) e.end({ ok: false, error: make(e.call) });
  }

  /** Ends every call in flight: the transport is closed. */
  closeAll(): void {
    for (const e of [...this.pending.values()]) e.end({ ok: false, error: closedError(this.settings.url, e.call.method) });
  }

  received(ws: WebSocketLike, data: unknown): void {
    const { url } = this.settings;
    const text = textOf(data);
    let message: unknown;
    try {
      if (text === undefined) throw new Error('not text');
      message = JSON.parse(text);
    } catch {
      // Nothing in it can be matched to a call: fail the calls waiting on this connection rather than let them time out.
      this.failSentOn(ws, (call) => new ProtocolError('the server sent a message that is not JSON', { method: call.method, url, body: text ?? '', redact: call.redact }));
      return;
    }
    if (Array.isArray(message)) {
      const groups = new Set<Entry[]>();
      for (const item of message) this.reply(ws, item, groups);
      for (const g of groups) {
        for (const e of g) {
          if (!e.done) {
            e.end({
              ok: false,
              error: new ProtocolError(`the batch reply has no item for id ${e.id} (${message.length} items for ${g.length} calls)`, { method: e.call.method, url }),
            });
          }
        }
      }
      return;
    }
    if (isRecord(message) && message.id === undefined && typeof message.method === 'string') return this.notification(message);
    this.reply(ws, message, undefined);
  }

  private reply(ws: WebSocketLike, item: unknown, groups: Set<Entry[]> | undefined): void {
    const { url } = this.settings;
    const checked = checkReply(item);
    const id = isRecord(item) ? item.id : undefined;
    const entry = typeof id === 'number' ? this.pending.get(id) : undefined;
    if (entry && entry.socket === ws) {
      if (entry.group) groups?.add(entry.group);
      entry.end(
        typeof checked === 'string'
          ? { ok: false, error: new ProtocolError(checked, { method: entry.call.method, url, body: JSON.stringify(item), redact: entry.call.redact }) }
          : outcome(checked, entry.call, { url }),
      );
      return;
    }
    if (typeof id === 'string' && /^(0|[1-9][0-9]*)$/.test(id)) {
      // A string id never answers a number id; say so instead of letting the call time out.
      const twin = this.pending.get(Number(id));
      if (twin && twin.socket === ws) twin.end({ ok: false, error: new ProtocolError(idMismatch(id, twin.id), { method: twin.call.method, url }) });
      return;
    }
    if (id === null && typeof checked !== 'string' && checked.error !== undefined) {
      // An error the server could not attribute: it belongs to the only request or array in flight, if there is one.
      const units = new Set<Entry | Entry[]>();
      for (const e of this.pending.values()) if (e.socket === ws) units.add(e.group ?? e);
      if (units.size === 1) {
        const [unit] = units;
        for (const e of Array.isArray(unit) ? unit : [unit!]) e.end(outcome(checked, e.call, { url }));
      }
    }
  }
}
