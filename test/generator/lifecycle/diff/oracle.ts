/**
 * The type-level oracle's parts: every case of the rule table becomes services of two client packages, and
 * for each a consumer written against the first.
 *
 * Package X holds, for case i, the old side as services `c<i>f…` and the new side as `c<i>b…`; package Y
 * the other way round. A consumer of `c<i>f` written against X and compiled against Y is a caller meeting
 * the change old → new; one of `c<i>b`, the change new → old. Consumers are derived mechanically from the
 * old side, the way a caller uses a client: call every method with every value its params type allows and
 * with an object literal naming every param and field, keep the result as the old result type and read
 * every field of it, switch over the documented error codes, iterate pages and subscriptions, call every
 * result case's overload with each of its values (keeping the result as the old overload's type), and call
 * every plain GET.
 */
import { pascalCase } from '../../../../generator/schema/typescript.js';
import type { JsonSchema, MethodModel, Model, ParamModel, ResultCasesModel } from '../../../../generator/model/index.js';
import { sideDocs, type Case, type Doc } from './cases.js';

export type Direction = 'f' | 'b';

/**
 * The prefix of case `i` in one direction: `cbf` for case 1 old → new. Letters only: type names are made
 * from it, and json-schema-to-typescript capitalizes a letter after a digit.
 */
export function prefixOf(i: number, dir: Direction): string {
  let letters = '';
  for (let n = i; ; n = Math.floor(n / 26) - 1) {
    letters = String.fromCharCode(97 + (n % 26)) + letters;
    if (n < 26) break;
  }
  return `c${letters}${dir}`;
}

function renameMethod(name: string, prefix: string): string {
  return /^[A-Za-z][A-Za-z0-9]*[._]/.test(name) ? `${prefix}${name}` : `${prefix}_${name}`;
}

/** A case document under a prefix: method names, component names, references and titles. */
export function prefixDoc(doc: Doc, prefix: string): Doc {
  const Prefix = prefix[0]!.toUpperCase() + prefix.slice(1);
  const walk = (v: unknown, key?: string): unknown => {
    if (Array.isArray(v)) return v.map((x) => walk(x));
    if (v === null || typeof v !== 'object') return v;
    const o = v as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(o)) {
      if (k === '$ref' && typeof x === 'string') out[k] = x.replace(/^#\/components\/schemas\//, `#/components/schemas/${Prefix}`);
      else if (k === 'title' && typeof x === 'string') out[k] = `${Prefix}${x}`;
      else if ((k === 'x-replaced-by' || k === 'notification' || k === 'unsubscribe') && typeof x === 'string') out[k] = renameMethod(x, prefix);
      else if (k === 'schemas' && key === 'components') out[k] = Object.fromEntries(Object.entries(x as object).map(([n, s]) => [`${Prefix}${n}`, walk(s)]));
      else out[k] = walk(x, k);
    }
    return out;
  };
  const renamed = walk(doc) as Doc;
  return { ...renamed, methods: (renamed.methods as Doc[]).map((m) => ({ ...m, name: renameMethod(String(m.name), prefix) })) };
}

/** The documents of package X (`x`) or Y (`y`): every case, both directions, by file name. */
export function packageDocs(cases: readonly (readonly [string, Case])[], pkg: 'x' | 'y'): Map<string, Doc> {
  const out = new Map<string, Doc>();
  cases.forEach(([, c], i) => {
    const sides: Record<Direction, Case['old']> = pkg === 'x' ? { f: c.old, b: c.new } : { f: c.new, b: c.old };
    for (const dir of ['f', 'b'] as const) {
      for (const [svc, d] of Object.entries(sideDocs(sides[dir]))) out.set(`${prefixOf(i, dir)}_${svc}.json`, prefixDoc(d, prefixOf(i, dir)));
    }
  });
  return out;
}

// ---- consumers ----------------------------------------------------------------------------------------------

function resolve(doc: Doc, schema: JsonSchema): Record<string, unknown> | undefined {
  let s: unknown = schema;
  for (let i = 0; i < 16 && s !== null && typeof s === 'object' && typeof (s as { $ref?: unknown }).$ref === 'string'; i++) {
    const path = ((s as { $ref: string }).$ref.slice(2)).split('/');
    s = path.reduce<unknown>((at, k) => (at as Record<string, unknown> | undefined)?.[k], doc);
  }
  return s !== null && typeof s === 'object' && !Array.isArray(s) ? (s as Record<string, unknown>) : undefined;
}

