/**
 * The server runtime's public types: what generated code hands in (service definitions), what handlers
 * receive (params, context) and the options of `createRpcServer`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ServerMethodMeta, ServiceMeta } from '../client/meta.js';

/** One service (spec document) as the generated server code describes it. */
export type ServerServiceDef = ServiceMeta & {
  /** Every method of the service, by wire method name. */
  readonly methods: Readonly<Record<string, ServerMethodMeta>>;
  /** The bundled OpenRPC document, answered to `rpc.discover`. */
  readonly document: unknown;
};

/** Request headers, lower-case names (node:http's shape). */
export type RequestHeaders = Readonly<Record<string, string | readonly string[] | undefined>>;

/** What every handler receives besides its params. */
export interface HandlerContext {
  /** The service (spec document) name. */
  readonly service: string;
  /** The wire method name. */
  readonly method: string;
  readonly transport: 'http' | 'websocket';
  /** The request path, e.g. `/ext/bc/C/rpc`. */
  readonly path: string;
  /** Path variables of the endpoint template, e.g. `{ blockchainID: 'C' }`. */
  readonly variables: Readonly<Record<string, string>>;
  /** The HTTP request's headers (for WebSocket: the upgrade request's). */
  readonly headers: RequestHeaders;
  /**
   * Aborted when the call is no longer wanted: a subscription ended (unsubscribe, connection closed), a
   * WebSocket connection closed, or (fetch adapter) the request was aborted. Absent on plain node:http calls.
   */
  readonly signal?: AbortSignal;
}

/** What a subscription handler receives as params: the kind and its decoded params (after the kind). */
export interface SubscriptionRequest {
  readonly kind: string;
  readonly params: readonly unknown[];
}

/**
 * A value-form handler: decoded params in, value-form result (or a Promise of it) out. Subscription
 * handlers get a `SubscriptionRequest` and return an `AsyncIterable` of value-form payloads. Handlers are
 * looked up as `handlers[service][namespace][member]`.
 */
// `any`, not `unknown`: a generated handler taking `{ chain: string }` must be assignable to it.
// biome-ignore lint/suspicious/noExplicitAny: one type for every method's handler; each service's handler interface types its params
export type Handler = (params: any, ctx: HandlerContext) => unknown;

/** `handlers[service][namespace][member]`; the generated typed handler interfaces fit it. */
export type HandlerTree = {
  readonly [service: string]: { readonly [namespace: string]: { readonly [member: string]: Handler | undefined } | undefined } | undefined;
};

/**
 * Answers in WIRE form: validated (not decoded) params in, the result sent exactly as returned. For a
 * subscribe method `wireParams` is the whole params array (kind first) and the answer an `AsyncIterable` of
 * wire-form payloads. Used for methods without a typed handler (the mock answers every method this way).
 */
export type RawHandler = (meta: ServerMethodMeta, wireParams: unknown, ctx: HandlerContext) => unknown;

