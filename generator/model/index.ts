/**
 * The one intermediate model every emitter reads. Built from checked, bundled documents; holds no YAML,
 * no file positions and no I/O. Schemas stay JSON Schema objects from the bundled document, with their
 * `#/components/schemas/<Name>` references intact; emitters resolve them through `ServiceModel.document`.
 */
import { isRecord } from '../lib/guards.js';
import { deref, methodsOf } from '../load/document.js';
import { getAtPointer } from '../lib/pointer.js';
import { slot, type Memory } from '../lib/memory.js';
import type { LinkModel } from './links.js';
import { httpGetOf, type HttpGetModel } from './http-get.js';

export type { HttpGetModel, HttpStatusRule } from './http-get.js';

export type JsonSchema = Record<string, unknown> | boolean;
export type Dialect = 'standard' | 'geth' | 'gorilla-json2';

export interface Model {
  readonly services: readonly ServiceModel[];
}

export interface ServiceModel {
  /** Identifier-safe name (`platform`), from the document's file name unless configured. */
  readonly name: string;
  /** Project-relative source file. */
  readonly source: string;
  readonly title: string;
  readonly version: string;
  readonly description?: string;
  /** The bundled, self-contained OpenRPC document. */
  readonly document: Record<string, unknown>;
  readonly endpoints: readonly Endpoint[];
  readonly jsonrpc: { readonly batch: boolean; readonly batchLimit?: number; readonly publicNodeBatchLimit?: number; readonly dialect: Dialect };
  readonly methods: readonly MethodModel[];
  /** Namespaces in first-seen order. */
  readonly namespaces: readonly string[];
  /** `components.schemas` of the bundled document, by name. */
  readonly schemas: Readonly<Record<string, JsonSchema>>;
}

export interface Endpoint {
  readonly name: string;
  readonly transport: 'http' | 'websocket';
  readonly url: string;
  /** The URL's path template, e.g. `/ext/bc/{blockchainID}/rpc`. */
  readonly path: string;
  readonly variables: Readonly<Record<string, { readonly default: string; readonly enum?: readonly string[]; readonly description?: string }>>;
}

export interface Availability {
  readonly enabledByDefault: boolean;
  readonly enableWith?: string;
  readonly publicNode: boolean;
  readonly served: boolean;
  readonly removedIn?: string;
  readonly note?: string;
}

/**
 * What a call does to the node (`x-effects`): `read` changes nothing and may be repeated freely; `write`
 * changes chain, mempool or node-held state (repeatable when `idempotent`, such as re-sending the same signed
 * transaction); `admin` operates the node or touches operator-only material. A document that does not say is
 * `unknown`, which every consumer treats as "not a read".
 */
export interface Effects {
  readonly kind: 'read' | 'write' | 'admin' | 'unknown';
  readonly idempotent: boolean;
  readonly note?: string;
}

/** Whether a call may be repeated without changing the outcome: a read, or an idempotent write. */
export function isRepeatable(effects: Effects): boolean {
  return effects.kind === 'read' || (effects.kind === 'write' && effects.idempotent);
}

export function effectsOf(value: unknown): Effects {
  if (value === 'read' || value === 'write' || value === 'admin') return { kind: value, idempotent: false };
  if (isRecord(value) && (value.kind === 'read' || value.kind === 'write' || value.kind === 'admin'))
    return { kind: value.kind, idempotent: value.idempotent === true, ...(typeof value.note === 'string' ? { note: value.note } : {}) };
  return { kind: 'unknown', idempotent: false };
}

