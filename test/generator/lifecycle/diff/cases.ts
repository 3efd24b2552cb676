/**
 * The rule table's cases: pairs of small OpenRPC documents and the changes `noderpc diff` must find between
 * them, each way. `want` lists the changes from `old` to `new`, `back` those from `new` to `old` (the same
 * pair read the other way round), as `rule method path` (`-` for a service-wide change, no path when the
 * change is to the method as a whole). The oracle (oracle.test.ts) generates a client package from every
 * side of every case and checks each verdict for client callers with the TypeScript compiler.
 */
export type Schema = Record<string, unknown>;
export type Doc = Record<string, unknown>;

export interface Case {
  /** One document (service `svc`), or documents by service name. */
  readonly old: Doc | Record<string, Doc>;
  readonly new: Doc | Record<string, Doc>;
  readonly want: readonly string[];
  readonly back: readonly string[];
}

// ---- builders -----------------------------------------------------------------------------------------------

interface ParamSpec {
  readonly name: string;
  readonly schema: Schema;
  readonly required: boolean;
  readonly deprecated?: boolean;
}

function p(name: string, schema: Schema, required = true, extra: { deprecated?: boolean } = {}): ParamSpec {
  return { name, schema, required, ...extra };
}

interface MethodSpec {
  readonly params?: readonly ParamSpec[];
  /** `null`: a notification, without result. */
  readonly result?: Schema | null;
  readonly by?: 'by-name' | 'by-position' | 'either';
  readonly errors?: readonly { code: number; message: string; data?: unknown }[];
  readonly extra?: Record<string, unknown>;
}

function m(name: string, spec: MethodSpec = {}): Doc {
  return {
    name,
    paramStructure: spec.by ?? 'by-name',
    params: (spec.params ?? []).map((x) => ({ name: x.name, required: x.required, schema: x.schema, ...(x.deprecated ? { deprecated: true } : {}) })),
    ...(spec.result === null ? {} : { result: { name: 'result', schema: spec.result ?? { type: 'string' } } }),
    ...(spec.errors ? { errors: spec.errors } : {}),
    ...(spec.extra ?? {}),
  };
}

function doc(methods: readonly Doc[], extra: { schemas?: Record<string, Schema>; servers?: readonly Doc[]; jsonrpc?: Doc } = {}): Doc {
  return {
    openrpc: '1.3.2',
    info: { title: 'Case', version: '1.0.0' },
    ...(extra.servers ? { servers: extra.servers } : {}),
    ...(extra.jsonrpc ? { 'x-jsonrpc': extra.jsonrpc } : {}),
    methods,
    ...(extra.schemas ? { components: { schemas: extra.schemas } } : {}),
  };
}

const str: Schema = { type: 'string' };
const int: Schema = { type: 'integer' };
const bool: Schema = { type: 'boolean' };
const obj = (properties: Record<string, Schema>, required: readonly string[] = Object.keys(properties), extra: Schema = {}): Schema => ({ type: 'object', properties, required, ...extra });
const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const wire64 = { type: ['string', 'integer'], pattern: '^(0|[1-9][0-9]*)$' };
const U64: Schema = { ...wire64, 'x-codec': 'uint64' };
const U32: Schema = { ...wire64, 'x-codec': 'uint32' };
const U64N: Schema = { ...wire64, 'x-codec': 'uint64-number' };
const QTY: Schema = { type: 'string', pattern: '^0x[0-9a-f]+$', 'x-codec': 'quantity' };
const HEX: Schema = { type: 'string', pattern: '^0x[0-9a-f]+$', 'x-codec': 'hex' };
const page = obj({ items: { type: 'array', items: str }, next: str });
const paged = (extra: Record<string, unknown> = {}) =>
  m('list', { params: [p('cursor', str, false), p('limit', int, false)], result: page, ...(Object.keys(extra).length ? { extra } : {}) });
const pagination = { cursorParam: 'cursor', nextCursor: 'next', items: 'items', limitParam: 'limit' };

function subscribeMethod(kinds: readonly { name: string; params?: readonly ParamSpec[]; result: Schema; extra?: Record<string, unknown> }[]): Doc {
  return m('sub_subscribe', {
    by: 'by-position',
    params: [p('kind', { type: 'string', enum: kinds.map((k) => k.name) })],
    extra: {
      'x-websocket-only': true,
      'x-subscriptions': {
        notification: 'sub_subscription',
        unsubscribe: 'sub_unsubscribe',
        kinds: kinds.map((k) => ({
          name: k.name,
          params: (k.params ?? []).map((x) => ({ name: x.name, required: x.required, schema: x.schema })),
          result: { name: 'payload', schema: k.result },
          ...(k.extra ?? {}),
        })),
      },
    },
  });
}
const unsubscribe = m('sub_unsubscribe', { by: 'by-position', params: [p('id', str)], result: bool, extra: { 'x-websocket-only': true } });

