/**
 * What the docs console needs per method (tools/docs/try.ts reads it in the browser): the endpoint, the
 * first example's params in the method's form, the validator modules, the codec plans and the units the
 * spec names. One JSON file per service under `.vitepress/theme/try/`, loaded by the console on demand.
 */
import type { JsonSchema, MethodModel, ParamModel, ServiceModel } from '../../model/index.js';
import { PlanBuilder, type PlanTree } from '../../schema/codec.js';
import { isSchemaObject, resolveSchema } from '../../schema/resolve.js';
import { UNIX_TIME, type ClientSetup, type TryGet, type TryKind, type TryMethod, type TryService } from '../../../tools/docs/try.js';
import { notificationValidatorPath, validatorPath } from '../shared/paths.js';
import { endpointPath, type ExamplePrinter } from '../shared/examples.js';
import { escapeSegment } from '../../lib/pointer.js';
import { slot, type Memory } from '../../lib/memory.js';

/** Units as the spec's descriptions name them: `(wei)`, `in gwei`, `Balance in nAVAX`. */
const UNIT = /(?:\(|\bin )(wei|gwei|nAVAX|nNATIVE|seconds|milliseconds|bytes)\b/;

/** A unix time (`Unix time validation started`, `A unix time in seconds`): the console shows its date. */
const UNIX = /\bunix (?:time|timestamp)\b/i;

export function unitOf(description: unknown): string | undefined {
  if (typeof description !== 'string') return undefined;
  return UNIX.test(description) && !/\bmilliseconds\b/.test(description) ? UNIX_TIME : UNIT.exec(description)?.[1];
}

/** Units of the values inside `schema`, by pointer (`*` for array items), following `$ref`s. */
export function unitsIn(document: unknown, schema: JsonSchema | undefined, described?: string): Record<string, string> {
  const out: Record<string, string> = {};
  const seen = new Set<unknown>();
  const walk = (s: JsonSchema | undefined, pointer: string, own: string | undefined, depth: number) => {
    if (s === undefined || depth > 12) return;
    const { schema: body } = resolveSchema(document, s);
    if (!isSchemaObject(body)) return;
    const unit = own ?? unitOf(isSchemaObject(s) ? s.description : undefined) ?? unitOf(body.description);
    if (unit && out[pointer] === undefined) out[pointer] = unit;
    if (seen.has(body)) return;
    seen.add(body);
    const props = body.properties;
    if (isSchemaObject(props)) for (const [k, v] of Object.entries(props)) walk(v as JsonSchema, `${pointer}/${escapeSegment(k)}`, undefined, depth + 1);
    if (body.items !== undefined && !Array.isArray(body.items)) walk(body.items as JsonSchema, `${pointer}/*`, undefined, depth + 1);
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      const parts = body[key];
      if (Array.isArray(parts)) for (const p of parts) walk(p as JsonSchema, pointer, unit, depth + 1);
    }
    seen.delete(body);
  };
  walk(schema, '', unitOf(described), 0);
  return out;
}

/** Example params (by name, in declaration order) in the form sent: an array by position, else one object. */
function wireForm(positional: boolean, params: readonly ParamModel[], given: readonly { name: string; value: unknown }[]): unknown {
  const secret = new Set(params.filter((p) => p.secret).map((p) => p.name));
  const value = (p: { name: string; value: unknown }) => (secret.has(p.name) ? `<${p.name}>` : p.value);
  if (!positional) return Object.fromEntries(given.map((p) => [p.name, value(p)]));
  const byName = new Map(given.map((p) => [p.name, p]));
  if (!params.some((p) => byName.has(p.name))) return given.map(value);
  const slots = params.map((p) => byName.get(p.name));
  while (slots.length && slots[slots.length - 1] === undefined) slots.pop();
  return slots.map((p) => (p === undefined ? null : value(p)));
}

function tree(t: PlanTree): PlanTree {
  // Plain data only (the builder's trees are), so JSON keeps all of it.
  return { root: t.root, defs: t.defs };
}

export function tryMethod(service: ServiceModel, method: MethodModel, printer: ExamplePrinter): TryMethod {
  const builder = new PlanBuilder(service.document);
  const http = service.endpoints.find((e) => e.transport === 'http');
  const ws = service.endpoints.find((e) => e.transport === 'websocket');
  const endpoint = method.websocketOnly ? (ws ?? http) : (http ?? ws);
  const example = method.examples[0];
  const params = method.positional ? builder.tuple(method.params.map((p) => p.schema)) : builder.object(method.params.map((p) => [p.name, p.schema] as const));
  const kinds: TryKind[] | undefined = method.subscriptions?.kinds.map((k) => {
    const ex = k.examples[0];
    return {
      name: k.name,
      example: ex ? (wireForm(true, k.params, ex.params) as unknown[]) : [],
      validator: `${notificationValidatorPath(service, method, k.name).slice('validators/'.length)}.js`,
      plans: { params: tree(builder.tuple(k.params.map((p) => p.schema))), notification: tree(builder.tree(k.result.schema)) },
      units: unitsIn(service.document, k.result.schema, [k.result.summary, k.result.description].join(' ')),
    };
  });
  return {
    name: method.name,
    structure: method.paramStructure,
    positional: method.positional,
    path: endpoint ? endpointPath(endpoint) : '',
    ...(ws ? { wsPath: endpointPath(ws) } : {}),
    wsOnly: method.websocketOnly,
    example: example ? wireForm(method.positional, method.params, example.params) : method.positional ? [] : {},
    validators: {
      params: `${validatorPath(service, method, 'params').slice('validators/'.length)}.js`,
      ...(method.result ? { result: `${validatorPath(service, method, 'result').slice('validators/'.length)}.js` } : {}),
    },
    plans: { params: tree(params), ...(method.result ? { result: tree(builder.tree(method.result.schema)) } : {}) },
    units: unitsIn(service.document, method.result?.schema, method.result && [method.result.summary, method.result.description].join(' ')),
    accessor: printer.accessor(method),
    ...(kinds ? { kinds, notification: method.subscriptions!.notification } : {}),
    ...(method.subscriptions?.unsubscribe ? { unsubscribe: method.subscriptions.unsubscribe } : {}),
    ...(method.httpGet && http ? { get: tryGet(method, printer) } : {}),
  };
}

/** The plain GET form (`x-http-get`) of a method. */
function tryGet(method: MethodModel, printer: ExamplePrinter): TryGet {
  const get = method.httpGet!;
  return { paths: get.paths, query: get.query, status: get.status, accessor: printer.getAccessor(method) };
}

/** Each method's console data, by method model (see `tryService`). */
const TRY_METHODS = slot<MethodModel, TryMethod>('docs console methods', true);

export function tryService(memory: Memory, service: ServiceModel, baseUrl: string, client: ClientSetup, printer: ExamplePrinter): TryService {
  const http = service.endpoints.filter((e) => e.transport === 'http');
  // A method's data reads the method, the service's name and endpoints and the client's names; its plans
  // are made afresh for each method, so they do not depend on what was planned before.
  const context = JSON.stringify([service.name, service.endpoints, client]);
  const tryMethods = memory.memo(TRY_METHODS);
  return {
    service: service.name,
    baseUrl,
    servers: http.map((e) => ({ name: e.name, url: e.url.replace(/\{([^}]+)\}/g, (m, name: string) => e.variables[name]?.default ?? m) })),
    client,
    methods: Object.fromEntries(service.methods.map((m) => [m.name, tryMethods.get(m, [context], () => tryMethod(service, m, printer))])),
  };
}
