/**
 * JSON-RPC over HTTP, on fetch. Every path settles: the fetch and the body read race the timeout and the
 * caller's signal (http-post.ts), so even a fetch that ignores its AbortSignal cannot leave a call hanging.
 * Arrays and automatic batching (http-batch.ts) and the failure paths (http-failures.ts) load on first use.
 */
import type { Batcher } from './http-batch.js';
import { createPost, type FetchLike } from './http-post.js';
import { createIdSource, frame, type HttpCore, type RawReply } from './frame.js';
import type { ValidatorTable } from '../client/meta.js';
import type { HttpGetReply, RequestOptions, RpcCall, Transport } from './transport.js';

export type { FetchLike, FetchResponseLike } from './http-post.js';

export interface AutoBatchOptions {
  /** Milliseconds to wait for more calls before sending (default 0: calls made in the same tick). */
  readonly wait?: number;
  /** Calls per JSON-RPC array (default and cap: `maxBatchSize`). */
  readonly maxSize?: number;
}

export interface HttpTransportOptions {
  /** The endpoint's URL, e.g. `http://127.0.0.1:8545/rpc`. */
  readonly url: string;
  /** Sent with every request (`content-type: application/json` always is). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Default: `globalThis.fetch`. */
  readonly fetch?: FetchLike;
  /** Milliseconds per request, body included (default 30 000; 0 or Infinity: none). */
  readonly timeout?: number;
  /** Whether the endpoint accepts JSON-RPC arrays (the spec's `x-jsonrpc.batch`); default false. */
  readonly batch?: boolean;
  /** Calls per JSON-RPC array (default 40). */
  readonly maxBatchSize?: number;
  /** Group calls made close together into arrays (only where `batch` is true). */
  readonly autoBatch?: boolean | AutoBatchOptions;
  /**
   * Validate results against the spec by default: the package's `validators` (validation on, every
   * method), or `true` (methods whose meta carries its validator: the per-method modules).
   */
  readonly validate?: boolean | ValidatorTable;
}

export interface HttpTransport extends Transport {
  readonly kind: 'http';
  httpGet(path: string, options?: RequestOptions): Promise<HttpGetReply>;
}

const DEFAULT_TIMEOUT = 30_000;
const DEFAULT_MAX_BATCH_SIZE = 40;

function nonNegative(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!(value >= 0)) throw new RangeError(`${name} must be a non-negative number of milliseconds, got ${value}`);
  return value;
}

function batchSize(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer, got ${value}`);
  return value;
}

export function createHttpTransport(options: HttpTransportOptions): HttpTransport {
  const url = options.url;
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) {
    throw new TypeError(`createHttpTransport: url must be an http:// or https:// URL, got ${JSON.stringify(url)}`);
  }
  const fetchImpl: FetchLike | undefined = options.fetch ?? (globalThis.fetch as unknown as FetchLike | undefined);
  const defaultTimeout = nonNegative('timeout', options.timeout, DEFAULT_TIMEOUT);
  const batching = options.batch === true;
  const maxBatchSize = batchSize('maxBatchSize', options.maxBatchSize, DEFAULT_MAX_BATCH_SIZE);
  const auto = options.autoBatch ? (options.autoBatch === true ? {} : options.autoBatch) : undefined;
  const autoWait = nonNegative('autoBatch.wait', auto?.wait, 0);
  const autoSize = Math.min(maxBatchSize, batchSize('autoBatch.maxSize', auto?.maxSize, maxBatchSize));
  const nextId = createIdSource();
  let closed = false;
  const inFlight = new Set<{ abort(): void }>();

  const post = createPost(url, fetchImpl, options.headers, inFlight, () => closed);

  /** The failure module, loaded once on the first call that does not simply succeed. */
  const failures = (): Promise<typeof import('./http-failures.js')> => import('./http-failures.js');

  async function single(call: RpcCall, opts: RequestOptions | undefined): Promise<unknown> {
    if (closed) throw (await failures()).closedError(call, url);
    const id = nextId();
    let body: string;
    try {
      body = JSON.stringify(frame(id, call.method, call.params));
    } catch (e) {
      throw (await failures()).unserializable(call, e);
    }
    let raw: RawReply;
    try {
      raw = await post(body, { timeout: opts?.timeout ?? defaultTimeout, signal: opts?.signal, headers: opts?.headers, onResponse: opts?.onResponse });
    } catch (e) {
      throw (await failures()).errorFor(e, call, url);
    }
    if (raw.ok) {
      // The common case, checked inline: a JSON-RPC 2.0 result with the request's id. Anything else is
      // interpreted in full by the failure module.
      let reply: { jsonrpc?: unknown; id?: unknown; result?: unknown; error?: unknown } | null | undefined;
      try {
        reply = JSON.parse(raw.text) as typeof reply;
      } catch {
        reply = undefined;
      }
      if (reply && reply.jsonrpc === '2.0' && reply.id === id && 'result' in reply && (reply.error === undefined || reply.error === null)) return reply.result;
    }
    const o = (await failures()).interpretSingle(raw, { id, call }, url);
    if (o.ok) return o.value;
    throw o.error;
  }

  // Arrays (explicit and automatic batches) live in their own module, loaded on first use.
  const core: HttpCore = {
    url,
    defaultTimeout,
    maxBatchSize,
    autoWait,
    autoSize,
    batching,
    closed: () => closed,
    nextId,
    post,
    single,
  };
  let batcher: Batcher | undefined;
  let loading: Promise<Batcher> | undefined;
  const load = (): Promise<Batcher> => (loading ??= import('./http-batch.js').then((m) => (batcher = m.createBatcher(core))));

  return {
    kind: 'http',
    url,
    validate: options.validate === undefined ? undefined : options.validate !== false,
    validators: typeof options.validate === 'object' ? options.validate : undefined,
    batching,
    request(call: RpcCall, opts?: RequestOptions): Promise<unknown> {
      if (auto && batching && !opts?.headers) return batcher ? batcher.enqueue(call, opts) : load().then((b) => b.enqueue(call, opts));
      return single(call, opts);
    },
    batch: (calls, opts) => (batcher ? batcher.batch(calls, opts) : load().then((b) => b.batch(calls, opts))),
    async httpGet(path: string, opts?: RequestOptions): Promise<HttpGetReply> {
      const target = `${url.replace(/\/+$/, '')}${path}`;
      try {
        const raw = await post(undefined, { timeout: opts?.timeout ?? defaultTimeout, signal: opts?.signal, headers: opts?.headers, onResponse: opts?.onResponse }, target);
        return { url: target, status: raw.status, statusText: raw.statusText, text: raw.text, ...(raw.headers ? { headers: raw.headers } : {}) };
      } catch (e) {
        throw (await failures()).errorFor(e, { method: `GET ${path || '/'}` }, target);
      }
    },
    async close(): Promise<void> {
      closed = true;
      batcher?.close();
      for (const c of [...inFlight]) c.abort();
    },
  };
}
