/**
 * The base of every error the runtime throws (NodeRpcError), the server's JSON-RPC error (RpcError) and
 * redaction. Each group of error classes has its own module so that a bundle holds only those it uses;
 * errors.ts re-exports them all.
 *
 * `name` lives on each prototype (set in a static block) rather than on the instance: the stack's first line
 * then reads `RpcError: ...` and the error prints without a noisy own `name` property.
 */
import type { HeadersLike } from '../transports/transport.js';

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

export function where(ctx: ErrorContext): string {
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

