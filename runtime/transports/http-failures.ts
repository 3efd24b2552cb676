/**
 * What the HTTP transport does when a call does not simply succeed: errors for failed POSTs, HTTP failures,
 * replies that are JSON-RPC errors or not JSON-RPC at all. Loaded on the first failure (a dynamic import,
 * its own chunk for bundlers): a program whose calls succeed never loads it.
 */
import { NodeRpcError, RpcError, type JsonRpcErrorObject } from '../errors/base.js';
import { AbortError, HttpError, ProtocolError, TimeoutError, TransportError } from '../errors/transport.js';
import { EncodeError } from '../errors/forms.js';
import { frame, PostFailed, type RawReply } from './frame.js';
import { matchSingle, parseBody, type Expected, type Outcome } from './jsonrpc.js';
import type { RpcCall } from './transport.js';
import { isRecord } from '../guards.js';

export function errorMessage(e: unknown): string {
  if (e instanceof Error) {
    const cause = (e as { cause?: unknown }).cause;
    const detail = cause instanceof Error && cause.message && cause.message !== e.message ? ` (${cause.message})` : '';
    return `${e.message}${detail}`;
  }
  return String(e);
}

/** A JSON-RPC error object inside a failed (non-2xx) response, read leniently. */
export function errorObjectIn(body: unknown): JsonRpcErrorObject | undefined {
  if (!isRecord(body) || !isRecord(body.error)) return undefined;
  const { code, message, data } = body.error;
  if (typeof code !== 'number' || !Number.isInteger(code) || typeof message !== 'string') return undefined;
  return 'data' in body.error ? { code, message, data } : { code, message };
}

export function tryParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function serialize(id: number, call: RpcCall): string | EncodeError {
  try {
    return JSON.stringify(frame(id, call.method, call.params));
  } catch (e) {
    return unserializable(call, e);
  }
}


/** Params that JSON cannot carry (a bigint left in wire form, a cycle). */
export function unserializable(call: RpcCall, e: unknown): EncodeError {
  return new EncodeError(call.method, `the params cannot be sent as JSON (${errorMessage(e)}); pass them in wire form`, { cause: e });
}

export function closedError(call: RpcCall, url: string): TransportError {
  return new TransportError(`${call.method}: the transport for ${url} is closed; create a new one`, { method: call.method, url });
}

/** A POST failure, as the error of one call. */
export function errorFor(e: unknown, call: RpcCall, url: string): NodeRpcError {
  const ctx = { method: call.method, url };
  if (!(e instanceof PostFailed)) return e instanceof NodeRpcError ? e : new TransportError(`${call.method}: ${errorMessage(e)}`, { ...ctx, cause: e });
  const f = e.failure;
  switch (f.kind) {
    case 'timeout':
      return new TimeoutError(f.timeout, ctx);
    case 'abort':
      return new AbortError(f.reason, ctx);
    case 'closed':
      return new TransportError(`${call.method}: the transport for ${url} was closed during the call`, ctx);
    case 'network':
      return f.stage === 'connect'
        ? new TransportError(`${call.method}: could not reach ${url}: ${errorMessage(f.cause)}. Check the URL and that the node is running.`, {
            ...ctx,
            cause: f.cause,
          })
        : new TransportError(`${call.method}: the connection to ${url} failed while reading the reply: ${errorMessage(f.cause)}`, {
            ...ctx,
            cause: f.cause,
          });
  }
}

export function emptyReply(raw: RawReply, call: RpcCall, what: string, url: string): ProtocolError {
  return new ProtocolError(`the reply ${what} is empty (HTTP ${raw.status}) where a JSON-RPC reply was expected`, { method: call.method, url });
}

export function httpError(raw: RawReply, call: RpcCall, url: string): HttpError {
  return new HttpError(raw.status, raw.statusText, raw.text, { method: call.method, url, redact: call.redact, headers: raw.headers });
}

/** A reply to one call that is not a plain success, interpreted in full. */
export function interpretSingle(raw: RawReply, expected: Expected, url: string): Outcome {
  const call = expected.call;
  const ctx = { url, status: raw.status };
  if (!raw.ok) {
    // A JSON-RPC error behind a failure status (a 500 from some servers) is the more precise report.
    const error = errorObjectIn(tryParse(raw.text));
    return {
      ok: false,
      error: error ? new RpcError(error, { method: call.method, url, status: raw.status, redact: call.redact, headers: raw.headers }) : httpError(raw, call, url),
    };
  }
  if (raw.text.trim() === '') return { ok: false, error: emptyReply(raw, call, 'to the call', url) };
  let body: unknown;
  try {
    body = parseBody(raw.text, call, ctx);
  } catch (e) {
    return { ok: false, error: e as NodeRpcError };
  }
  return matchSingle(body, expected, ctx, raw.text);
}

