/**
 * The call API beside the success path of one call: `encodeParams`; `prepare` and `batch`, which encode calls
 * ahead and send them together; `subscribe`, for subscriptions. Each reports a failure at once (an
 * unencodable call is its own outcome in a batch; a subscription over HTTP throws), so this module imports the
 * errors that call.ts loads only on failure. It also names `call` and `secretValues`, so the runtime index
 * re-exports the whole call API from here.
 */
import { encodeWire, finish, positional, refuses, secretValues, type CallOptions } from './call.js';
import type { BackfillOptions, withBackfill } from './backfill.js';
import { CodecError, decode, encode } from './codec.js';
import { Unencodable } from './unencodable.js';
import { NodeRpcError } from '../errors/base.js';
import { encodeError, invalidResult, undecodable, unencodable, unsupported, UnsupportedError } from '../errors/forms.js';
import { notificationValidatorOf, type MethodMeta, type SubscriptionMeta, type ValidatorModule } from './meta.js';
import type { RpcCall, Settled, SubscribeOptions, Subscription, Transport } from '../transports/transport.js';

export { call, secretValues } from './call.js';
export type { CallOptions } from './call.js';

/**
 * Value-form params → the wire `params` member. By name: one object, keys whose value is undefined dropped
 * (the node treats an absent key as "not given"; `""` would be an error). By position: an array of args.
 * Throws EncodeError when the params cannot be encoded.
 */
export function encodeParams(meta: MethodMeta, params: unknown): unknown {
  const wire = encodeWire(meta, params);
  if (wire instanceof Unencodable) throw unencodable(meta.name, wire, secretValues(meta, params));
  return wire;
}

/** A call encoded and ready to go into a `batch`. */
export interface PreparedCall<R> {
  readonly transport: Transport;
  readonly meta: MethodMeta;
  /** The wire call, or undefined when the params could not be encoded (see `error`). */
  readonly call: RpcCall | undefined;
  /** Why the call cannot be sent; the batch reports it as this call's outcome. */
  readonly error: NodeRpcError | undefined;
  /** Turns the raw result into the value form (validating first when asked). */
  finish(raw: unknown, validate: boolean): Promise<R>;
}

/** The value type of a prepared call. */
export type ResultOf<P> = P extends PreparedCall<infer R> ? R : never;

/** The outcomes of a batch, one per call, typed per position. */
export type BatchResult<T extends readonly PreparedCall<unknown>[]> = { -readonly [K in keyof T]: Settled<ResultOf<T[K]>> };

/** Encodes a call for `batch` without sending it. A call that cannot be encoded fails alone, in the batch. */
export function prepare<R>(transport: Transport, meta: MethodMeta, params?: unknown): PreparedCall<R> {
  let wire: RpcCall | undefined;
  let error: NodeRpcError | undefined = refuses(transport, meta) ? unsupported(transport, meta) : undefined;
  if (!error) {
    try {
      wire = { method: meta.name, params: encodeParams(meta, params), redact: secretValues(meta, params), effects: meta.effects };
    } catch (e) {
      if (!(e instanceof NodeRpcError)) throw e;
      error = e;
    }
  }
  return { transport, meta, call: wire, error, finish: (raw, validate) => finish<R>(meta, transport, raw, validate) };
}

/**
 * Sends prepared calls together: one JSON-RPC array per transport that accepts arrays (split at its
 * `maxBatchSize`), concurrent single requests otherwise. One outcome per call, in order, typed per position;
 * one failing call never fails the others, and the returned promise never rejects.
 */
export async function batch<const T extends readonly PreparedCall<unknown>[]>(calls: T, options?: CallOptions): Promise<BatchResult<T>> {
  const out: Settled<unknown>[] = new Array<Settled<unknown>>(calls.length);
  const groups = new Map<Transport, number[]>();
  calls.forEach((c, i) => {
    if (c.error || !c.call) {
      out[i] = { status: 'rejected', reason: c.error };
      return;
    }
    const group = groups.get(c.transport);
    if (group) group.push(i);
    else groups.set(c.transport, [i]);
  });
  await Promise.all(
    [...groups].map(async ([transport, indices]) => {
      const settled = await transport.batch(
        indices.map((i) => calls[i]!.call!),
        options,
      );
      const validate = options?.validate ?? transport.validate ?? false;
      await Promise.all(
        indices.map(async (i, k) => {
          const s = settled[k]!;
          if (s.status === 'rejected') {
            out[i] = s;
            return;
          }
          try {
            out[i] = { status: 'fulfilled', value: await calls[i]!.finish(s.value, validate) };
          } catch (reason) {
            out[i] = { status: 'rejected', reason };
          }
        }),
      );
    }),
  );
  return out as BatchResult<T>;
}