const CODEC_SAMPLE: Readonly<Record<string, string>> = { uint64: '1n', 'uint64-number': '1n', quantity: '1n', uint32: '1', float: '1', hex: "'0x01'" };

/** A value-form TypeScript literal of a schema: every property present, one item per array, first choices. */
export function sample(doc: Doc, schema: JsonSchema, depth = 0): string {
  const s = resolve(doc, schema);
  if (!s) return 'null';
  if (typeof s['x-codec'] === 'string') return CODEC_SAMPLE[s['x-codec']] ?? "''";
  if ('const' in s) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) return JSON.stringify(s.enum[0]);
  const branches = (s.oneOf ?? s.anyOf) as JsonSchema[] | undefined;
  if (Array.isArray(branches) && !s.properties) {
    const first = branches.find((b) => resolve(doc, b)?.type !== 'null') ?? branches[0]!;
    return sample(doc, first, depth + 1);
  }
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (type === 'object' || s.properties) {
    if (depth > 6) return '{}';
    const props = Object.entries((s.properties ?? {}) as Record<string, JsonSchema>).map(([k, v]) => `${JSON.stringify(k)}: ${sample(doc, v, depth + 1)}`);
    if (!props.length && s.additionalProperties && typeof s.additionalProperties === 'object') props.push(`key: ${sample(doc, s.additionalProperties as JsonSchema, depth + 1)}`);
    return `{ ${props.join(', ')} }`;
  }
  if (type === 'array' || s.items) {
    if (Array.isArray(s.items)) return `[${s.items.map((x) => sample(doc, x as JsonSchema, depth + 1)).join(', ')}]`;
    return s.items && depth <= 6 ? `[${sample(doc, s.items as JsonSchema, depth + 1)}]` : '[]';
  }
  if (type === 'string') return "'s'";
  if (type === 'integer' || type === 'number') return '1';
  if (type === 'boolean') return 'true';
  if (type === 'null') return 'null';
  return 'null';
}

/** Reads of every field of an object result, through nested objects and array items (`r?.a?.[0]?.b`). */
export function reads(doc: Doc, schema: JsonSchema, at = 'r', depth = 0): string[] {
  const s = resolve(doc, schema);
  if (!s || depth > 4 || typeof s['x-codec'] === 'string') return [];
  const plainObject = (s.type === 'object' || (s.properties && s.type === undefined)) && !s.allOf && !s.oneOf && !s.anyOf;
  if (plainObject && s.properties) {
    return Object.entries(s.properties as Record<string, JsonSchema>).flatMap(([k, v]) => {
      const field = /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(k) ? `${at}?.${k}` : `${at}?.[${JSON.stringify(k)}]`;
      return [field, ...reads(doc, v, field, depth + 1)];
    });
  }
  if (s.type === 'array' && s.items && !Array.isArray(s.items)) return reads(doc, s.items as JsonSchema, `${at}?.[0]`, depth + 1);
  return [];
}

