/**
 * verify's checks of the plain GETs a method is also served to (`x-http-get`, as the node's health
 * probes): the status is one the spec's rules list, the body (the method's result itself, no JSON-RPC
 * envelope) meets the result schema, and the status is the one the rules give that body (503 exactly when
 * the report says unhealthy). Pure: the answer in, a verdict out.
 */
import { queryString } from '../../../runtime/client/http-get.js';
import { statusOf } from '../../../runtime/server/http-get.js';
import { deeperThan, MAX_DEPTH } from '../../lib/depth.js';
import type { HttpGetModel, MethodModel } from '../../model/index.js';
import type { Conformance } from '../conform/index.js';
import { whenMissing } from './classify.js';
import type { MethodReport, Problem } from './types.js';

/** What came back from one GET. */
export type GetAnswer =
  | { readonly kind: 'reply'; readonly status: number; readonly body: string }
  | { readonly kind: 'failed'; readonly reason: string };

/** The path of a GET: the endpoint's path (`/` for a document without servers), then the GET's path after it. */
export function getPath(endpoint: string, suffix: string): string {
  return `${endpoint.replace(/\/+$/, '')}${suffix}` || '/';
}

/** The query string (`?tag=a&tag=b`) of a GET from the wire-form params, by name. */
export function getQuery(get: HttpGetModel, params: unknown): string {
  return queryString(get, params !== null && typeof params === 'object' && !Array.isArray(params) ? (params as Record<string, unknown>) : {});
}

/** A status rule in words: `503 when /healthy is false`, `200 otherwise`. */
function ruleText(rule: HttpGetModel['status'][number]): string {
  return rule.when ? `${rule.code} when ${rule.when.pointer} is ${JSON.stringify(rule.when.equals)}` : `${rule.code} otherwise`;
}

const STATUS_POINTER = '/x-http-get/status';

/** The verdict on one GET of a method from its answer. */
export function classifyGet(conformance: Conformance, service: string, method: MethodModel, answer: GetAnswer): Pick<MethodReport, 'status' | 'problems' | 'reason'> {
  const get = method.httpGet!;
  if (answer.kind === 'failed') return { status: 'error', problems: [], reason: answer.reason };
  const { status, body } = answer;
  if (status === 404) return whenMissing(method.availability, { kind: 'http', status, body });
  const listed = [...new Set(get.status.map((r) => r.code))];
  if (!listed.includes(status)) {
    return {
      status: 'drift',
      reason: `HTTP ${status}`,
      problems: [{ pointer: STATUS_POINTER, message: `the node answered HTTP ${status}, a status the spec does not list for this GET`, expected: listed.join(' or '), received: status }],
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return { status: 'unreadable', problems: [], reason: `the body of HTTP ${status} is not JSON: ${JSON.stringify(body.slice(0, 120))}` };
  }
  const deep = deeperThan(value, MAX_DEPTH);
  if (deep !== undefined) return { status: 'unreadable', problems: [], reason: `the body nests values more than ${MAX_DEPTH} levels deep (at ${deep.slice(0, 60)}${deep.length > 60 ? '...' : ''}); not checked` };
  const checker = conformance.method(method.name, service);
  const verdict = checker ? checker.result(value) : { problems: [], extra: [] };
  const problems: Problem[] = [...verdict.problems];
  const want = statusOf(get, value);
  if (want !== status) {
    const rule = get.status.find((r) => r.code === want)!;
    problems.push({ pointer: STATUS_POINTER, message: `the status rules give this body ${want} (${ruleText(rule)}), but the node answered ${status}`, expected: String(want), received: status });
  }
  const reason = `HTTP ${status}`;
  if (problems.length) return { status: 'drift', reason, problems: [...problems, ...verdict.extra] };
  if (verdict.extra.length) return { status: 'extra-fields', reason, problems: verdict.extra };
  return { status: 'ok', reason, problems: [] };
}