export interface SubscribeCallOptions extends Omit<SubscribeOptions, 'map' | 'redact'> {
  /** Validate every notification against the spec (default: the transport's `validate`). */
  readonly validate?: boolean;
  /**
   * `newHeads` and `logs`: after a reconnect, deliver what the subscription missed first (the blocks in
   * between, the logs of that range), in order and without duplicates.
   */
  readonly backfill?: boolean | BackfillOptions;
}

/**
 * Starts a subscription of one kind (`newHeads`, `logs`, ...): the params after the kind are encoded with
 * the kind's plan, and each notification's payload is decoded (a payload that cannot be decoded ends the
 * subscription with DecodeError). Throws UnsupportedError on a transport without subscriptions (HTTP).
 */
export function subscribe<T>(transport: Transport, meta: SubscriptionMeta, args: readonly unknown[] = [], options?: SubscribeCallOptions): Subscription<T> {
  const label = `${meta.subscribe}(${JSON.stringify(meta.kind)})`;
  if (!transport.subscribe) {
    throw new UnsupportedError(
      `${label} needs a WebSocket transport: subscriptions cannot be delivered over HTTP (${transport.url}). ` +
        'Configure a WebSocket endpoint (the `ws` option) and subscribe there.',
      { method: meta.subscribe, url: transport.url },
    );
  }
  let encoded: unknown;
  try {
    encoded = encode(meta.encode, [...args]);
  } catch (e) {
    if (e instanceof CodecError) throw encodeError(label, e, []);
    throw e;
  }
  const params = [meta.kind, ...positional(encoded as unknown[])];
  const map = (payload: unknown): unknown => {
    try {
      return decode(meta.decode, payload);
    } catch (e) {
      if (e instanceof CodecError) throw undecodable(label, e, transport.url);
      throw e;
    }
  };
  const { validate, backfill, ...transportOptions } = options ?? {};
  const check = (validate ?? transport.validate) ? notificationValidatorOf(meta, transport.validators) : undefined;
  if (backfill && (meta.kind === 'newHeads' || meta.kind === 'logs')) {
    // Backfill comes with the WebSocket transport (it is the one that reconnects), so a program that never
    // subscribes does not bundle it.
    const fill = (transport as { backfill?: typeof withBackfill }).backfill;
    if (typeof fill !== 'function') throw new TypeError(`backfill needs a transport that reconnects and catches up (createWebSocketTransport); ${transport.url} has none`);
    const filled = fill(transport.subscribe(meta, params, transportOptions), transport, meta.kind, params[1], backfill === true ? {} : backfill);
    const validator = check ? check() : Promise.resolve<ValidatorModule>({ validate: () => null });
    validator.catch(() => undefined);
    return validating<T>(filled, validator, map, label, transport.url);
  }
  if (!check) return transport.subscribe(meta, params, { ...transportOptions, map }) as Subscription<T>;
  const validator = check();
  validator.catch(() => undefined);
  return validating<T>(transport.subscribe(meta, params, transportOptions), validator, map, label, transport.url);
}

/**
 * A subscription whose payloads are checked against the spec before they are decoded: the first payload
 * that does not match ends the subscription (unsubscribing) with ResponseValidationError.
 */
function validating<T>(inner: Subscription<unknown>, validator: Promise<ValidatorModule>, map: (payload: unknown) => unknown, label: string, url: string): Subscription<T> {
  const self: Subscription<T> = {
    get id(): string | undefined {
      return inner.id;
    },
    ready: inner.ready,
    unsubscribe: (): Promise<void> => inner.unsubscribe(),
    async next(): Promise<IteratorResult<T, undefined>> {
      const r = await inner.next();
      if (r.done) return { done: true, value: undefined };
      const { validate } = await validator;
      const issues = validate(r.value);
      if (issues && issues.length > 0) {
        await inner.return();
        throw invalidResult(label, issues, url);
      }
      return { done: false, value: map(r.value) as T };
    },
    return: async (): Promise<IteratorResult<T, undefined>> => {
      await inner.return();
      return { done: true, value: undefined };
    },
    [Symbol.asyncIterator](): Subscription<T> {
      return self;
    },
  };
  return self;
}