/** The consumer of one prefix's services of package X: TypeScript source. */
export function consumer(model: Model, prefix: string, typesModule: string): string {
  const imports = new Set<string>();
  const declarations: string[] = [];
  const body: string[] = [];
  let n = 0;
  for (const service of model.services.filter((s) => s.name.startsWith(`${prefix}_`))) {
    const doc = service.document as Doc;
    for (const method of service.methods) {
      const T = pascalCase(method.name);
      const ns = method.namespace || service.name;
      const call = `node.${ns}.${method.member}`;
      const k = n++;
      if (method.subscriptions) {
        method.subscriptions.kinds.forEach((kind, ki) => {
          const K = `${T}${pascalCase(kind.name)}`;
          if (kind.params.length) declarations.push(`declare const s${k}_${ki}: Old.${K}Params;`);
          body.push(
            `for await (const n of ${call}(${[JSON.stringify(kind.name), ...(kind.params.length ? [`...s${k}_${ki}`] : [])].join(', ')})) {`,
            `  const v: Old.${K}Notification = n;`,
            ...reads(doc, kind.result.schema, 'v').map((x) => `  void ${x};`),
            '  break;',
            '}',
          );
          // Each case's overload: a notification kept as the old case's type takes the new one's.
          for (const [ci, vi, args] of caseCalls(doc, kind.params, true, kind.resultCases, `s${k}_${ki}`)) {
            const all = [JSON.stringify(kind.name), ...args].join(', ');
            body.push(
              `for await (const o of old.${ns}.${method.member}(${all})) {`,
              '  let v = o;',
              `  for await (const n of ${call}(${all})) {`,
              '    v = n;',
              '    break;',
              '  }',
              '  void v;',
              '  break;',
              `} // case ${ci}, value ${vi}`,
            );
          }
        });
        continue;
      }
      const args = callArgs(doc, method, `p${k}`, declarations, T);
      body.push(`const r${k} = await ${call}(${args.declared});`);
      if (args.literal !== undefined) body.push(`await ${call}(${args.literal});`);
      if (method.result) {
        body.push(`const back${k}: Old.${T}Result = r${k};`, `void back${k};`);
        body.push(...reads(doc, method.result.schema, `r${k}`).map((x) => `void ${x};`));
        // Each case's overload, with each of its values: a result kept as the old case's type (what the old
        // package's overload returns) takes what the new package returns for the same call.
        for (const [ci, vi, args] of caseCalls(doc, method.params, method.positional, method.resultCases, `p${k}`)) {
          body.push(`let c${k}_${ci}_${vi} = await old.${ns}.${method.member}(${args.join(', ')});`, `c${k}_${ci}_${vi} = await ${call}(${args.join(', ')});`, `void c${k}_${ci}_${vi};`);
        }
        // A plain GET (x-http-get): the namespace's `http` member, with the method's params.
        if (method.httpGet) body.push(`const g${k} = await node.${ns}.http.${method.member}(${method.params.length ? `p${k}` : ''});`, `void g${k}.body;`);
      }
      if (method.errors.length) {
        const module = `pkg/methods/${ns}/${method.member}.js`;
        imports.add(`import { is${T}Error } from '${module}';`);
        const codes = [...new Set(method.errors.map((e) => e.code))];
        body.push(`if (is${T}Error(error)) {`, '  switch (error.code) {', ...codes.map((c) => `    case ${c}:`), '      break;', '  }', '}');
      }
      if (method.pagination && method.params.length) {
        const member = `paginate${method.member[0]!.toUpperCase()}${method.member.slice(1)}`;
        body.push(`for await (const item of node.${ns}.${member}(p${k})) {`, `  const i: Old.${T}Result[${JSON.stringify(method.pagination.items)}][number] = item;`, '  void i;', '  break;', '}');
      }
    }
  }
  return [
    "import { createClient } from 'pkg';",
    `import type { createClient as createOld } from '${typesModule.replace(/types\.js$/, 'index.js')}';`,
    `import type * as Old from '${typesModule}';`,
    ...[...imports].sort(),
    '',
    'declare const node: ReturnType<typeof createClient>;',
    'declare const old: ReturnType<typeof createOld>;',
    'declare const error: unknown;',
    ...declarations,
    '',
    'export async function use(): Promise<void> {',
    ...body.map((l) => `  ${l}`),
    '}',
    '',
  ].join('\n');
}

/**
 * The calls of a method's (or subscription kind's) result cases, as the old package types them: for each
 * case and each of its values (and without the param, where that selects the case), the declared params (`declared`, of the old params type) with the case's
 * param given that value. None where the client prints no overloads (a param with a codec).
 */
function caseCalls(doc: Doc, params: readonly ParamModel[], positional: boolean, rc: ResultCasesModel | undefined, declared: string): [number, number, string[]][] {
  const index = rc ? params.findIndex((p) => p.name === rc.param) : -1;
  if (!rc || index < 0 || typeof resolve(doc, params[index]!.schema)?.['x-codec'] === 'string') return [];
  const name = JSON.stringify(rc.param);
  // Leaving the param out (as `undefined`) is one more value where its default selects the case.
  return rc.cases.flatMap((c, ci) =>
    [...c.values.map((v) => JSON.stringify(v)), ...(c.whenOmitted ? ['undefined'] : [])].map((literal, vi): [number, number, string[]] => {
      if (positional) return [ci, vi, params.map((_, i) => (i === index ? literal : `${declared}[${i}]`))];
      return [ci, vi, [`{ ...${declared}, ${name}: ${literal} }`]];
    }),
  );
}

/** The arguments of a call: every value the old params type allows, and a literal of every param. */
function callArgs(doc: Doc, method: MethodModel, name: string, declarations: string[], T: string): { declared: string; literal?: string } {
  if (!method.params.length) return { declared: '' };
  declarations.push(`declare const ${name}: Old.${T}Params;`);
  if (method.positional) {
    return { declared: `...${name}`, literal: method.params.map((p) => sample(doc, p.schema)).join(', ') };
  }
  return { declared: name, literal: `{ ${method.params.map((p) => `${JSON.stringify(p.name)}: ${sample(doc, p.schema)}`).join(', ')} }` };
}