/** `x-result-by-param` on `param`: each case its values, its result and maybe a summary. */
function byParam(param: string, cases: readonly (readonly [values: readonly unknown[], result: Schema, summary?: string])[]): Record<string, unknown> {
  return { 'x-result-by-param': { param, cases: cases.map(([values, result, summary]) => ({ values, ...(summary ? { summary } : {}), result })) } };
}

/** A block by id: its transactions as hashes (`full` false) or as objects (true), or null. */
const blockSchemas: Record<string, Schema> = {
  Hashes: obj({ number: int, txs: { type: 'array', items: str } }),
  Full: obj({ number: int, txs: { type: 'array', items: obj({ hash: str }) } }),
};
const blockResult: Schema = { oneOf: [{ type: 'null' }, ref('Hashes'), ref('Full')] };
const block = (cases: Record<string, unknown>, params: readonly ParamSpec[] = [p('id', str), p('full', bool)]) =>
  doc([m('getBlock', { params, by: 'by-position', result: blockResult, extra: cases })], { schemas: blockSchemas });
const orNull = (s: Schema): Schema => ({ oneOf: [{ type: 'null' }, s] });

/** A transaction by id, by name: a hex string (`encoding` hex) or a decoded object (json). */
const txResult: Schema = { oneOf: [str, obj({ id: str })] };
const tx = (cases: readonly (readonly [readonly unknown[], Schema])[], encoding: ParamSpec = p('encoding', { type: 'string', enum: ['hex', 'hexc', 'json'] })) =>
  doc([m('getTx', { params: [p('id', str), encoding], result: txResult, extra: byParam('encoding', cases) })]);
const encodingDefault = (value: string) => p('encoding', { type: 'string', enum: ['hex', 'json'], default: value }, false);

/** A health report, also served to plain GETs (`x-http-get`). */
const healthGet = { paths: ['', '/health'], query: { tag: 'tags' }, status: [{ code: 503, when: { pointer: '/healthy', equals: false } }, { code: 200 }] };
const health = (get?: Record<string, unknown>, params: readonly ParamSpec[] = [p('tags', { type: 'array', items: str }, false)]) =>
  doc([m('health', { params, result: obj({ healthy: bool }), ...(get ? { extra: { 'x-http-get': get } } : {}) })]);
const list = { type: 'array', items: str };

// ---- the cases ----------------------------------------------------------------------------------------------

