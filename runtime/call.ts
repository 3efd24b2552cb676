/**
 * What generated client methods call: value form in, params encoded to wire form, sent over a transport,
 * the result optionally validated against the spec, then decoded to value form.
 */
import { CodecError, decode, encode } from './codec.js';
import { NodeRpcError, redact } from './error-base.js';
import { DecodeError, EncodeError, ResponseValidationError, UnsupportedError } from './error-forms.js';
import { withBackfill, type BackfillOptions } from './backfill.js';
import type { MethodMeta, SubscriptionMeta, ValidatorModule } from './meta.js';
import type { RequestOptions, RpcCall, Settled, SubscribeOptions, Subscription, Transport } from './transport.js';
import { pointerToAccessor } from './validate.js';

export interface CallOptions extends RequestOptions {
  /** Validate the result against the method's result schema before decoding (default: the transport's `validate`). */
  readonly validate?: boolean;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'string') return 'a string';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}

/** Positional args on the wire: trailing `undefined`s dropped, any other `undefined` sent as `null`. */
function positional(args: readonly unknown[]): unknown[] {
  let end = args.length;
  while (end > 0 && args[end - 1] === undefined) end--;
  return args.slice(0, end).map((a) => (a === undefined ? null : a));
}

/**
 * `either` (OpenRPC's default) travels in the positional form, which every JSON-RPC server accepts; only
 * `by-name` sends one object.
 */
function byPosition(meta: Pick<MethodMeta, 'structure'>): boolean {
  return meta.structure !== 'by-name';
}

/** Params given as an object to a method that takes them either way, in declaration order. */
function inOrder(meta: Pick<MethodMeta, 'structure' | 'params'>, params: unknown): unknown {
  return meta.structure === 'either' && isPlainObject(params) ? meta.params.map((n) => (Object.prototype.hasOwnProperty.call(params, n) ? params[n] : undefined)) : params;
}

function encodeFailure(method: string, e: unknown, secrets: readonly string[]): never {
  if (e instanceof CodecError) {
    throw new EncodeError(
      method,
      redact(`params${pointerToAccessor(e.path)} must be ${e.expected}, got ${describeValue(e.value)}. Fix the argument.`, secrets),
      { path: e.path },
    );
  }
  throw e;
}

/** The secret values of a call's params (keystore passwords), to keep out of every error. */
export function secretValues(meta: Pick<MethodMeta, 'secrets' | 'params' | 'structure'>, params: unknown): string[] {
  if (!meta.secrets || meta.secrets.length === 0) return [];
  const out: string[] = [];
  params = inOrder(meta, params);
  for (const name of meta.secrets) {
    let value: unknown;
    if (byPosition(meta)) {
      const i = meta.params.indexOf(name);
      value = Array.isArray(params) && i >= 0 ? params[i] : undefined;
    } else if (isPlainObject(params)) value = params[name];
    if (typeof value === 'string' && value !== '') out.push(value);
  }
  return out;
}

/**
 * Value-form params → the wire `params` member. By name: one object, keys whose value is undefined dropped
 * (the node treats an absent key as "not given"; `""` would be an error). By position: an array of args.
 */
export function encodeParams(meta: MethodMeta, params: unknown): unknown {
  const secrets = secretValues(meta, params);
  params = inOrder(meta, params);
  if (byPosition(meta)) {
    if (params !== undefined && !Array.isArray(params)) {
      throw new EncodeError(meta.name, `takes its params by position: pass an array of arguments, got ${describeValue(params)}`);
    }
    let encoded: unknown;
    try {
      encoded = encode(meta.encode, params ?? []);
    } catch (e) {
      encodeFailure(meta.name, e, secrets);
    }
    return positional(encoded as unknown[]);
  }
  if (params !== undefined && !isPlainObject(params)) {
    throw new EncodeError(meta.name, `takes its params by name: pass one object, got ${describeValue(params)}`);
  }
  let encoded: unknown;
  try {
    encoded = encode(meta.encode, params ?? {});
  } catch (e) {
    encodeFailure(meta.name, e, secrets);
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(encoded as Record<string, unknown>)) {
    if (v !== undefined) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function unsupported(transport: Transport, meta: MethodMeta): UnsupportedError | undefined {
  if (!meta.wsOnly || transport.kind === 'websocket') return undefined;
  return new UnsupportedError(
    `${meta.name} is only available over WebSocket, but this client talks HTTP to ${transport.url}: ` +
      'configure a WebSocket endpoint (the `ws` option) and call it there.',
    { method: meta.name, url: transport.url },
  );
}

/** A raw result → the value form: validated first when asked, then decoded. */
async function finish<R>(meta: MethodMeta, transport: Transport, raw: unknown, validate: boolean): Promise<R> {
  if (validate && meta.resultValidator) {
    const { validate: check } = await meta.resultValidator();
    const issues = check(raw);
    if (issues && issues.length > 0) throw new ResponseValidationError(meta.name, issues, { url: transport.url });
  }
  try {
    return decode(meta.decode, raw) as R;
  } catch (e) {
    if (e instanceof CodecError) throw new DecodeError(meta.name, e, { url: transport.url });
    throw e;
  }
}

/**
 * One call: encode, send, validate (optional), decode. Rejects with a NodeRpcError: RpcError for the
 * server's JSON-RPC error, EncodeError/DecodeError/ResponseValidationError for the forms, the transport's
 * errors for the rest. The request is made synchronously, so calls made in the same tick can be auto-batched.
 */
export async function call<R>(transport: Transport, meta: MethodMeta, params?: unknown, options?: CallOptions): Promise<R> {
  const refused = unsupported(transport, meta);
  if (refused) throw refused;
  const wire = encodeParams(meta, params);
  const raw = await transport.request({ method: meta.name, params: wire, redact: secretValues(meta, params), effects: meta.effects }, options);
  return finish<R>(meta, transport, raw, options?.validate ?? transport.validate ?? false);
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
  let error: NodeRpcError | undefined = unsupported(transport, meta);
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
    encodeFailure(label, e, []);
  }
  const params = [meta.kind, ...positional(encoded as unknown[])];
  const map = (payload: unknown): unknown => {
    try {
      return decode(meta.decode, payload);
    } catch (e) {
      if (e instanceof CodecError) throw new DecodeError(label, e, { url: transport.url });
      throw e;
    }
  };
  const { validate, backfill, ...transportOptions } = options ?? {};
  const check = (validate ?? transport.validate) && meta.notificationValidator;
  if (backfill && (meta.kind === 'newHeads' || meta.kind === 'logs')) {
    const filled = withBackfill(transport.subscribe(meta, params, transportOptions), transport, meta.kind, params[1], backfill === true ? {} : backfill);
    const validator = check ? meta.notificationValidator!() : Promise.resolve<ValidatorModule>({ validate: () => null });
    validator.catch(() => undefined);
    return validating<T>(filled, validator, map, label, transport.url);
  }
  if (!check) return transport.subscribe(meta, params, { ...transportOptions, map }) as Subscription<T>;
  const validator = meta.notificationValidator!();
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
        throw new ResponseValidationError(label, issues, { url });
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
