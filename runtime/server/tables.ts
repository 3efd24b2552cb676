/**
 * What the engine works on, built once per server: per service its flavor, its methods (on or off, with
 * their handler), its batch limit; and the shapes passed between the engine and the transports.
 */
import type { Plan } from '../client/codec.js';
import type { Availability, ServerMethodMeta, Validator } from '../client/meta.js';
import type { Serializer } from './serialize.js';
import type { Flavor, Texts } from './texts.js';
import { setOwn } from '../guards.js';
import { gorillaName, TEXTS } from './texts.js';
import type { CorsOptions, Handler, Logger, RawHandler, RequestHeaders, ServerOptions, ServerServiceDef } from './types.js';

/** One live subscription, as the engine hands it to the connection that carries it. */
export interface Subscription {
  readonly id: string;
  readonly service: string;
  readonly method: string;
  /** Method name of the notifications (`eth_subscription`). */
  readonly notification: string;
  readonly iterator: AsyncIterator<unknown>;
  /** Value form → wire form for each payload; `undefined` when the payloads are wire form already. */
  readonly encodeResult: Plan | undefined;
  /** Typed (value-form) payloads: encode them; raw ones are sent as they are. */
  readonly typed: boolean;
  readonly controller: AbortController;
}

/** Where subscriptions of one request live (a WebSocket connection). */
export interface SubscriptionHost {
  /** Registers a subscription; it starts sending after the reply carrying its id. */
  add(subscription: Subscription): void;
  /** Ends a subscription of this connection; false when it has none with that id. */
  remove(id: string): boolean;
}

/** Where a request body arrived. */
export interface Site {
  readonly service: ServiceTable;
  readonly transport: 'http' | 'websocket';
  readonly path: string;
  readonly variables: Readonly<Record<string, string>>;
  readonly headers: RequestHeaders;
  readonly signal?: AbortSignal;
  readonly host?: SubscriptionHost;
}

export interface KindEntry {
  readonly decodeParams: Plan | undefined;
  readonly encodeResult: Plan | undefined;
  readonly off: string | undefined;
}

export interface Entry {
  readonly meta: ServerMethodMeta;
  readonly role: 'call' | 'subscribe' | 'unsubscribe';
  /** Why the method is off (for the standard message), `undefined` when it is on. */
  readonly off: string | undefined;
  readonly target: object | undefined;
  readonly fn: Handler | undefined;
  readonly implemented: boolean;
  readonly positional: boolean;
  /** By position: whether each declared param is required. */
  readonly required: readonly boolean[];
  readonly kinds: ReadonlyMap<string, KindEntry> | undefined;
  /** Loaded on first use when results are validated. */
  resultValidator: Validator | null | undefined;
  /** The result's value form → wire-form JSON text, compiled on first use. */
  serializer: Serializer | undefined;
}

export interface ServiceTable {
  readonly def: ServerServiceDef;
  readonly flavor: Flavor;
  readonly texts: Texts;
  readonly methods: ReadonlyMap<string, Entry>;
  /** gorilla: entries by the name gorilla looks up (`info.GetNodeID`). */
  readonly gorilla: ReadonlyMap<string, Entry>;
  /** gorilla: the service names (the part before the dot). */
  readonly namespaces: ReadonlySet<string>;
  readonly batchLimit: number;
  readonly discover: boolean;
  /** Every secret param name of the service (to mask echoed requests whose method is unknown). */
  readonly secretNames: readonly string[];
  /** The method looked up last, and its entry (see `lookup` in engine.ts). */
  last: { readonly name: string; readonly entry: Entry } | undefined;
}

export interface ResolvedOptions {
  readonly mode: 'standard' | 'node';
  readonly profile: 'full' | 'public';
  readonly enable: readonly string[] | 'all';
  /** Whether methods removed in an earlier release are off (node mode without `serveRemoved`). */
  readonly removedOff: boolean;
  readonly maxBodyBytes: number;
  readonly maxBatch: number | undefined;
  readonly maxDepth: number;
  readonly maxSendQueueBytes: number;
  readonly pingIntervalMs: number;
  readonly validateResults: boolean;
  readonly logger: Logger | undefined;
  readonly discover: boolean;
  /** The user's extra headers plus, with CORS on, the allowed origin (added to every HTTP reply). */
  readonly headers: Readonly<Record<string, string>> | undefined;
  readonly cors: ResolvedCors | undefined;
  readonly rawHandler: RawHandler | undefined;
  readonly handlers: object | undefined;
}

export interface ResolvedCors {
  /** Added to every HTTP reply. */
  readonly replyHeaders: Readonly<Record<string, string>>;
  /** The allowed request headers, or `undefined` to allow what the preflight asks for. */
  readonly allowHeaders: string | undefined;
  readonly maxAgeSeconds: number;
}