export const CASES: readonly (readonly [string, Case])[] = [
  // Methods
  ['a method is added', { old: doc([m('getA')]), new: doc([m('getA'), m('getB')]), want: ['method-added getB'], back: ['method-removed getB'] }],
  ['a method is renamed, same params and result', {
    old: doc([m('getA', { params: [p('id', str)] })]),
    new: doc([m('getB', { params: [p('id', str)] })]),
    want: ['method-renamed getB'],
    back: ['method-renamed getA'],
  }],
  ['a method is renamed and the old name kept as a deprecated alias', {
    old: doc([m('getA', { params: [p('id', str)] })]),
    new: doc([m('getA', { params: [p('id', str)], extra: { deprecated: true, 'x-replaced-by': 'getB' } }), m('getB', { params: [p('id', str)] })]),
    want: ['method-renamed-with-alias getB'],
    back: ['method-removed getB', 'method-undeprecated getA'],
  }],
  ['a method moves to another service', {
    old: { one: doc([m('a_get'), m('b_get')]), two: doc([m('c_get')]) },
    new: { one: doc([m('a_get')]), two: doc([m('c_get'), m('b_get')]) },
    want: ['method-moved b_get'],
    back: ['method-moved b_get'],
  }],
  ['a service appears', {
    old: { one: doc([m('a_get')]) },
    new: { one: doc([m('a_get')]), two: doc([m('b_get'), m('b_list', { result: { type: 'array', items: str } })]) },
    want: ['method-added b_get', 'method-added b_list'],
    back: ['method-removed b_get', 'method-removed b_list'],
  }],
  ['a method is deprecated', { old: doc([m('getA')]), new: doc([m('getA', { extra: { deprecated: true } })]), want: ['method-deprecated getA'], back: ['method-undeprecated getA'] }],
  ['prose, examples and titles change nothing', {
    old: doc([m('getA', { params: [p('id', { type: 'string', description: 'one' })], result: obj({ x: { ...str, title: 'X' } }), extra: { summary: 'old', description: 'old' } })]),
    new: doc([m('getA', { params: [p('id', { type: 'string', description: 'two', examples: ['a'] })], result: obj({ x: str }), extra: { summary: 'new' } })]),
    want: [],
    back: [],
  }],

  // Params as a whole
  ['params switch from by name to by position', {
    old: doc([m('getA', { params: [p('id', str)] })]),
    new: doc([m('getA', { params: [p('id', str)], by: 'by-position' })]),
    want: ['param-structure-changed getA params'],
    back: ['param-structure-changed getA params'],
  }],
  ['params taken either way become by position only', {
    old: doc([m('getA', { params: [p('id', str)], by: 'either' })]),
    new: doc([m('getA', { params: [p('id', str)], by: 'by-position' })]),
    want: ['param-structure-narrowed getA params'],
    back: ['param-structure-widened getA params'],
  }],
  ['by name, the order of params changes nothing', {
    old: doc([m('getA', { params: [p('id', str), p('count', int)] })]),
    new: doc([m('getA', { params: [p('count', int), p('id', str)] })]),
    want: [],
    back: [],
  }],
  ['by position, two params swap places', {
    old: doc([m('getA', { params: [p('id', str), p('count', int)], by: 'by-position' })]),
    new: doc([m('getA', { params: [p('count', int), p('id', str)], by: 'by-position' })]),
    want: ['param-order-changed getA params'],
    back: ['param-order-changed getA params'],
  }],
  ['by position, a param is inserted in the middle', {
    old: doc([m('getA', { params: [p('id', str), p('full', bool, false)], by: 'by-position' })]),
    new: doc([m('getA', { params: [p('id', str), p('count', int), p('full', bool, false)], by: 'by-position' })]),
    want: ['param-added-required getA params.count', 'param-order-changed getA params'],
    back: ['param-order-changed getA params', 'param-removed-positional getA params.count'],
  }],

  // One param
  ['by name, a required param is added', {
    old: doc([m('getA', { params: [p('id', str)] })]),
    new: doc([m('getA', { params: [p('id', str), p('count', int)] })]),
    want: ['param-added-required getA params.count'],
    back: ['param-removed getA params.count'],
  }],
  ['by name, an optional param is added', {
    old: doc([m('getA', { params: [p('id', str)] })]),
    new: doc([m('getA', { params: [p('id', str), p('count', int, false)] })]),
    want: ['param-added-optional getA params.count'],
    back: ['param-removed getA params.count'],
  }],
  ['by position, a required param is added at the end', {
    old: doc([m('getA', { params: [p('id', str)], by: 'by-position' })]),
    new: doc([m('getA', { params: [p('id', str), p('count', int)], by: 'by-position' })]),
    want: ['param-added-required getA params.count'],
    back: ['param-removed-positional getA params.count'],
  }],
  ['by position, an optional param is added at the end', {
    old: doc([m('getA', { params: [p('id', str)], by: 'by-position' })]),
    new: doc([m('getA', { params: [p('id', str), p('count', int, false)], by: 'by-position' })]),
    want: ['param-added-optional getA params.count'],
    back: ['param-removed-positional getA params.count'],
  }],
  ['by name, a param becomes required', {
    old: doc([m('getA', { params: [p('id', str), p('count', int, false)] })]),
    new: doc([m('getA', { params: [p('id', str), p('count', int)] })]),
    want: ['param-became-required getA params.count'],
    back: ['param-became-optional getA params.count'],
  }],
  ['by position, a param becomes required', {
    old: doc([m('getA', { params: [p('id', str), p('count', int, false)], by: 'by-position' })]),
    new: doc([m('getA', { params: [p('id', str), p('count', int)], by: 'by-position' })]),
    want: ['param-became-required getA params.count'],
    back: ['param-became-optional getA params.count'],
  }],
  ['by position, a param is renamed (a label only)', {
    old: doc([m('getA', { params: [p('block', str)], by: 'by-position' })]),
    new: doc([m('getA', { params: [p('blockTag', str)], by: 'by-position' })]),
    want: ['param-renamed getA params.blockTag'],
    back: ['param-renamed getA params.block'],
  }],
  ['a param is deprecated', {
    old: doc([m('getA', { params: [p('id', str), p('count', int, false)] })]),
    new: doc([m('getA', { params: [p('id', str), p('count', int, false, { deprecated: true })] })]),
    want: ['param-deprecated getA params.count'],
    back: ['param-undeprecated getA params.count'],
  }],

  // A param's value
  ['a param type narrows to an enum', {
    old: doc([m('getA', { params: [p('kind', str)] })]),
    new: doc([m('getA', { params: [p('kind', { type: 'string', enum: ['full', 'light'] })] })]),
    want: ['param-type-narrowed getA params.kind'],
    back: ['param-type-widened getA params.kind'],
  }],
  ['a param type changes from string to integer', {
    old: doc([m('getA', { params: [p('id', str)] })]),
    new: doc([m('getA', { params: [p('id', int)] })]),
    want: ['param-type-changed getA params.id'],
    back: ['param-type-changed getA params.id'],
  }],
  ['a param may be null', {
    old: doc([m('getA', { params: [p('id', str)] })]),
    new: doc([m('getA', { params: [p('id', { type: ['string', 'null'] })] })]),
    want: ['param-type-widened getA params.id'],
    back: ['param-type-narrowed getA params.id'],
  }],
  ['a param enum gains a value', {
    old: doc([m('getA', { params: [p('kind', { type: 'string', enum: ['full', 'light'] })] })]),
    new: doc([m('getA', { params: [p('kind', { type: 'string', enum: ['full', 'light', 'archive'] })] })]),
    want: ['param-enum-value-added getA params.kind'],
    back: ['param-enum-value-removed getA params.kind'],
  }],
  ['a param string gets a maximum length', {
    old: doc([m('getA', { params: [p('id', str)] })]),
    new: doc([m('getA', { params: [p('id', { type: 'string', maxLength: 8 })] })]),
    want: ['param-wire-narrowed getA params.id'],
    back: ['param-wire-widened getA params.id'],
  }],
  ['a positional integer param gets a higher minimum', {
    old: doc([m('getA', { params: [p('count', { type: 'integer', minimum: 0 })], by: 'by-position' })]),
    new: doc([m('getA', { params: [p('count', { type: 'integer', minimum: 1 })], by: 'by-position' })]),
    want: ['param-wire-narrowed getA params.count'],
    back: ['param-wire-widened getA params.count'],
  }],
  ['an array param narrows its items', {
    old: doc([m('getA', { params: [p('ids', { type: 'array', items: str })] })]),
    new: doc([m('getA', { params: [p('ids', { type: 'array', items: { type: 'string', enum: ['a', 'b'] } })] })]),
    want: ['param-type-narrowed getA params.ids[]'],
    back: ['param-type-widened getA params.ids[]'],
  }],
  ['a param object gains a required field', {
    old: doc([m('getA', { params: [p('filter', obj({ from: str }))] })]),
    new: doc([m('getA', { params: [p('filter', obj({ from: str, to: str }))] })]),
    want: ['param-field-added-required getA params.filter.to'],
    back: ['param-field-removed getA params.filter.to'],
  }],
  ['a param object gains an optional field', {
    old: doc([m('getA', { params: [p('filter', obj({ from: str }))] })]),
    new: doc([m('getA', { params: [p('filter', obj({ from: str, to: str }, ['from']))] })]),
    want: ['param-field-added-optional getA params.filter.to'],
    back: ['param-field-removed getA params.filter.to'],
  }],
  ['a param object field becomes required', {
    old: doc([m('getA', { params: [p('filter', obj({ from: str, to: str }, ['from']))] })]),
    new: doc([m('getA', { params: [p('filter', obj({ from: str, to: str }))] })]),
    want: ['param-field-became-required getA params.filter.to'],
    back: ['param-field-became-optional getA params.filter.to'],
  }],
  ['a closed param object loses a field', {
    old: doc([m('getA', { params: [p('filter', obj({ from: str, to: str }, ['from'], { additionalProperties: false }))] })]),
    new: doc([m('getA', { params: [p('filter', obj({ from: str }, ['from'], { additionalProperties: false }))] })]),
    want: ['param-field-removed getA params.filter.to', 'param-wire-narrowed getA params.filter.to'],
    back: ['param-field-added-optional getA params.filter.to'],
  }],

  // The result
  ['a notification gets a result', {
    old: doc([m('notify', { params: [p('id', str)], result: null })]),
    new: doc([m('notify', { params: [p('id', str)], result: str })]),
    want: ['result-added notify result'],
    back: ['result-removed notify result'],
  }],
  ['a result gains a required field', {
    old: doc([m('getA', { result: obj({ id: str }) })]),
    new: doc([m('getA', { result: obj({ id: str, height: U64 }) })]),
    want: ['result-field-added getA result.height'],
    back: ['result-field-removed getA result.height'],
  }],
  ['a result gains an optional field', {
    old: doc([m('getA', { result: obj({ id: str }) })]),
    new: doc([m('getA', { result: obj({ id: str, height: U64 }, ['id']) })]),
    want: ['result-optional-field-added getA result.height'],
    back: ['result-optional-field-removed getA result.height'],
  }],
  ['a result field becomes optional', {
    old: doc([m('getA', { result: obj({ id: str, height: U64 }) })]),
    new: doc([m('getA', { result: obj({ id: str, height: U64 }, ['id']) })]),
    want: ['result-field-became-optional getA result.height'],
    back: ['result-field-became-required getA result.height'],
  }],
  ['a result enum widens to a string', {
    old: doc([m('getA', { result: obj({ status: { type: 'string', enum: ['ok', 'failed'] } }) })]),
    new: doc([m('getA', { result: obj({ status: str }) })]),
    want: ['result-type-widened getA result.status'],
    back: ['result-type-narrowed getA result.status'],
  }],
  ['a result type changes from string to boolean', {
    old: doc([m('getA', { result: str })]),
    new: doc([m('getA', { result: bool })]),
    want: ['result-type-changed getA result'],
    back: ['result-type-changed getA result'],
  }],
  ['a result enum gains a value', {
    old: doc([m('getA', { result: obj({ status: { type: 'string', enum: ['ok', 'failed'] } }) })]),
    new: doc([m('getA', { result: obj({ status: { type: 'string', enum: ['ok', 'failed', 'pending'] } }) })]),
    want: ['result-enum-value-added getA result.status'],
    back: ['result-enum-value-removed getA result.status'],
  }],
  ['a nested result field may be null', {
    old: doc([m('getA', { result: obj({ owner: obj({ name: str }) }) })]),
    new: doc([m('getA', { result: obj({ owner: obj({ name: { type: ['string', 'null'] } }) }) })]),
    want: ['result-type-widened getA result.owner.name'],
    back: ['result-type-narrowed getA result.owner.name'],
  }],
  ['a result string loses its maximum length', {
    old: doc([m('getA', { result: obj({ id: { type: 'string', maxLength: 8 } }) })]),
    new: doc([m('getA', { result: obj({ id: str }) })]),
    want: ['result-wire-widened getA result.id'],
    back: ['result-wire-narrowed getA result.id'],
  }],
  ['a result map widens its values', {
    old: doc([m('getA', { result: { type: 'object', additionalProperties: { type: 'string', enum: ['a', 'b'] } } })]),
    new: doc([m('getA', { result: { type: 'object', additionalProperties: str } })]),
    want: ['result-type-widened getA result{}'],
    back: ['result-type-narrowed getA result{}'],
  }],
  ['an object in a result array loses a field', {
    old: doc([m('getA', { result: obj({ items: { type: 'array', items: obj({ id: str, size: int }) } }) })]),
    new: doc([m('getA', { result: obj({ items: { type: 'array', items: obj({ id: str }) } }) })]),
    want: ['result-field-removed getA result.items[].size'],
    back: ['result-field-added getA result.items[].size'],
  }],
  ['a result tuple changes an item', {
    old: doc([m('getA', { result: { type: 'array', items: [str, int], minItems: 2, maxItems: 2 } })]),
    new: doc([m('getA', { result: { type: 'array', items: [str, str], minItems: 2, maxItems: 2 } })]),
    want: ['result-type-changed getA result'],
    back: ['result-type-changed getA result'],
  }],

  // Codecs
  ['a uint32 becomes a uint64 on the same wire schema (number to bigint)', {
    old: doc([m('getA', { params: [p('count', U32)], result: obj({ total: U32 }) })]),
    new: doc([m('getA', { params: [p('count', U64)], result: obj({ total: U64 }) })]),
    want: ['codec-changed getA params.count', 'codec-changed getA result.total'],
    back: ['codec-changed getA params.count', 'codec-changed getA result.total'],
  }],
  ['a uint64 is sent as a JSON number (same value type)', {
    old: doc([m('getA', { params: [p('count', U64)] })]),
    new: doc([m('getA', { params: [p('count', U64N)] })]),
    want: ['codec-wire-form-changed getA params.count'],
    back: ['codec-wire-form-changed getA params.count'],
  }],
  ['a codec changes inside a member of a union (the wire schema the same)', {
    old: doc([m('getA', { result: { oneOf: [obj({ total: U32 }), str] } })]),
    new: doc([m('getA', { result: { oneOf: [obj({ total: U64 }), str] } })]),
    want: ['codec-changed getA result'],
    back: ['codec-changed getA result'],
  }],
  ['a quantity result becomes hex data (bigint to a hex string)', {
    old: doc([m('getA', { result: QTY })]),
    new: doc([m('getA', { result: HEX })]),
    want: ['codec-changed getA result'],
    back: ['codec-changed getA result'],
  }],

  // Shared schemas
  ['a shared schema renamed with the same shape', {
    old: doc([m('getA', { params: [p('owner', ref('Owner'))], result: ref('Owner') })], { schemas: { Owner: obj({ address: str, threshold: U32 }) } }),
    new: doc([m('getA', { params: [p('owner', ref('Holder'))], result: ref('Holder') })], { schemas: { Holder: obj({ address: str, threshold: U32 }) } }),
    want: [],
    back: [],
  }],
  ['an inline schema moved behind a $ref (and an allOf that says the same)', {
    old: doc([m('getA', { params: [p('owner', obj({ address: str, threshold: U32 }))], result: obj({ address: str, threshold: U32 }) })]),
    new: doc([m('getA', { params: [p('owner', ref('Owner'))], result: { allOf: [obj({ address: str }), obj({ threshold: ref('Threshold') })] } })], {
      schemas: { Owner: obj({ address: str, threshold: U32 }), Threshold: U32 },
    }),
    want: [],
    back: [],
  }],
  ['a change inside a shared schema, where each method meets it', {
    old: doc([m('getA', { params: [p('owner', ref('Owner'))] }), m('getB', { result: obj({ owners: { type: 'array', items: ref('Owner') } }) })], { schemas: { Owner: obj({ address: str }) } }),
    new: doc([m('getA', { params: [p('owner', ref('Owner'))] }), m('getB', { result: obj({ owners: { type: 'array', items: ref('Owner') } }) })], { schemas: { Owner: obj({ address: str, threshold: U32 }) } }),
    want: ['param-field-added-required getA params.owner.threshold', 'result-field-added getB result.owners[].threshold'],
    back: ['param-field-removed getA params.owner.threshold', 'result-field-removed getB result.owners[].threshold'],
  }],
  ['a recursive schema gains a field', {
    old: doc([m('getTree', { result: ref('Node') })], { schemas: { Node: obj({ id: str, children: { type: 'array', items: ref('Node') } }, ['id']) } }),
    new: doc([m('getTree', { result: ref('Node') })], { schemas: { Node: obj({ id: str, size: int, children: { type: 'array', items: ref('Node') } }, ['id']) } }),
    want: ['result-optional-field-added getTree result.size'],
    back: ['result-optional-field-removed getTree result.size'],
  }],

  // Errors
  ['an error is added', {
    old: doc([m('getA', { errors: [{ code: -32000, message: 'not found' }] })]),
    new: doc([m('getA', { errors: [{ code: -32000, message: 'not found' }, { code: -32001, message: 'busy' }] })]),
    want: ['error-added getA errors.-32001'],
    back: ['error-removed getA errors.-32001'],
  }],
  ['the last error is removed', {
    old: doc([m('getA', { errors: [{ code: -32000, message: 'not found' }] })]),
    new: doc([m('getA')]),
    want: ['error-removed getA errors.-32000'],
    back: ['error-added getA errors.-32000'],
  }],
  ['an error message changes', {
    old: doc([m('getA', { errors: [{ code: -32000, message: 'not found' }] })]),
    new: doc([m('getA', { errors: [{ code: -32000, message: 'no such thing' }] })]),
    want: ['error-changed getA errors.-32000'],
    back: ['error-changed getA errors.-32000'],
  }],

  // Facts about the method
  ['a method is off by default', {
    old: doc([m('getA')]),
    new: doc([m('getA', { extra: { 'x-availability': { enabledByDefault: false, enableWith: 'api-a-enabled' } } })]),
    want: ['availability-narrowed getA'],
    back: ['availability-widened getA'],
  }],
  ['a method becomes WebSocket-only', {
    old: doc([m('getA')]),
    new: doc([m('getA', { extra: { 'x-websocket-only': true } })]),
    want: ['availability-narrowed getA'],
    back: ['availability-widened getA'],
  }],
  ['the switch that enables a method is renamed', {
    old: doc([m('getA', { extra: { 'x-availability': { enabledByDefault: false, enableWith: 'a-enabled' } } })]),
    new: doc([m('getA', { extra: { 'x-availability': { enabledByDefault: false, enableWith: 'api-a-enabled' } } })]),
    want: ['availability-changed getA x-availability.enableWith'],
    back: ['availability-changed getA x-availability.enableWith'],
  }],
  ['what a method does to the node changes', {
    old: doc([m('getA', { extra: { 'x-effects': 'read' } })]),
    new: doc([m('getA', { extra: { 'x-effects': 'write' } })]),
    want: ['effects-changed getA'],
    back: ['effects-changed getA'],
  }],
  ['a listing becomes paginated', {
    old: doc([paged()]),
    new: doc([paged({ 'x-pagination': pagination })]),
    want: ['pagination-added list'],
    back: ['pagination-removed list'],
  }],
  ['a paginated listing lowers its page limit', {
    old: doc([paged({ 'x-pagination': { ...pagination, maxLimit: 100 } })]),
    new: doc([paged({ 'x-pagination': { ...pagination, maxLimit: 50 } })]),
    want: ['pagination-changed list x-pagination'],
    back: ['pagination-changed list x-pagination'],
  }],

  // Subscriptions
  ['a subscription kind is added', {
    old: doc([subscribeMethod([{ name: 'heads', result: obj({ number: QTY }) }]), unsubscribe]),
    new: doc([subscribeMethod([{ name: 'heads', result: obj({ number: QTY }) }, { name: 'logs', params: [p('address', str)], result: obj({ data: str }) }]), unsubscribe]),
    want: ['param-enum-value-added sub_subscribe params.kind', 'subscription-added sub_subscribe subscriptions.logs'],
    back: ['param-enum-value-removed sub_subscribe params.kind', 'subscription-removed sub_subscribe subscriptions.logs'],
  }],
  ['a subscription notification loses a field', {
    old: doc([subscribeMethod([{ name: 'heads', result: obj({ number: QTY, hash: str }) }]), unsubscribe]),
    new: doc([subscribeMethod([{ name: 'heads', result: obj({ number: QTY }) }]), unsubscribe]),
    want: ['result-field-removed sub_subscribe subscriptions.heads.result.hash'],
    back: ['result-field-added sub_subscribe subscriptions.heads.result.hash'],
  }],

  // Result cases (x-result-by-param)
  ['a result case is added', {
    old: block(byParam('full', [[[true], ref('Full')]])),
    new: block(byParam('full', [[[false], ref('Hashes')], [[true], ref('Full')]])),
    want: ['result-case-added getBlock x-result-by-param.full=false'],
    back: ['result-case-removed getBlock x-result-by-param.full=false'],
  }],
  ['a method gets result cases', {
    old: block({}),
    new: block(byParam('full', [[[false], orNull(ref('Hashes'))], [[true], orNull(ref('Full'))]])),
    want: ['result-case-added getBlock x-result-by-param.full=false', 'result-case-added getBlock x-result-by-param.full=true'],
    back: ['result-case-removed getBlock x-result-by-param.full=false', 'result-case-removed getBlock x-result-by-param.full=true'],
  }],
  ['a value is added to a result case (by name)', {
    old: tx([[['json'], obj({ id: str })], [['hex'], str]]),
    new: tx([[['json'], obj({ id: str })], [['hex', 'hexc'], str]]),
    want: ['result-case-value-added getTx x-result-by-param.encoding="hex"'],
    back: ['result-case-value-removed getTx x-result-by-param.encoding="hex"'],
  }],
  ['leaving the selecting param out selects another case (its default changes)', {
    old: tx([[['json'], obj({ id: str })], [['hex'], str]], encodingDefault('hex')),
    new: tx([[['json'], obj({ id: str })], [['hex'], str]], encodingDefault('json')),
    want: ['result-case-value-added getTx x-result-by-param.encoding="json"', 'result-case-value-removed getTx x-result-by-param.encoding="hex"'],
    back: ['result-case-value-added getTx x-result-by-param.encoding="hex"', 'result-case-value-removed getTx x-result-by-param.encoding="json"'],
  }],
  ['another param selects the result case', {
    old: block(byParam('full', [[[true], ref('Full')]]), [p('id', str), p('full', bool), p('verbose', bool)]),
    new: block(byParam('verbose', [[[true], ref('Full')]]), [p('id', str), p('full', bool), p('verbose', bool)]),
    want: ['result-case-param-changed getBlock x-result-by-param'],
    back: ['result-case-param-changed getBlock x-result-by-param'],
  }],
  ['by position, the selecting param is renamed (a label only)', {
    old: block(byParam('full', [[[true], ref('Full')]])),
    new: block(byParam('fullTx', [[[true], ref('Full')]]), [p('id', str), p('fullTx', bool)]),
    want: ['param-renamed getBlock params.fullTx'],
    back: ['param-renamed getBlock params.full'],
  }],
  ['a result case may no longer be null', {
    old: block(byParam('full', [[[true], orNull(ref('Full'))]])),
    new: block(byParam('full', [[[true], ref('Full')]])),
    want: ['result-case-result-narrowed getBlock x-result-by-param.full=true'],
    back: ['result-case-result-changed getBlock x-result-by-param.full=true'],
  }],
  ['a result case summary changes', {
    old: block(byParam('full', [[[true], ref('Full'), 'the transactions in full.']])),
    new: block(byParam('full', [[[true], ref('Full'), 'the transactions as objects.']])),
    want: ['result-case-summary-changed getBlock x-result-by-param.full=true'],
    back: ['result-case-summary-changed getBlock x-result-by-param.full=true'],
  }],
  ['result cases on a param with a codec change nothing (the client prints no overloads for them)', {
    old: doc([m('getA', { params: [p('height', U64)], result: { oneOf: [str, int] } })]),
    new: doc([m('getA', { params: [p('height', U64)], result: { oneOf: [str, int] }, extra: byParam('height', [[['0'], str]]) })]),
    want: [],
    back: [],
  }],
  ['a subscription kind gets result cases', {
    old: doc([subscribeMethod([{ name: 'pending', params: [p('full', bool, false)], result: { oneOf: [str, obj({ hash: str })] } }]), unsubscribe]),
    new: doc([subscribeMethod([{ name: 'pending', params: [p('full', bool, false)], result: { oneOf: [str, obj({ hash: str })] }, extra: byParam('full', [[[false], str], [[true], obj({ hash: str })]]) }]), unsubscribe]),
    want: ['result-case-added sub_subscribe subscriptions.pending.x-result-by-param.full=false', 'result-case-added sub_subscribe subscriptions.pending.x-result-by-param.full=true'],
    back: ['result-case-removed sub_subscribe subscriptions.pending.x-result-by-param.full=false', 'result-case-removed sub_subscribe subscriptions.pending.x-result-by-param.full=true'],
  }],

  // Plain HTTP GETs (x-http-get)
  ['a method is served to plain GETs', {
    old: health(),
    new: health(healthGet),
    want: ['http-get-added health x-http-get'],
    back: ['http-get-removed health x-http-get'],
  }],
  ['a GET path changes', {
    old: health({ ...healthGet, paths: ['/liveness'] }),
    new: health({ ...healthGet, paths: ['/live'] }),
    want: ['http-get-path-added health x-http-get.paths', 'http-get-path-removed health x-http-get.paths'],
    back: ['http-get-path-added health x-http-get.paths', 'http-get-path-removed health x-http-get.paths'],
  }],
  ['a GET query parameter is renamed', {
    old: health(healthGet),
    new: health({ ...healthGet, query: { tags: 'tags' } }),
    want: ['http-get-query-added health x-http-get.query.tags', 'http-get-query-removed health x-http-get.query.tag'],
    back: ['http-get-query-added health x-http-get.query.tag', 'http-get-query-removed health x-http-get.query.tags'],
  }],
  ['the param of a GET query parameter becomes required', {
    old: health(healthGet),
    new: health(healthGet, [p('tags', list)]),
    want: ['param-became-required health params.tags', 'http-get-query-required health x-http-get.query.tag'],
    back: ['param-became-optional health params.tags'],
  }],
  ['a GET query parameter carries another param', {
    old: health(healthGet, [p('tags', list, false), p('names', list, false)]),
    new: health({ ...healthGet, query: { tag: 'names' } }, [p('tags', list, false), p('names', list, false)]),
    want: ['http-get-query-changed health x-http-get.query.tag'],
    back: ['http-get-query-changed health x-http-get.query.tag'],
  }],
  ['a GET status rule changes', {
    old: health(healthGet),
    new: health({ ...healthGet, status: [{ code: 500, when: { pointer: '/healthy', equals: false } }, { code: 200 }] }),
    want: ['http-get-status-changed health x-http-get.status'],
    back: ['http-get-status-changed health x-http-get.status'],
  }],

  // The service
  ['the endpoint moves', {
    old: doc([m('getA')], { servers: [{ name: 'node', url: 'http://127.0.0.1:9650/ext/a' }] }),
    new: doc([m('getA')], { servers: [{ name: 'node', url: 'http://127.0.0.1:9650/ext/b' }] }),
    want: ['endpoint-changed -'],
    back: ['endpoint-changed -'],
  }],
  ['batches are no longer accepted', {
    old: doc([m('getA')], { jsonrpc: { batch: true } }),
    new: doc([m('getA')], { jsonrpc: { batch: false } }),
    want: ['batch-narrowed -'],
    back: ['batch-widened -'],
  }],
  ['the batch limit is lowered', {
    old: doc([m('getA')], { jsonrpc: { batch: true, batchLimit: 40 } }),
    new: doc([m('getA')], { jsonrpc: { batch: true, batchLimit: 20 } }),
    want: ['batch-narrowed -'],
    back: ['batch-widened -'],
  }],
];

/** A change as the cases write it: `rule method path`. */
export function describe(c: { rule: string; method?: string; path?: string }): string {
  return [c.rule, c.method ?? '-', ...(c.path ? [c.path] : [])].join(' ');
}

/** The documents of one side of a case, by service name. */
export function sideDocs(side: Case['old']): Record<string, Doc> {
  return 'openrpc' in side ? { svc: side as Doc } : (side as Record<string, Doc>);
}