/** A JSON-RPC error object. Thrown by a handler (any object with numeric `code` and string `message`), it is sent as is. */
export interface WireError {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

export type ServerMode = 'standard' | 'node';
export type ServerProfile = 'full' | 'public';

export interface ServerLimits {
  /** Largest request body (HTTP) or message (WebSocket), in bytes. Default 1 MiB. */
  readonly maxBodyBytes?: number;
  /**
   * Most requests in one batch. Default 40 in standard mode; in node mode the service's own limit
   * (`batchLimit`, `publicNodeBatchLimit` on the public profile), else 1000.
   */
  readonly maxBatch?: number;
  /** Deepest JSON nesting accepted in a request. Default 64. */
  readonly maxDepth?: number;
  /** WebSocket: bytes a connection may have queued for sending before it is dropped. Default 8 MiB. */
  readonly maxSendQueueBytes?: number;
  /** WebSocket: ping every so many milliseconds, drop a connection that missed a pong. Default 30000; 0 = off. */
  readonly pingIntervalMs?: number;
  /**
   * `listen()` only: a client that has not sent all of a request's headers within this many milliseconds
   * gets a 408 and is disconnected. Default 10000 (node:http's own default is 60000).
   */
  readonly headersTimeoutMs?: number;
  /** `listen()` only: the same for the whole request, body included. Default 30000 (node:http: 300000). */
  readonly requestTimeoutMs?: number;
  /** `listen()` only: connections open at once; more are closed as they arrive. Default 1024. */
  readonly maxConnections?: number;
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** A structured log entry. Params are logged with secret params replaced by `***`. */
export interface LogEntry {
  readonly level: LogLevel;
  /** What happened: `call`, `handler-failed`, `result-invalid`, `subscription-failed`, `ws-overflow`, `ws-timeout`, `ws-error`. */
  readonly event: string;
  readonly message: string;
  readonly service?: string;
  readonly method?: string;
  readonly transport?: 'http' | 'websocket';
  readonly params?: unknown;
  /** JSON-RPC error code sent, for calls that failed. */
  readonly code?: number;
  readonly durationMs?: number;
  readonly subscription?: string;
  /** A handler's own failure: never sent to the client, only logged (secrets scrubbed). */
  readonly error?: { readonly name: string; readonly message: string; readonly stack?: string };
}

export type Logger = (entry: LogEntry) => void;

export interface ServerOptions {
  readonly services: readonly ServerServiceDef[];
  /** `handlers[service][namespace][member]` (see `HandlerTree`); any object of that shape. */
  readonly handlers?: object;
  /** Answers, in wire form, every method without a typed handler. */
  readonly rawHandler?: RawHandler;
  /** `standard`: JSON-RPC 2.0 in full. `node`: the real node's behaviour per service dialect. Default `standard`. */
  readonly mode?: ServerMode;
  /** `public` turns off the methods a public node does not serve (`availability.publicNode: false`). Default `full`. */
  readonly profile?: ServerProfile;
  /**
   * Turns on methods that are off by default (listed by their `enableWith` switch), or `'all'` for every
   * method including those the node does not serve (`served: false`). Default `[]`.
   */
  readonly enable?: readonly string[] | 'all';
  /**
   * Node mode: also serve the methods removed in an earlier release (`availability.removedIn`), as the node
   * did before; `enable` does not bring them back. Default false: the node answers them as unknown, and a
   * service removed whole is not mounted (HTTP 404). Standard mode serves them either way.
   */
  readonly serveRemoved?: boolean;
  readonly limits?: ServerLimits;
  /** Development: validate every result (after encoding) against the spec; a mismatch is an internal error. */
  readonly validateResults?: boolean;
  readonly logger?: Logger;
  /** Answer `rpc.discover` with the service's document. Default: on in standard mode, off in node mode (the node has none). */
  readonly discover?: boolean;
  /** Extra headers on every HTTP reply (e.g. the node's `node-id`). */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * Let browsers on other origins call the server (a docs site's console): answer CORS preflights
   * (`OPTIONS`) and add `Access-Control-Allow-Origin` to every HTTP reply. `true` takes the defaults of
   * `CorsOptions`. Default off (the mock turns it on).
   */
  readonly cors?: boolean | CorsOptions;
}

export interface CorsOptions {
  /** The allowed origin: `*` (default) or one origin (`https://docs.example.org`). */
  readonly origin?: string;
  /** Request headers a browser may send; default: whatever the preflight asks for (API keys included). */
  readonly allowHeaders?: readonly string[];
  /** How long a browser may cache the preflight answer, in seconds. Default 600. */
  readonly maxAgeSeconds?: number;
}

/** A server bound to a port. */
export interface ListeningServer {
  /** `http://127.0.0.1:<port>` (no trailing slash). */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

export interface RpcServer {
  /** A fetch-style handler, for any runtime with `Request`/`Response`. No WebSocket upgrades here. */
  fetch(request: Request): Promise<Response>;
  /** A node:http request listener: `http.createServer(server.listener)`. */
  readonly listener: (req: IncomingMessage, res: ServerResponse) => void;
  /** A node:http `upgrade` listener: WebSocket on the endpoints whose transport is `websocket`. */
  readonly handleUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
  /** Listens on `host:port` (port 0 = any free port) with `listener` and `handleUpgrade`. */
  listen(port?: number, host?: string): Promise<ListeningServer>;
  /** Closes every WebSocket (ending its subscriptions) and every server `listen` started. */
  close(): Promise<void>;
}
