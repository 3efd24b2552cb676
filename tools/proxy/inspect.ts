/**
 * The spec's side of live traffic, for the proxy and the mock's replay: what the proxy reports about each
 * call, reply and notification; what a recorded fixture may not hold (secrets); whether a fixture still
 * conforms. All three read the same conformance (../conform), compiled from the model in process.
 */
import type { Conformance, MethodConformance, Problem } from '../../generator/lifecycle/conform/index.js';
import type { Fixture } from '../../runtime/mock/replay.js';
import { paramsFromQuery, statusOf } from '../../runtime/server/http-get.js';
import type { MethodModel } from '../../generator/model/index.js';
import { REDACTED } from '../../runtime/mock/replay.js';
import type { ProxyAnswer, ProxyCall, ProxyExchange, ProxyFinding, ProxyInspector } from './index.js';
import { fixtureOf } from './record.js';
import { escapeSegment } from '../../generator/lib/pointer.js';

function findings(prefix: string, verdict: { problems: readonly Problem[]; extra: readonly Problem[] }): ProxyFinding[] {
  const say = (p: Problem) => `${p.message}${p.expected !== undefined ? ` (spec: ${p.expected})` : ''}`;
  return [
    ...verdict.problems.map((p) => ({ pointer: `${prefix}${p.pointer}`, message: say(p), severity: 'violation' as const })),
    ...verdict.extra.map((p) => ({ pointer: `${prefix}${p.pointer}`, message: p.message, severity: 'extra' as const })),
  ];
}

const lookups = new WeakMap<Conformance, Map<string, MethodConformance | undefined>>();

/**
 * The method a call names, looked up in the service whose endpoint path it came on when more than one has
 * it. Remembered per path and method: a proxy sees the same few calls over and over.
 */
function methodOf(conformance: Conformance, call: Pick<ProxyCall, 'method' | 'path'>): MethodConformance | undefined {
  let cache = lookups.get(conformance);
  if (!cache) lookups.set(conformance, (cache = new Map()));
  const key = `${call.path}\0${call.method}`;
  if (cache.has(key)) return cache.get(key);
  const found = lookup(conformance, call);
  // Paths are the client's to choose; keep the memory bounded whatever they send.
  if (cache.size < 10_000) cache.set(key, found);
  return found;
}

function lookup(conformance: Conformance, call: Pick<ProxyCall, 'method' | 'path'>): MethodConformance | undefined {
  const owners = conformance.services.filter((s) => s.methods.some((m) => m.name === call.method));
  const onPath = owners.find((s) => s.endpoints.some((e) => new RegExp(`^${pathPattern(e.path)}/?$`).test(call.path)));
  const service = onPath ?? owners[0];
  return service ? conformance.method(call.method, service.name) : undefined;
}

/** A path pattern of the spec's (`/ext/bc/{blockchainID}/rpc`) as a regex: a variable matches one segment. */
function pathPattern(path: string): string {
  return path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{[^}]+\\\}/g, '[^/]+');
}

const getRoutes = new WeakMap<Conformance, { re: RegExp; method: MethodModel; service: string }[]>();

/** The method a plain GET's path is served by (`x-http-get`), and its service: every GET path under every HTTP endpoint. */
function getMethodAt(conformance: Conformance, path: string): { method: MethodModel; service: string } | undefined {
  let routes = getRoutes.get(conformance);
  if (!routes) {
    routes = conformance.services.flatMap((s) =>
      s.methods.flatMap((method) =>
        (method.httpGet?.paths ?? []).flatMap((suffix) =>
          s.endpoints.filter((e) => e.transport === 'http').map((e) => ({ re: new RegExp(`^${pathPattern(`${e.path.replace(/\/+$/, '')}${suffix}` || '/')}$`), method, service: s.name })),
        ),
      ),
    );
    getRoutes.set(conformance, routes);
  }
  return routes.find((r) => r.re.test(path));
}

/** What a plain GET's reply says against its method's `x-http-get` rules and result schema. */
function getReplyFindings(m: MethodConformance | undefined, status: number, body: unknown): { findings: ProxyFinding[]; answer?: ProxyAnswer } {
  const get = m?.method.httpGet;
  if (!m || !get) return { findings: [] };
  const listed = [...new Set(get.status.map((r) => r.code))];
  if (!listed.includes(status)) return { findings: [{ pointer: '/status', message: `HTTP ${status} is not a status the spec lists for this GET (spec: ${listed.join(' or ')})`, severity: 'violation' }] };
  if (body === undefined) return { findings: [{ pointer: '/result', message: `the body of HTTP ${status} is not JSON (spec: the method's result)`, severity: 'violation' }] };
  const found = findings('/result', m.result(body));
  const want = statusOf(get, body);
  if (want !== status) found.unshift({ pointer: '/status', message: `the status rules give this body ${want}, but the node answered ${status} (spec: ${want})`, severity: 'violation' });
  return { findings: found, answer: { result: body } };
}

