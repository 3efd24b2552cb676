/**
 * Every error the client runtime throws. All extend `NodeRpcError`, so one `instanceof` check tells a
 * failure of the call apart from a bug in the caller's own code.
 *
 * `name` lives on each prototype (set in a static block) rather than on the instance: the stack's first line
 * then reads `RpcError: ...` and the error prints without a noisy own `name` property.
 */
import type { CodecError } from './codec.js';
import type { ValidationIssue } from './meta.js';
import type { HeadersLike } from './transport.js';
import { formatIssues } from './validate.js';

/** How much of a reply body an error keeps (enough to recognise an HTML error page or a proxy's message). */
export const BODY_EXCERPT_LENGTH = 512;

/** The first `max` characters of a body, whitespace collapsed, with a marker when cut. */
export function excerpt(text: string, max: number = BODY_EXCERPT_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}... (${flat.length - max} more characters)` : flat;
}

const MASK = '***';

/**
 * A copy of `value` in which every occurrence of a secret (a keystore password the call sent) is replaced by
 * `***`: in strings (raw and JSON-escaped, as a server echoing the request would write it), deep inside
 * objects and arrays. Servers do echo requests: a gorilla/rpc parse error's `data` is the decoded request.
 */
export function redact<T>(value: T, secrets: readonly string[] | undefined): T {
  if (!secrets || secrets.length === 0) return value;
  const needles = [...new Set(secrets.flatMap((s) => (s === '' ? [] : [s, JSON.stringify(s).slice(1, -1)])))].sort(
    (a, b) => b.length - a.length,
  );
  if (needles.length === 0) return value;
  const seen = new WeakMap<object, unknown>();
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') {
      let out = v;
      for (const n of needles) if (out.includes(n)) out = out.split(n).join(MASK);
      return out;
    }
    if (v === null || typeof v !== 'object') return v;
    const done = seen.get(v);
    if (done !== undefined) return done;
    if (Array.isArray(v)) {
      const copy: unknown[] = [];
      seen.set(v, copy);
      for (const item of v) copy.push(walk(item));
      return copy;
    }
    const copy: Record<string, unknown> = {};
    seen.set(v, copy);
    for (const [k, item] of Object.entries(v)) {
      Object.defineProperty(copy, k, { value: walk(item), enumerable: true, writable: true, configurable: true });
    }
    return copy;
  };
  return walk(value) as T;
}

/** Where a failure happened: the JSON-RPC method and the endpoint, when known. */
export interface ErrorContext {
  readonly method?: string;
  readonly url?: string;
  readonly cause?: unknown;
}

function where(ctx: ErrorContext): string {
  return ctx.method ? `${ctx.method}: ` : '';
}

/** The base of every error the runtime throws. */
export class NodeRpcError extends Error {
  static {
    this.prototype.name = 'NodeRpcError';
  }
  /** The JSON-RPC method the failure belongs to, when there is one. */
  readonly method: string | undefined;
  /** The endpoint URL, when there is one. */
  readonly url: string | undefined;
  constructor(message: string, context: ErrorContext = {}) {
    super(message, context.cause === undefined ? undefined : { cause: context.cause });
    this.method = context.method;
    this.url = context.url;
  }
}

/** A JSON-RPC error object as the server sent it. */
export interface JsonRpcErrorObject<Code extends number = number, Data = unknown> {
  readonly code: Code;
  readonly message: string;
  readonly data?: Data;
}

/**
 * The server answered with a JSON-RPC error object. `message` is the server's text, unchanged: servers
 * reuse codes (geth and the node answer most failures with -32000), so callers match on code and message.
 */
export class RpcError<Code extends number = number, Data = unknown> extends NodeRpcError {
  static {
    this.prototype.name = 'RpcError';
  }
  readonly code: Code;
  /** The error's `data` member (`undefined` when the server sent none), with secrets redacted. */
  readonly data: Data;
  /** The HTTP status, when the error came with a non-2xx status (200 otherwise, undefined over WebSocket). */
  readonly status: number | undefined;
  /** The HTTP response headers, when the error came with a non-2xx status (`Retry-After`, ...). */
  readonly headers: HeadersLike | undefined;
  constructor(
    error: JsonRpcErrorObject<Code, Data>,
    context: ErrorContext & { readonly status?: number; readonly redact?: readonly string[]; readonly headers?: HeadersLike } = {},
  ) {
    super(redact(error.message, context.redact), context);
    this.code = error.code;
    this.data = redact(error.data, context.redact) as Data;
    this.status = context.status;
    this.headers = context.headers;
  }
}

/** The request never got an answer: connection refused or reset, DNS failure, socket closed mid-call. */
export class TransportError extends NodeRpcError {
  static {
    this.prototype.name = 'TransportError';
  }
}

/** No reply within the time allowed. The request was cancelled; the server may still have executed it. */
export class TimeoutError extends NodeRpcError {
  static {
    this.prototype.name = 'TimeoutError';
  }
  /** The limit that was hit, in milliseconds. */
  readonly timeout: number;
  constructor(timeout: number, context: ErrorContext = {}) {
    super(
      `${where(context)}no reply${context.url ? ` from ${context.url}` : ''} within ${timeout} ms. ` +
        'The node may be slow or unreachable: raise `timeout` (per call or on the transport) or try again.',
      context,
    );
    this.timeout = timeout;
  }
}

/** The caller's AbortSignal fired. `reason` is the signal's reason. */
export class AbortError extends NodeRpcError {
  static {
    this.prototype.name = 'AbortError';
  }
  readonly reason: unknown;
  constructor(reason: unknown, context: ErrorContext = {}) {
    super(`${where(context)}the call was aborted by its AbortSignal${describeReason(reason)}.`, { ...context, cause: reason });
    this.reason = reason;
  }
}

function describeReason(reason: unknown): string {
  if (reason === undefined) return '';
  if (reason instanceof Error) return ` (${reason.message})`;
  return typeof reason === 'string' ? ` (${reason})` : '';
}

/** The server answered with a non-2xx HTTP status and no JSON-RPC error object (a proxy's error page, 413, 429...). */
export class HttpError extends NodeRpcError {
  static {
    this.prototype.name = 'HttpError';
  }
  readonly status: number;
  readonly statusText: string;
  /** The start of the body (at most BODY_EXCERPT_LENGTH characters), secrets redacted. */
  readonly body: string;
  /** The response headers (`Retry-After`, ...), when the fetch implementation gave them. */
  readonly headers: HeadersLike | undefined;
  constructor(
    status: number,
    statusText: string,
    body: string,
    context: ErrorContext & { readonly redact?: readonly string[]; readonly headers?: HeadersLike } = {},
  ) {
    const text = redact(excerpt(body), context.redact);
    super(
      `${where(context)}HTTP ${status}${statusText ? ` ${statusText}` : ''}${context.url ? ` from ${context.url}` : ''}` +
        `${text ? `: ${excerpt(text, 120)}` : ''}. ${httpAdvice(status)}`,
      context,
    );
    this.status = status;
    this.statusText = statusText;
    this.body = text;
    this.headers = context.headers;
  }
}

function httpAdvice(status: number): string {
  if (status === 404) return 'Check the URL: the endpoint path or the chain ID may be wrong.';
  if (status === 405 || status === 415) return 'The endpoint expects a POST with content-type application/json.';
  if (status === 401 || status === 403) return 'The endpoint needs credentials: pass them in `headers`.';
  if (status === 413) return 'The request is too large: send fewer calls per batch (`maxBatchSize`).';
  if (status === 429) return 'Rate limited: slow down or retry later.';
  if (status === 503) return 'The node is not ready (still bootstrapping?): retry later.';
  if (status >= 500) return 'The node or a proxy in front of it failed: retry later.';
  return 'The endpoint did not accept the request.';
}

/** The reply is not a valid JSON-RPC 2.0 answer to what was sent. */
export class ProtocolError extends NodeRpcError {
  static {
    this.prototype.name = 'ProtocolError';
  }
  /** The start of the offending body, when there is one, secrets redacted. */
  readonly body: string | undefined;
  constructor(message: string, context: ErrorContext & { readonly body?: string; readonly redact?: readonly string[] } = {}) {
    const body = context.body === undefined ? undefined : redact(excerpt(context.body), context.redact);
    super(
      `${where(context)}${redact(message, context.redact)}${context.url ? ` (from ${context.url})` : ''}. ` +
        'The endpoint is probably not a JSON-RPC 2.0 server for this API, or a proxy rewrote the reply: check the URL.',
      context,
    );
    this.body = body;
  }
}

/** The result does not match the method's result schema (only with `validate: true`). */
export class ResponseValidationError extends NodeRpcError {
  static {
    this.prototype.name = 'ResponseValidationError';
  }
  readonly issues: readonly ValidationIssue[];
  constructor(method: string, issues: readonly ValidationIssue[], context: ErrorContext = {}) {
    super(
      `${formatIssues(method, 'result', issues)}\nThe node sent a result this client does not expect: ` +
        'the node may be a different version than the spec, or the spec is wrong.',
      { ...context, method },
    );
    this.issues = issues;
  }
}

/** The result could not be converted to its value form (for example a 64-bit amount that is not a number). */
export class DecodeError extends NodeRpcError {
  static {
    this.prototype.name = 'DecodeError';
  }
  /** JSON pointer inside the result. */
  readonly path: string;
  constructor(method: string, cause: CodecError, context: ErrorContext = {}) {
    super(
      `${method}: the result cannot be decoded at ${cause.path || 'the top level'}: expected ${cause.expected}. ` +
        'The node sent a form this client does not expect; `validate: true` reports every difference.',
      { ...context, method, cause },
    );
    this.path = cause.path;
  }
}

/** The params could not be converted to their wire form (a negative amount, a number that is too large...). */
export class EncodeError extends NodeRpcError {
  static {
    this.prototype.name = 'EncodeError';
  }
  /** JSON pointer inside the params. */
  readonly path: string;
  constructor(method: string, message: string, context: ErrorContext & { readonly path?: string } = {}) {
    super(`${method}: ${message}`, { ...context, method });
    this.path = context.path ?? '';
  }
}

/** The transport cannot do what was asked (a WebSocket-only method over HTTP, a subscription over HTTP). */
export class UnsupportedError extends NodeRpcError {
  static {
    this.prototype.name = 'UnsupportedError';
  }
}

/** A subscription's consumer fell too far behind: more than `maxBuffered` notifications were waiting. */
export class BufferOverflowError extends NodeRpcError {
  static {
    this.prototype.name = 'BufferOverflowError';
  }
  readonly limit: number;
  constructor(limit: number, context: ErrorContext = {}) {
    super(
      `${where(context)}more than ${limit} notifications were waiting to be read, so the subscription was ended. ` +
        'Read faster (do slow work outside the loop) or raise `maxBuffered`.',
      context,
    );
    this.limit = limit;
  }
}
