/**
 * Checks of `x-http-get` (model/http-get.ts) beyond its shape: what it names exists, every param a GET must
 * give can come from the query string, and every result has a status. Each problem is `http-get-invalid`
 * at the field it is about.
 */
import type { Diagnostic } from '../lib/diagnostics.js';
import { isRecord } from '../lib/guards.js';
import { joinPointer, splitPointer } from '../lib/pointer.js';
import type { JsonSchema, MethodModel, ServiceModel } from '../model/index.js';
import { resolveSchema } from '../schema/resolve.js';
import type { Provenance } from './provenance.js';

const CODE = 'http-get-invalid';

/** The schema with `$ref`s followed, as an object (or undefined). */
function resolved(service: ServiceModel, schema: unknown): Record<string, unknown> | undefined {
  if (!isRecord(schema)) return undefined;
  const r = resolveSchema(service.document, schema as JsonSchema).schema;
  return isRecord(r) ? r : undefined;
}

/** Whether a query parameter can carry a value of this schema: a string, or a list of strings (repeated). */
function textual(service: ServiceModel, schema: unknown): 'one' | 'many' | undefined {
  const s = resolved(service, schema);
  if (s?.type === 'string') return 'one';
  if (s?.type === 'array' && resolved(service, s.items)?.type === 'string') return 'many';
  return undefined;
}

/** Whether `pointer` names a place the result schema has (through `$ref`s and object properties; open maps hold any key). */
function inResult(service: ServiceModel, schema: unknown, segments: readonly string[]): boolean {
  let at = resolved(service, schema);
  for (const seg of segments) {
    if (!at) return false;
    if (isRecord(at.properties) && seg in at.properties) at = resolved(service, at.properties[seg]);
    else if (isRecord(at.additionalProperties) || at.additionalProperties === true) at = resolved(service, at.additionalProperties) ?? {};
    else return false;
  }
  return true;
}

export function httpGetProblems(service: ServiceModel, method: MethodModel, prov: Provenance): Diagnostic[] {
  const get = method.httpGet;
  if (!get) return [];
  const base = `${method.pointer}/x-http-get`;
  const problems: Diagnostic[] = [];
  const at = (pointer: string, message: string): void => void problems.push(prov.at(pointer, CODE, message));
  if (!method.result) at(base, `${method.name} has x-http-get but no result: the GET reply's body is the method's result.`);
  if (method.websocketOnly || method.subscriptions) at(base, `${method.name} is WebSocket-only; x-http-get needs a method callable over HTTP.`);
  if (method.paramStructure !== 'by-name') at(base, `${method.name} takes its params by position; x-http-get needs paramStructure: by-name, since query parameters carry params by name.`);
  const clash = service.methods.find((m) => m.namespace === method.namespace && m.member === 'http');
  if (clash) at(base, `${clash.name} takes the client member "http" of namespace "${method.namespace}", where the methods with x-http-get go; rename it or drop x-http-get.`);
  if (!service.endpoints.some((e) => e.transport === 'http')) at(base, `${method.name} has x-http-get, but its document has no HTTP server to serve the GET paths under.`);
  const params = new Map(method.params.map((p) => [p.name, p]));
  const carried = new Set<string>();
  for (const [name, { param }] of Object.entries(get.query)) {
    const pointer = joinPointer(base, 'query', name);
    const p = params.get(param);
    if (!p) {
      at(pointer, `x-http-get query parameter "${name}" names "${param}", which is not a param of ${method.name} (params: ${[...params.keys()].join(', ') || 'none'}).`);
      continue;
    }
    if (carried.has(param)) at(pointer, `x-http-get carries param "${param}" in two query parameters; give each param one.`);
    carried.add(param);
    if (!textual(service, p.schema)) at(pointer, `x-http-get query parameter "${name}" carries "${param}", whose schema is not a string or a list of strings: a query string holds text only.`);
  }
  for (const p of method.params)
    if (p.required && !carried.has(p.name)) at(joinPointer(base, 'query'), `${method.name} requires param "${p.name}", which no x-http-get query parameter carries: a GET could not give it.`);
  get.status.forEach((rule, i) => {
    const last = i === get.status.length - 1;
    if (last && rule.when) at(joinPointer(base, 'status', i), 'The last x-http-get status rule must have no "when": it is the status of every result the rules before it do not match.');
    if (!last && !rule.when) at(joinPointer(base, 'status', i), 'Only the last x-http-get status rule may leave out "when": the rules after this one would never match.');
    if (rule.when && method.result && !inResult(service, method.result.schema, splitPointer(rule.when.pointer)))
      at(joinPointer(base, 'status', i, 'when', 'pointer'), `x-http-get status pointer "${rule.when.pointer}" names nothing in ${method.name}'s result schema.`);
  });
  const taken = new Map(service.methods.filter((m) => m !== method && m.httpGet).flatMap((m) => m.httpGet!.paths.map((p) => [p, m.name] as const)));
  get.paths.forEach((path, i) => {
    const other = taken.get(path);
    if (other !== undefined && service.methods.findIndex((m) => m.name === other) < service.methods.indexOf(method))
      at(joinPointer(base, 'paths', i), `x-http-get path "${path || '(the server path)'}" is already ${other}'s; each GET path serves one method.`);
  });
  return problems;
}