export function createInspector(conformance: Conformance): ProxyInspector {
  /** The service of each GET's call (two documents may name a method alike; the GET's path tells which). */
  const getService = new WeakMap<ProxyCall, string>();
  return {
    request(call) {
      const m = methodOf(conformance, call);
      if (!m) return [{ pointer: '/method', message: `the spec has no method "${call.method}"`, severity: 'violation' }];
      return findings('/params', m.params(call.params));
    },
    reply(call, answer) {
      const m = methodOf(conformance, call);
      // An error is the node's to word; only results have a schema to meet.
      if (!m || !('result' in answer)) return [];
      return findings('/result', m.result(answer.result));
    },
    notification(subscribe, kind, payload) {
      const verdict = methodOf(conformance, subscribe)?.notification(kind, payload);
      return verdict ? findings('/params/result', verdict) : [{ pointer: '/params', message: `the spec has no subscription kind "${kind}" for ${subscribe.method}`, severity: 'violation' }];
    },
    getCall(target) {
      const q = target.indexOf('?');
      const path = q < 0 ? target : target.slice(0, q);
      const found = getMethodAt(conformance, path);
      if (!found) return undefined;
      // The params as the server reads them from the query string.
      const call: ProxyCall = { transport: 'http', path, method: found.method.name, params: paramsFromQuery(found.method.httpGet!, q < 0 ? '' : target.slice(q + 1)) };
      getService.set(call, found.service);
      return call;
    },
    getReply(call, status, body) {
      return getReplyFindings(conformance.method(call.method, getService.get(call)), status, body);
    },
  };
}

/**
 * Whether a key the client sent names a param as the node reads it: Go's encoding/json matches object keys
 * to fields case-insensitively (with Unicode simple folding: `ſ` is `s`, the Kelvin sign `K` is `k`), so
 * `Password` and `PASSWORD` are the password.
 */
function sameKey(name: string, key: string): boolean {
  const fold = (s: string) => s.toLowerCase().replace(/ſ/g, 's').replace(/\u212a/g, 'k');
  return name === key || fold(name) === fold(key);
}

/**
 * The fixture to write for an exchange: params as the server reads them (by name: the object), and every
 * value the spec marks `x-secret` (a param, or the result) replaced by `***` and listed in `redacted`.
 */
export function createRedactor(conformance: Conformance): (exchange: ProxyExchange) => Fixture {
  return (exchange) => {
    const fixture = fixtureOf(exchange);
    const m = methodOf(conformance, exchange.call);
    if (!m) return fixture;
    const redacted: string[] = [];
    let params = fixture.params;
    if (!m.method.positional && Array.isArray(params) && params.length && typeof params[0] === 'object' && params[0] !== null && !Array.isArray(params[0])) params = params[0];
    if (Array.isArray(params)) {
      params = params.map((v, i) => {
        if (!m.method.params[i]?.secret) return v;
        redacted.push(`/params/${i}`);
        return REDACTED;
      });
    } else if (params && typeof params === 'object') {
      params = Object.fromEntries(
        Object.entries(params).map(([k, v]) => {
          if (!m.method.params.some((p) => p.secret && sameKey(p.name, k))) return [k, v];
          redacted.push(`/params/${escapeSegment(k)}`);
          return [k, REDACTED];
        }),
      );
    }
    let out: Fixture = { ...fixture, ...(params !== undefined ? { params } : {}) };
    if (m.method.result?.secret && 'result' in out) {
      out = { ...out, result: REDACTED };
      redacted.push('/result');
    }
    return redacted.length ? { ...out, redacted } : out;
  };
}

/** What keeps a recorded fixture from standing for the spec: its method unknown, its params or result off. */
export function checkFixture(conformance: Conformance, fixture: Fixture): string[] {
  const m = methodOf(conformance, fixture);
  if (!m) return [`the spec has no method "${fixture.method}"`];
  const redacted = fixture.redacted ?? [];
  const hidden = (pointer: string) => redacted.some((r) => pointer === r || pointer.startsWith(`${r}/`));
  const out: string[] = [];
  const say = (p: Problem, prefix: string) => `${prefix}${p.pointer} ${p.message}${p.expected !== undefined ? ` (spec: ${p.expected})` : ''}`;
  for (const p of m.params(fixture.params).problems) if (!hidden(`/params${p.pointer}`)) out.push(say(p, 'params'));
  if ('result' in fixture && !hidden('/result')) for (const p of m.result(fixture.result).problems) out.push(say(p, 'result'));
  return out;
}