export interface MethodModel {
  readonly name: string;
  /** `platform` of `platform.getBalance`, `eth` of `eth_getBalance`; `''` when the name has no separator; the document's `x-namespace` when it has one. */
  readonly namespace: string;
  /** The member name inside the namespace: `getBalance`. */
  readonly member: string;
  /** Pointer of the method object in the bundled document. */
  readonly pointer: string;
  readonly summary?: string;
  readonly description?: string;
  readonly deprecated: boolean;
  readonly replacedBy?: string;
  readonly paramStructure: 'by-name' | 'by-position' | 'either';
  /**
   * Whether clients send the params as an array: by position, or `either` (OpenRPC's default, which every
   * JSON-RPC server understands as positional). Only `by-name` sends one object.
   */
  readonly positional: boolean;
  readonly params: readonly ParamModel[];
  readonly result?: ResultModel;
  readonly errors: readonly ErrorModel[];
  readonly examples: readonly ExampleModel[];
  readonly availability: Availability;
  readonly effects: Effects;
  readonly keystore?: { readonly removedIn?: string };
  readonly websocketOnly: boolean;
  readonly subscriptions?: SubscriptionsModel;
  readonly pagination?: PaginationModel;
  readonly tags: readonly string[];
  /** OpenRPC Link Objects: which methods this one's result can feed, and with which params (see links.ts). */
  readonly links: readonly LinkModel[];
  /** `x-node-version`: the pointer in the result where the node states its version. */
  readonly versionPointer?: string;
  /** `x-result-by-param`: the param whose value selects the result's shape, and each case's narrower result. */
  readonly resultCases?: ResultCasesModel;
  /** `x-http-get`: the method is also served to plain HTTP GET requests (see http-get.ts). */
  readonly httpGet?: HttpGetModel;
}

/** A value of a param that selects the shape of the result (`x-result-by-param`). */
export type CaseValue = string | number | boolean | null;

export interface ResultCasesModel {
  /** The param's name, one of the method's params. */
  readonly param: string;
  readonly cases: readonly ResultCaseModel[];
}

export interface ResultCaseModel {
  /** The param's values that give this shape. */
  readonly values: readonly CaseValue[];
  readonly summary?: string;
  /** The result's schema for these values: a narrowing of the method's result schema. */
  readonly schema: JsonSchema;
  readonly schemaPointer: string;
  /** Whether leaving the param out gives this case: the param is optional and its schema's `default` is one of `values`. */
  readonly whenOmitted: boolean;
}

/** A method returning one page of a listing (`x-pagination`). */
export interface PaginationModel {
  readonly cursorParam: string;
  readonly nextCursor: string;
  readonly items: string;
  readonly count?: string;
  readonly limitParam?: string;
  readonly maxLimit?: number;
}

export interface ParamModel {
  readonly name: string;
  /** A TypeScript identifier for the param (`blockHash` for "Block hash"). */
  readonly ident: string;
  readonly required: boolean;
  readonly summary?: string;
  readonly description?: string;
  readonly deprecated: boolean;
  readonly secret: boolean;
  readonly schema: JsonSchema;
  /** Pointer of the schema in the bundled document. */
  readonly schemaPointer: string;
}

export interface ResultModel {
  readonly name: string;
  /** `x-secret`: the result is a secret (a private key); docs show its shape only. */
  readonly secret: boolean;
  readonly summary?: string;
  readonly description?: string;
  readonly schema: JsonSchema;
  readonly schemaPointer: string;
}

