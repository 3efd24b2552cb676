/**
 * Calls prepared ahead and sent together: `prepare` encodes a call without sending it, `batch` sends
 * prepared calls in JSON-RPC arrays. Both report failures at once (an unencodable call is its own outcome
 * in the batch), so this module imports the call errors that call.ts loads only on failure.
 */
import { encodeWire, finish, refuses, secretValues, Unencodable, type CallOptions } from './call.js';
import { unencodable, unsupported } from './call-failures.js';
import { NodeRpcError } from './error-base.js';
import type { MethodMeta } from './meta.js';
import type { RpcCall, Settled, Transport } from './transport.js';

/**
 * Value-form params → the wire `params` member. By name: one object, keys whose value is undefined dropped
 * (the node treats an absent key as "not given"; `""` would be an error). By position: an array of args.
 * Throws EncodeError when the params cannot be encoded.
 */
export function encodeParams(meta: MethodMeta, params: unknown): unknown {
  const wire = encodeWire(meta, params);
  if (wire instanceof Unencodable) throw unencodable(meta, wire, params);
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
