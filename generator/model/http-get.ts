/**
 * `x-http-get` on a method: the same call is also served to plain HTTP GET requests (the node's health
 * probes: `GET /ext/health/readiness?tag=...`). The params come from the query string, the body is the
 * method's result in wire form, and the HTTP status follows from the result by the first rule that matches.
 */
import { isRecord } from '../lib/guards.js';

/** Which status a result is answered with: `when` the value at `pointer` in the result equals `equals`; a rule without `when` always matches. */
export interface HttpStatusRule {
  readonly code: number;
  readonly when?: { readonly pointer: string; readonly equals: unknown };
}

export interface HttpGetModel {
  /** Paths after the document's server path (`''` for the server path itself); clients call the first. */
  readonly paths: readonly string[];
  /** Query parameter name → the method param it carries; a list param (`list`) repeats the query parameter. */
  readonly query: Readonly<Record<string, { readonly param: string; readonly list: boolean }>>;
  /** In order; the loader makes sure the last has no `when`, so every result has a status. */
  readonly status: readonly HttpStatusRule[];
}

/** The model of a checked `x-http-get` value (load/extensions.ts holds its schema). */
export function httpGetOf(value: Record<string, unknown>, isList: (param: string) => boolean): HttpGetModel {
  const paths = Array.isArray(value.paths) ? value.paths.filter((p): p is string => typeof p === 'string') : [''];
  const query: Record<string, { param: string; list: boolean }> = {};
  if (isRecord(value.query)) for (const [k, v] of Object.entries(value.query)) if (typeof v === 'string') query[k] = { param: v, list: isList(v) };
  const status = (Array.isArray(value.status) ? value.status : []).filter(isRecord).map((r): HttpStatusRule => ({
    code: Number(r.code),
    ...(isRecord(r.when) ? { when: { pointer: String(r.when.pointer), equals: r.when.equals } } : {}),
  }));
  return { paths, query, status: status.length ? status : [{ code: 200 }] };
}