export interface ErrorModel {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

export interface ExampleModel {
  readonly name: string;
  readonly summary?: string;
  readonly description?: string;
  readonly params: readonly { readonly name: string; readonly value: unknown }[];
  /** Absent when the example has no result (notifications). */
  readonly result?: { readonly name?: string; readonly value: unknown };
}

export interface SubscriptionsModel {
  readonly notification: string;
  readonly unsubscribe?: string;
  readonly kinds: readonly SubscriptionKindModel[];
}

export interface SubscriptionKindModel {
  readonly name: string;
  readonly summary?: string;
  readonly description?: string;
  readonly params: readonly ParamModel[];
  readonly result: ResultModel;
  readonly availability: Availability;
  readonly examples: readonly { readonly name: string; readonly description?: string; readonly params: readonly { name: string; value: unknown }[]; readonly notifications: readonly unknown[] }[];
  /** `x-result-by-param` on the kind: the param after the kind whose value selects the notification's shape. */
  readonly resultCases?: ResultCasesModel;
}

/**
 * OpenRPC: "If the servers property is not provided, or is an empty array, the default value would be a
 * Server Object with a url value of localhost". Where that server is, only the user knows: it is the base
 * URL the client is given (called as it is, over HTTP or WebSocket), and the root path of the mock.
 */
export const DEFAULT_ENDPOINTS: readonly Endpoint[] = [
  { name: 'default', transport: 'http', url: 'localhost', path: '', variables: {} },
  { name: 'default-ws', transport: 'websocket', url: 'localhost', path: '', variables: {} },
];

const DEFAULT_AVAILABILITY: Availability = { enabledByDefault: true, publicNode: true, served: true };

/**
 * Which params a positional call may leave out: by position only a trailing run can be omitted, so a param
 * may be left out when it and every param after it are optional. An optional param before a required one
 * must still take its place (`undefined`, sent as `null`). The client's signatures, the params tuples and
 * the params validator all follow this one rule.
 */
export function omittable(params: readonly Pick<ParamModel, 'required'>[]): boolean[] {
  const lastRequired = params.map((p) => p.required).lastIndexOf(true);
  return params.map((_, i) => i > lastRequired);
}

/** `Block hash` → `blockHash`, `from-block` → `fromBlock`; identifiers stay as they are. */
export function toIdent(name: string): string {
  if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name)) return name;
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  if (words.length === 0) return '_';
  const out = words.map((w, i) => (i === 0 ? w[0]!.toLowerCase() + w.slice(1) : w[0]!.toUpperCase() + w.slice(1))).join('');
  return /^[0-9]/.test(out) ? `_${out}` : out;
}