function resolveCors(cors: ServerOptions['cors']): ResolvedCors | undefined {
  if (cors === undefined || cors === false) return undefined;
  const o: CorsOptions = cors === true ? {} : cors;
  const origin = o.origin ?? '*';
  return {
    // A single allowed origin makes the reply depend on the request's Origin: caches must know.
    replyHeaders: origin === '*' ? { 'access-control-allow-origin': '*' } : { 'access-control-allow-origin': origin, vary: 'Origin' },
    allowHeaders: o.allowHeaders?.join(', '),
    maxAgeSeconds: o.maxAgeSeconds ?? 600,
  };
}

export function resolveOptions(options: ServerOptions): ResolvedOptions {
  const limits = options.limits ?? {};
  const cors = resolveCors(options.cors);
  const mode = options.mode ?? 'standard';
  return {
    mode,
    profile: options.profile ?? 'full',
    enable: options.enable ?? [],
    removedOff: mode === 'node' && options.serveRemoved !== true,
    maxBodyBytes: limits.maxBodyBytes ?? 1024 * 1024,
    maxBatch: limits.maxBatch,
    maxDepth: limits.maxDepth ?? 64,
    maxSendQueueBytes: limits.maxSendQueueBytes ?? 8 * 1024 * 1024,
    pingIntervalMs: limits.pingIntervalMs ?? 30_000,
    validateResults: options.validateResults ?? false,
    logger: options.logger,
    discover: options.discover ?? mode === 'standard',
    headers: cors ? { ...options.headers, ...cors.replyHeaders } : options.headers,
    cors,
    rawHandler: options.rawHandler,
    handlers: options.handlers,
  };
}

/**
 * Why a method (or subscription kind) is off under these options; `undefined` when it is on. A method
 * removed in an earlier release is off, when `removedOff`, whatever is enabled: no switch of today's node
 * serves it.
 */
export function offReason(a: Availability | undefined, profile: 'full' | 'public', enable: readonly string[] | 'all', removedOff = false): string | undefined {
  if (!a) return undefined;
  if (removedOff && a.removedIn !== undefined) return `was removed from the node in ${a.removedIn}`;
  if (profile === 'public' && a.publicNode === false) return 'is not served on a public node';
  if (enable === 'all') return undefined;
  if (a.served === false) return 'is not served by this node';
  if (a.enabledByDefault === false && !(a.enableWith !== undefined && enable.includes(a.enableWith))) {
    return a.enableWith !== undefined ? `is off on this server (turn it on with ${JSON.stringify(a.enableWith)})` : 'is off on this server';
  }
  return undefined;
}

function lookupHandler(
  handlers: object | undefined,
  service: string,
  meta: ServerMethodMeta,
): { target: object | undefined; fn: Handler | undefined } {
  const services = handlers as Record<string, Record<string, Record<string, unknown> | undefined> | undefined> | undefined;
  const target = services?.[service]?.[meta.namespace];
  if (target === undefined || target === null) return { target: undefined, fn: undefined };
  const fn = target[meta.member];
  // A spec method named like an Object.prototype member must not pick that up.
  if (typeof fn !== 'function' || fn === (Object.prototype as Record<string, unknown>)[meta.member])
    return { target: undefined, fn: undefined };
  return { target, fn: fn as Handler };
}

function requiredFlags(meta: ServerMethodMeta): boolean[] {
  return meta.params.map((name) => meta.required.includes(name));
}

/** A stand-in meta for an unsubscribe method the service does not list itself. */
function unsubscribeMeta(subscribe: ServerMethodMeta, name: string): ServerMethodMeta {
  const cut = name.search(/[._]/);
  return {
    name,
    service: subscribe.service,
    structure: 'by-position',
    params: ['subscriptionId'],
    required: ['subscriptionId'],
    namespace: cut > 0 ? name.slice(0, cut) : subscribe.namespace,
    member: cut > 0 ? name.slice(cut + 1) : name,
    validateParams: (value) =>
      Array.isArray(value) && typeof value[0] === 'string'
        ? null
        : [{ path: '/0', message: 'must be string', keyword: 'type', params: { type: 'string' } }],
    availability: subscribe.availability,
    wsOnly: true,
    errors: [],
  };
}

