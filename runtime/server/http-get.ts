/**
 * Plain HTTP GET requests to methods the spec also serves that way (`x-http-get` → `MethodMeta.httpGet`, as
 * the node's health probes): the query string becomes the params, the call runs through the engine like a
 * JSON-RPC request (the same handlers, examples, validation and availability), and the result is the body,
 * with the status of the first rule it matches. A call that fails answers 400 (bad params) or 500 with the
 * JSON-RPC error object as the body.
 */
import type { EndpointMeta, HttpGetMeta, ServerMethodMeta } from '../client/meta.js';
import type { Engine } from './engine.js';
import { Router, type RouteMatch } from './route.js';
import type { ServiceTable, Site } from './tables.js';
import type { RequestHeaders } from './types.js';

export interface GetTarget {
  readonly service: ServiceTable;
  readonly meta: ServerMethodMeta & { readonly httpGet: HttpGetMeta };
}

export type GetMatch = RouteMatch<GetTarget> & { readonly query: string };

export interface GetReply {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** Every GET path of every service's HTTP endpoints, routed like the endpoints themselves. */
export function getRouter(services: readonly ServiceTable[]): Router<GetTarget> | undefined {
  const entries: { service: GetTarget; endpoint: EndpointMeta }[] = [];
  for (const service of services) {
    for (const meta of Object.values(service.def.methods)) {
      if (!meta.httpGet) continue;
      const target: GetTarget = { service, meta: meta as GetTarget['meta'] };
      const seen = new Set<string>();
      for (const endpoint of service.def.endpoints) {
        if (endpoint.transport !== 'http') continue;
        for (const suffix of meta.httpGet.paths) {
          const path = `${endpoint.path.replace(/\/+$/, '')}${suffix}` || '/';
          if (seen.has(path)) continue;
          seen.add(path);
          entries.push({ service: target, endpoint: { ...endpoint, path } });
        }
      }
    }
  }
  return entries.length ? new Router(entries) : undefined;
}

/** The wire-form params from the query string: a list param takes every value of its query parameter, another the first. */
export function paramsFromQuery(get: HttpGetMeta, query: string): Record<string, unknown> {
  const search = new URLSearchParams(query);
  const out: Record<string, unknown> = {};
  for (const [name, { param, list }] of Object.entries(get.query)) {
    const values = search.getAll(name);
    if (values.length === 0) continue;
    Object.defineProperty(out, param, { value: list ? values : values[0], enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** The status of a result: the first rule whose `when` holds (the last has none). */
export function statusOf(get: HttpGetMeta, result: unknown): number {
  for (const rule of get.status) {
    if (!rule.when) return rule.code;
    let at: unknown = result;
    for (const seg of rule.when.pointer.split('/').slice(1)) {
      const key = seg.replace(/~1/g, '/').replace(/~0/g, '~');
      at = at !== null && typeof at === 'object' && Object.prototype.hasOwnProperty.call(at, key) ? (at as Record<string, unknown>)[key] : undefined;
    }
    if (JSON.stringify(at) === JSON.stringify(rule.when.equals)) return rule.code;
  }
  return 200;
}

const JSON_TYPE = 'application/json';

/** Runs the GET's method through the engine and frames its reply. */
export async function answerGet(engine: Engine, match: GetMatch, headers: RequestHeaders, signal: AbortSignal | undefined): Promise<GetReply> {
  const { service, meta } = match.service;
  const site: Site = { service, transport: 'http', path: match.path, variables: match.variables, headers, ...(signal ? { signal } : {}) };
  const params = paramsFromQuery(meta.httpGet, match.query);
  const request = JSON.stringify({ jsonrpc: '2.0', id: 1, method: meta.name, params: meta.structure === 'by-name' ? params : meta.params.map((p) => params[p] ?? null) });
  const text = await engine.standardBody(site, request);
  const reply = (text === null ? {} : JSON.parse(text)) as { result?: unknown; error?: { code?: number } };
  if (reply.error !== undefined || !('result' in reply)) {
    const code = reply.error?.code;
    return { status: code === -32602 ? 400 : 500, headers: { 'content-type': JSON_TYPE }, body: `${JSON.stringify(reply.error ?? null)}\n` };
  }
  // (The node's encoder ends the body with a newline.)
  return { status: statusOf(meta.httpGet, reply.result), headers: { 'content-type': JSON_TYPE }, body: `${JSON.stringify(reply.result)}\n` };
}