export function splitMethodName(name: string): { namespace: string; member: string } {
  const m = /^([A-Za-z][A-Za-z0-9]*)[._](.+)$/.exec(name);
  if (!m) return { namespace: '', member: toIdent(name) };
  return { namespace: m[1]!, member: toIdent(m[2]!) };
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

function mergeAvailability(...layers: unknown[]): Availability {
  const out: Record<string, unknown> = { ...DEFAULT_AVAILABILITY };
  for (const layer of layers) if (isRecord(layer)) Object.assign(out, layer);
  return out as unknown as Availability;
}

function param(document: Record<string, unknown>, pointer: string): ParamModel {
  const p = deref(document, pointer)!;
  const v = p.value as Record<string, unknown>;
  const name = String(v.name);
  return {
    name,
    ident: toIdent(name),
    required: v.required === true,
    ...(str(v.summary) !== undefined ? { summary: str(v.summary)! } : {}),
    ...(str(v.description) !== undefined ? { description: str(v.description)! } : {}),
    deprecated: v.deprecated === true,
    secret: v['x-secret'] === true,
    schema: (v.schema ?? {}) as JsonSchema,
    schemaPointer: `${p.pointer}/schema`,
  };
}

function result(document: Record<string, unknown>, pointer: string): ResultModel | undefined {
  const r = deref(document, pointer);
  if (!r || !isRecord(r.value)) return undefined;
  const v = r.value;
  return {
    // (A result without a name is tolerated with a warning: load/check.ts, `result-name-missing`.)
    name: typeof v.name === 'string' ? v.name : 'result',
    secret: v['x-secret'] === true,
    ...(str(v.summary) !== undefined ? { summary: str(v.summary)! } : {}),
    ...(str(v.description) !== undefined ? { description: str(v.description)! } : {}),
    schema: (v.schema ?? {}) as JsonSchema,
    schemaPointer: `${r.pointer}/schema`,
  };
}

function endpointOf(server: Record<string, unknown>, i: number): Endpoint {
  const url = String(server.url);
  // A server at the root of its host (`http://localhost:8545`, `localhost`) is the base URL itself: the
  // client calls the URL it is given, as it is.
  const rest = /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '') : url.startsWith('/') ? url : url.replace(/^[^/]*/, '');
  // `${name}` (as the OpenRPC examples write a variable) is read as `{name}`.
  const path = rest === '/' ? '' : rest.replace(/\$\{/g, '{');
  const transport = server['x-transport'] === 'websocket' || /^wss?:/i.test(url) ? 'websocket' : 'http';
  const variables: Record<string, { default: string; enum?: string[]; description?: string }> = {};
  if (isRecord(server.variables)) {
    for (const [k, v] of Object.entries(server.variables)) {
      // A variable of the host or port is the base URL's business: the client fills only the path.
      if (!isRecord(v) || !path.includes(`{${k}}`)) continue;
      variables[k] = {
        default: String(v.default),
        ...(Array.isArray(v.enum) ? { enum: v.enum.map(String) } : {}),
        ...(str(v.description) !== undefined ? { description: str(v.description)! } : {}),
      };
    }
  }
  return { name: str(server.name) ?? `server${i}`, transport, url, path, variables };
}

/**
 * Method models by the bundled method object they are built from: the same object at the same place, with
 * the same reach (what its references lead to) and the same document-wide availability, is the same model
 * (see speed/incremental.ts), so that everything computed from a model is kept under it.
 */
const METHOD_MODELS = slot<object, MethodModel>('method models', true);

function buildMethod(document: Record<string, unknown>, pointer: string, m: Record<string, unknown>, docAvailability: unknown, docNamespace: string | undefined): MethodModel {
  const split = splitMethodName(String(m.name));
  const { member } = split;
  const namespace = docNamespace ?? split.namespace;
  const params = (Array.isArray(m.params) ? m.params : []).map((_, i) => param(document, `${pointer}/params/${i}`));
  const res = m.result !== undefined ? result(document, `${pointer}/result`) : undefined;
  const errors = (Array.isArray(m.errors) ? m.errors : []).flatMap((_, i) => {
    const e = deref(document, `${pointer}/errors/${i}`);
    if (!e || !isRecord(e.value)) return [];
    return [{ code: Number(e.value.code), message: String(e.value.message), ...('data' in e.value ? { data: e.value.data } : {}) }];
  });
  const examples = examplesOf(document, pointer, m);
  const availability = mergeAvailability(docAvailability, m['x-availability']);
  const subscriptions = subscriptionsOf(document, pointer, m, availability);
  const structure = m.paramStructure === 'by-name' || m.paramStructure === 'by-position' ? m.paramStructure : 'either';
  const tags = (Array.isArray(m.tags) ? m.tags : []).flatMap((_, i) => {
    const t = deref(document, `${pointer}/tags/${i}`);
    return t && isRecord(t.value) && typeof t.value.name === 'string' ? [t.value.name] : [];
  });
  const links = linksOf(document, pointer, m);
  return {
    name: String(m.name),
    namespace,
    member,
    pointer,
    ...(str(m.summary) !== undefined ? { summary: str(m.summary)! } : {}),
    ...(str(m.description) !== undefined ? { description: str(m.description)! } : {}),
    deprecated: m.deprecated === true,
    ...(str(m['x-replaced-by']) !== undefined ? { replacedBy: str(m['x-replaced-by'])! } : {}),
    paramStructure: structure,
    positional: structure !== 'by-name',
    params,
    ...(res ? { result: res } : {}),
    errors,
    examples,
    availability,
    effects: effectsOf(m['x-effects']),
    ...(isRecord(m['x-keystore']) ? { keystore: m['x-keystore'] as { removedIn?: string } } : {}),
    websocketOnly: m['x-websocket-only'] === true,
    ...(subscriptions ? { subscriptions } : {}),
    ...(isRecord(m['x-pagination']) ? { pagination: m['x-pagination'] as unknown as PaginationModel } : {}),
    tags,
    links,
    ...(str(m['x-node-version']) !== undefined ? { versionPointer: str(m['x-node-version'])! } : {}),
    ...resultCasesOf(document, pointer, m, params),
    ...(isRecord(m['x-http-get']) ? { httpGet: httpGetOf(m['x-http-get'], (name) => isListParam(document, params, name)) } : {}),
  };
}

/** Whether the named param's schema is an array (a query parameter carrying it is repeated). */
function isListParam(document: Record<string, unknown>, params: readonly ParamModel[], name: string): boolean {
  const p = params.find((x) => x.name === name);
  if (!p) return false;
  let s: unknown = p.schema;
  // (Local references only: the bundled document holds every schema under #/components/schemas.)
  for (let i = 0; i < 16 && isRecord(s) && typeof s.$ref === 'string' && s.$ref.startsWith('#'); i++) s = getAtPointer(document, s.$ref.slice(1));
  return isRecord(s) && s.type === 'array';
}

/** The `x-result-by-param` of a method or subscription kind at `pointer`, when it names one of its params (the loader reports it otherwise). */
function resultCasesOf(document: Record<string, unknown>, pointer: string, m: Record<string, unknown>, params: readonly ParamModel[]): { resultCases?: ResultCasesModel } {
  const x = m['x-result-by-param'];
  if (!isRecord(x) || !Array.isArray(x.cases)) return {};
  const param = params.find((p) => p.name === x.param);
  if (!param) return {};
  const fallback = param.required ? undefined : defaultOf(document, param.schema);
  const cases = x.cases.flatMap((c, i): ResultCaseModel[] => {
    if (!isRecord(c) || !Array.isArray(c.values) || !('result' in c)) return [];
    const values = c.values.filter((v): v is CaseValue => v === null || ['string', 'number', 'boolean'].includes(typeof v));
    return [
      {
        values,
        ...(str(c.summary) !== undefined ? { summary: str(c.summary)! } : {}),
        schema: c.result as JsonSchema,
        schemaPointer: `${pointer}/x-result-by-param/cases/${i}/result`,
        whenOmitted: fallback !== undefined && values.some((v) => v === fallback.value),
      },
    ];
  });
  return cases.length ? { resultCases: { param: param.name, cases } } : {};
}

/** A param schema's `default` (the schema or what its reference names), when it states one. */
function defaultOf(document: Record<string, unknown>, schema: unknown): { value: unknown } | undefined {
  let at = schema;
  for (let hops = 0; hops < 32 && isRecord(at); hops++) {
    if ('default' in at) return { value: at.default };
    if (typeof at.$ref !== 'string' || !at.$ref.startsWith('#/')) return undefined;
    at = getAtPointer(document, at.$ref.slice(1));
  }
  return undefined;
}

/** The method's examples, each param and result dereferenced. */
function examplesOf(document: Record<string, unknown>, pointer: string, m: Record<string, unknown>): ExampleModel[] {
  return (Array.isArray(m.examples) ? m.examples : []).flatMap((_, i): ExampleModel[] => {
    const ex = deref(document, `${pointer}/examples/${i}`);
    if (!ex || !isRecord(ex.value)) return [];
    const v = ex.value;
    const exParams = (Array.isArray(v.params) ? v.params : []).flatMap((_, pi) => {
      const ep = deref(document, `${ex.pointer}/params/${pi}`);
      return ep && isRecord(ep.value) ? [{ name: String(ep.value.name), value: ep.value.value }] : [];
    });
    const exResult = deref(document, `${ex.pointer}/result`);
    return [
      {
        name: str(v.name) ?? `example${i + 1}`,
        ...(str(v.summary) !== undefined ? { summary: str(v.summary)! } : {}),
        ...(str(v.description) !== undefined ? { description: str(v.description)! } : {}),
        params: exParams,
        ...(exResult && isRecord(exResult.value) && 'value' in exResult.value
          ? { result: { ...(str(exResult.value.name) !== undefined ? { name: str(exResult.value.name)! } : {}), value: exResult.value.value } }
          : {}),
      },
    ];
  });
}

/** The method's x-subscriptions: its notification, the unsubscribe method and the kinds one can subscribe to. */
function subscriptionsOf(document: Record<string, unknown>, pointer: string, m: Record<string, unknown>, availability: Availability): SubscriptionsModel | undefined {
  const subs = m['x-subscriptions'];
  if (isRecord(subs) && Array.isArray(subs.kinds)) {
    return {
      notification: String(subs.notification),
      ...(str(subs.unsubscribe) !== undefined ? { unsubscribe: str(subs.unsubscribe)! } : {}),
      kinds: subs.kinds.filter(isRecord).map((k, ki) => {
        const kp = `${pointer}/x-subscriptions/kinds/${ki}`;
        const params = (Array.isArray(k.params) ? k.params : []).map((_, i) => param(document, `${kp}/params/${i}`));
        return {
          name: String(k.name),
          ...(str(k.summary) !== undefined ? { summary: str(k.summary)! } : {}),
          ...(str(k.description) !== undefined ? { description: str(k.description)! } : {}),
          params,
          result: result(document, `${kp}/result`)!,
          availability: mergeAvailability(availability, k['x-availability']),
          examples: (Array.isArray(k.examples) ? k.examples : []).filter(isRecord).map((ex) => ({
            name: String(ex.name),
            ...(str(ex.description) !== undefined ? { description: str(ex.description)! } : {}),
            params: (Array.isArray(ex.params) ? ex.params : []).filter(isRecord).map((p) => ({ name: String(p.name), value: p.value })),
            notifications: Array.isArray(ex.notifications) ? ex.notifications : [],
          })),
          ...resultCasesOf(document, kp, k, params),
        };
      }),
    };
  }
  return undefined;
}

/** The method's links that name a method. */
function linksOf(document: Record<string, unknown>, pointer: string, m: Record<string, unknown>): LinkModel[] {
  return (Array.isArray(m.links) ? m.links : []).flatMap((_, i): LinkModel[] => {
    const l = deref(document, `${pointer}/links/${i}`);
    if (!l || !isRecord(l.value) || typeof l.value.name !== 'string' || typeof l.value.method !== 'string') return [];
    const v = l.value;
    return [
      {
        name: String(v.name),
        method: String(v.method),
        params: isRecord(v.params) ? v.params : {},
        ...(str(v.summary) !== undefined ? { summary: str(v.summary)! } : {}),
        ...(str(v.description) !== undefined ? { description: str(v.description)! } : {}),
      },
    ];
  });
}

/** `memory`: the run's, where method models are kept for a next run (absent: nothing is kept). */
export function buildService(name: string, source: string, document: Record<string, unknown>, memory?: Memory): ServiceModel {
  const info = isRecord(document.info) ? document.info : {};
  const xj = isRecord(document['x-jsonrpc']) ? document['x-jsonrpc'] : {};
  const docAvailability = document['x-availability'];
  const docNamespace = str(document['x-namespace']);
  const methods: MethodModel[] = methodsOf(document).map(({ pointer, method: m }) =>
    // (A run that keeps nothing has nothing to find a model by: see lib/memory.ts.)
    memory?.keeping
      ? memory.memo(METHOD_MODELS).get(m, [pointer, memory.reach(document, m), docAvailability, docNamespace], () => buildMethod(document, pointer, m, docAvailability, docNamespace))
      : buildMethod(document, pointer, m, docAvailability, docNamespace),
  );
  const namespaces: string[] = [];
  for (const m of methods) if (!namespaces.includes(m.namespace)) namespaces.push(m.namespace);
  const servers = Array.isArray(document.servers) ? document.servers.filter(isRecord) : [];
  const dialect = xj.dialect === 'geth' || xj.dialect === 'gorilla-json2' ? xj.dialect : 'standard';
  return {
    name,
    source,
    title: str(info.title) ?? name,
    version: str(info.version) ?? '0.0.0',
    ...(str(info.description) !== undefined ? { description: str(info.description)! } : {}),
    document,
    endpoints: servers.length ? servers.map(endpointOf) : DEFAULT_ENDPOINTS,
    jsonrpc: {
      batch: xj.batch !== false,
      ...(typeof xj.batchLimit === 'number' ? { batchLimit: xj.batchLimit } : {}),
      ...(typeof xj.publicNodeBatchLimit === 'number' ? { publicNodeBatchLimit: xj.publicNodeBatchLimit } : {}),
      dialect,
    },
    methods,
    namespaces,
    schemas: (getAtPointer(document, '/components/schemas') ?? {}) as Record<string, JsonSchema>,
  };
}