export function buildService(def: ServerServiceDef, opts: ResolvedOptions): ServiceTable {
  const flavor: Flavor = opts.mode === 'standard' || def.dialect === 'standard' ? 'standard' : def.dialect === 'geth' ? 'geth' : 'gorilla';
  const metas = new Map<string, ServerMethodMeta>(Object.entries(def.methods));
  const unsubscribes = new Set<string>();
  for (const meta of [...metas.values()]) {
    const name = meta.subscriptions?.unsubscribe;
    if (name === undefined) continue;
    unsubscribes.add(name);
    if (!metas.has(name)) metas.set(name, unsubscribeMeta(meta, name));
  }
  const methods = new Map<string, Entry>();
  const gorilla = new Map<string, Entry>();
  const namespaces = new Set<string>();
  const secretNames = new Set<string>();
  for (const [name, meta] of metas) {
    const role = meta.subscriptions ? 'subscribe' : unsubscribes.has(name) ? 'unsubscribe' : 'call';
    const { target, fn } = role === 'unsubscribe' ? { target: undefined, fn: undefined } : lookupHandler(opts.handlers, meta.service, meta);
    let kinds: Map<string, KindEntry> | undefined;
    if (meta.subscriptions) {
      kinds = new Map();
      for (const [kind, k] of Object.entries(meta.subscriptions.kinds)) {
        kinds.set(kind, {
          decodeParams: k.decodeParams,
          encodeResult: k.encodeResult,
          off: offReason(k.availability, opts.profile, opts.enable, opts.removedOff),
        });
      }
    }
    const entry: Entry = {
      meta,
      role,
      off: offReason(meta.availability, opts.profile, opts.enable, opts.removedOff),
      target,
      fn,
      implemented: role === 'unsubscribe' || fn !== undefined || opts.rawHandler !== undefined,
      // `either` is served in its positional form (an object is mapped onto the declared order), as the
      // generated handlers and codecs of such a method take it.
      positional: meta.structure !== 'by-name',
      required: requiredFlags(meta),
      kinds,
      resultValidator: undefined,
      serializer: undefined,
    };
    methods.set(name, entry);
    const dot = name.indexOf('.');
    if (dot > 0) namespaces.add(name.slice(0, dot));
    const g = gorillaName(name);
    if ('name' in g) gorilla.set(g.name, entry);
    for (const s of meta.secrets ?? []) secretNames.add(s);
  }
  const batchLimit =
    opts.maxBatch ??
    (opts.mode === 'standard' ? 40 : ((opts.profile === 'public' ? def.publicNodeBatchLimit : undefined) ?? def.batchLimit ?? 1000));
  return {
    def,
    flavor,
    texts: TEXTS[flavor],
    methods,
    gorilla,
    namespaces,
    batchLimit,
    discover: opts.discover,
    secretNames: [...secretNames],
    last: undefined,
  };
}

/**
 * Services with the same endpoints (several documents of one API, such as those without `servers`, all
 * served at the base URL) become one service of the server: a request at that path may call a method of any
 * of them, also within one batch. `rpc.discover` answers every method of the group. Services that share only
 * some of their endpoints, or that disagree on how their endpoint behaves, cannot be told apart: an error.
 */
export function shareEndpoints(defs: readonly ServerServiceDef[]): ServerServiceDef[] {
  // Several servers at one path (a main and a test network) are one endpoint here: the path is served once.
  const key = (d: ServerServiceDef) => JSON.stringify([...new Set(d.endpoints.map((e) => `${e.transport} ${e.path || '/'}`))].sort());
  const groups = new Map<string, ServerServiceDef[]>();
  for (const d of defs) groups.set(key(d), [...(groups.get(key(d)) ?? []), d]);
  const owners = new Map<string, string>();
  for (const group of groups.values()) {
    for (const at of new Set(group[0]!.endpoints.map((e) => `${e.transport} ${e.path || '/'}`))) {
      const other = owners.get(at);
      if (other !== undefined) throw new TypeError(`the services ${other} and ${group[0]!.name} both serve ${at} but not the same endpoints: a request there cannot be routed`);
      owners.set(at, group[0]!.name);
    }
  }
  return [...groups.values()].map((group) => {
    const [first, ...rest] = group as [ServerServiceDef, ...ServerServiceDef[]];
    if (rest.length === 0) return first;
    for (const d of rest) {
      if (d.dialect !== first.dialect || d.batch !== first.batch || d.batchLimit !== first.batchLimit || d.publicNodeBatchLimit !== first.publicNodeBatchLimit)
        throw new TypeError(`the services ${first.name} and ${d.name} share their endpoints but not their JSON-RPC conventions (dialect, batches)`);
    }
    // A Map, then own properties (Object.fromEntries): a method may be called `__proto__`.
    const byName = new Map<string, ServerMethodMeta>();
    for (const d of group) for (const [name, meta] of Object.entries(d.methods)) if (!byName.has(name)) byName.set(name, meta);
    const methods: Record<string, ServerMethodMeta> = Object.fromEntries(byName);
    return { ...first, name: group.map((d) => d.name).join('+'), methods, document: mergedDocument(group.map((d) => d.document)) };
  });
}

/** One OpenRPC document of several: the first's info, every method, every component (the first of a name wins). */
function mergedDocument(documents: readonly unknown[]): unknown {
  const objects = documents.filter((d): d is Record<string, unknown> => typeof d === 'object' && d !== null);
  if (objects.length === 0) return documents[0];
  const methods = objects.flatMap((d) => (Array.isArray(d.methods) ? d.methods : []));
  const components: Record<string, Record<string, unknown>> = {};
  for (const d of objects) {
    const c = d.components;
    if (typeof c !== 'object' || c === null) continue;
    for (const [kind, entries] of Object.entries(c as Record<string, unknown>)) {
      if (typeof entries !== 'object' || entries === null) continue;
      const into = (components[kind] ??= {});
      for (const [name, value] of Object.entries(entries as Record<string, unknown>)) if (!Object.hasOwn(into, name)) setOwn(into, name, value);
    }
  }
  return { ...objects[0], methods, components };
}
