/**
 * JSON-RPC 2.0 framing: request objects, strict reply parsing, and replies mapped to results or errors.
 * Replies are matched by id with its type: a reply with id `"1"` does not answer the request with id `1`.
 */
import { type NodeRpcError, ProtocolError, RpcError } from '../errors/index.js';
import type { RpcCall } from './transport.js';
import type { JsonRpcId, } from './frame.js';
import { isRecord } from '../guards.js';

export { createIdSource, frame } from './frame.js';
export type { JsonRpcId, JsonRpcRequest } from './frame.js';

export interface JsonRpcErrorBody {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

/** A well-formed reply: exactly one of `result` and `error`. */
export type JsonRpcReply =
  | { readonly id: JsonRpcId | null; readonly result: unknown; readonly error?: undefined }
  | { readonly id: JsonRpcId | null; readonly error: JsonRpcErrorBody; readonly result?: undefined };

/** What a reply is checked against: the call it answers and where it came from. */
export interface ReplyContext {
  readonly url?: string;
  /** HTTP status of the response carrying the reply. */
  readonly status?: number;
}

export interface Expected {
  readonly id: JsonRpcId;
  readonly call: RpcCall;
}

function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 60)}...` : text;
}

/** Parse a body; a body that is not JSON is a ProtocolError. */
export function parseBody(text: string, call: RpcCall | undefined, ctx: ReplyContext): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const status = ctx.status === undefined ? '' : ` (HTTP ${ctx.status})`;
    throw new ProtocolError(`the reply${status} is not JSON`, {
      method: call?.method,
      url: ctx.url,
      body: text,
      redact: call?.redact,
    });
  }
}

/**
 * Check one reply object's shape. Returns the reply, or a string saying what is wrong with it.
 * `error: null` next to a result is tolerated (JSON-RPC 1.0 habits); a result next to an error is not.
 */
export function checkReply(value: unknown): JsonRpcReply | string {
  if (!isRecord(value)) return `expected a JSON-RPC 2.0 reply object, got ${show(value)}`;
  if (value.jsonrpc !== '2.0') return `the reply's "jsonrpc" member is ${show(value.jsonrpc)}, not "2.0"`;
  if (!('id' in value)) return 'the reply has no "id"';
  const id = value.id;
  if (id !== null && typeof id !== 'number' && typeof id !== 'string') return `the reply's id ${show(id)} is not a number or a string`;
  const hasError = value.error !== undefined && value.error !== null;
  const hasResult = 'result' in value;
  if (hasError) {
    const e = value.error;
    if (!isRecord(e) || typeof e.code !== 'number' || !Number.isInteger(e.code) || typeof e.message !== 'string') {
      return `the reply's error ${show(e)} is not a JSON-RPC error object ({code: integer, message: string})`;
    }
    if (hasResult && value.result !== null) return 'the reply has both a result and an error';
    return { id, error: 'data' in e ? { code: e.code, message: e.message, data: e.data } : { code: e.code, message: e.message } };
  }
  if (!hasResult) return 'the reply has neither a result nor an error';
  return { id, result: value.result };
}

/** A reply's outcome for its call: the raw result, or the error to reject with. */
export type Outcome = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: NodeRpcError };

/** A checked reply → the call's outcome. */
export function outcome(reply: JsonRpcReply, call: RpcCall, ctx: ReplyContext): Outcome {
  if (reply.error !== undefined) {
    return {
      ok: false,
      error: new RpcError(reply.error, { method: call.method, url: ctx.url, status: ctx.status, redact: call.redact }),
    };
  }
  return { ok: true, value: reply.result };
}

/** Says how a reply's id differs from the request's (naming a string id given for a number id). */
export function idMismatch(got: JsonRpcId | null, want: JsonRpcId): string {
  if (typeof got === 'string' && typeof want === 'number' && got === String(want)) {
    return `the reply's id is the string ${JSON.stringify(got)}, but the request's id is the number ${want}`;
  }
  return `the reply's id ${show(got)} does not match the request's id ${show(want)}`;
}

/**
 * The reply to one request. A reply with id `null` is accepted only when it is an error (the server could
 * not read the request's id, as with a parse error).
 */
export function matchSingle(body: unknown, expected: Expected, ctx: ReplyContext, text?: string): Outcome {
  const fail = (message: string): Outcome => ({
    ok: false,
    error: new ProtocolError(message, { method: expected.call.method, url: ctx.url, body: text, redact: expected.call.redact }),
  });
  if (Array.isArray(body)) return fail('expected one reply object, got an array');
  const reply = checkReply(body);
  if (typeof reply === 'string') return fail(reply);
  if (reply.id === expected.id || (reply.id === null && reply.error !== undefined)) return outcome(reply, expected.call, ctx);
  return fail(idMismatch(reply.id, expected.id));
}

/**
 * The replies to a batch, one outcome per call, in call order. A single error object instead of an array
 * (a parse error, `empty batch`, an endpoint that does not take arrays) is every call's error. A call the
 * array does not answer gets a ProtocolError, caused by the first error the array holds if any (geth answers
 * an oversized batch with one `batch too large` item).
 */
export function matchBatch(body: unknown, expected: readonly Expected[], ctx: ReplyContext, text?: string): Outcome[] {
  const protocol = (e: Expected, message: string, cause?: unknown): Outcome => ({
    ok: false,
    error: new ProtocolError(message, { method: e.call.method, url: ctx.url, body: text, redact: e.call.redact, cause }),
  });
  if (!Array.isArray(body)) {
    const reply = checkReply(body);
    if (typeof reply === 'string') return expected.map((e) => protocol(e, `batch reply: ${reply}`));
    if (reply.error !== undefined) return expected.map((e) => outcome(reply, e.call, ctx));
    return expected.map((e) => protocol(e, 'expected an array of replies to the batch, got a single result'));
  }
  const byId = new Map<JsonRpcId, JsonRpcReply | string>();
  const stringIds = new Map<string, JsonRpcId>();
  let firstError: JsonRpcReply | undefined;
  for (const item of body) {
    const reply = checkReply(item);
    if (typeof reply === 'string') {
      // A malformed item still answers its call when its id is usable.
      const id = isRecord(item) ? item.id : undefined;
      if ((typeof id === 'number' || typeof id === 'string') && !byId.has(id)) byId.set(id, reply);
      continue;
    }
    if (reply.error !== undefined) firstError ??= reply;
    if (reply.id === null) continue;
    if (!byId.has(reply.id)) byId.set(reply.id, reply);
    if (typeof reply.id === 'string') stringIds.set(reply.id, reply.id);
  }
  return expected.map((e) => {
    const reply = byId.get(e.id);
    if (typeof reply === 'string') return protocol(e, `batch reply item for id ${show(e.id)}: ${reply}`);
    if (reply !== undefined) return outcome(reply, e.call, ctx);
    if (typeof e.id === 'number' && stringIds.has(String(e.id))) return protocol(e, `batch reply: ${idMismatch(String(e.id), e.id)}`);
    const cause = firstError?.error ? new RpcError(firstError.error, { method: e.call.method, url: ctx.url, redact: e.call.redact }) : undefined;
    const said = cause ? `; the server said: ${cause.message}` : '';
    return protocol(e, `the batch reply has no item for id ${show(e.id)} (${body.length} items for ${expected.length} calls${said})`, cause);
  });
}
