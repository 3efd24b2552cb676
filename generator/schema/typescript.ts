/**
 * Value-form TypeScript types for a model: one declaration per named component schema, per titled inline
 * schema (hoisted, so documents with everything inlined still get readable names), and per method's params
 * and result. Each declaration is the text json-schema-to-typescript writes for its input: references to
 * other declarations and `x-codec` scalars are in that input as ready-made `tsType`s, so no `$ref` is
 * followed there. ts-decl.ts prints the text directly for the inputs it covers (every input of the
 * documents we know); the library itself writes the others.
 *
 * Names come from component keys and titles, PascalCased. Two different schemas wanting one name is a
 * generate-time error, never a silent suffix.
 */
import { createRequire } from 'node:module';
import type { Options } from 'json-schema-to-typescript';
import { contentHash, noCache, type Cache } from '../speed/cache.js';
import type { Diagnostic } from '../lib/diagnostics.js';
import { omittable, type JsonSchema, type MethodModel, type Model, type ParamModel, type ResultCaseModel, type ServiceModel, type SubscriptionKindModel } from '../model/index.js';
import { componentName, isSchemaObject, type SchemaObject } from './resolve.js';
import { slot, type Memory } from '../lib/memory.js';
import { placeIn } from '../speed/reach.js';
import { blockCommentText } from '../lib/escape.js';
import { PROTOTYPE_MEMBERS } from '../lib/guards.js';
import { camelCase, CODEC_TS, pascalCase, TYPE_KEYWORDS, UPPER_WORD } from './ts-names.js';
import { printDeclaration, PRINTED_OPTIONS, type DeclarationInput } from './ts-decl.js';
import { branchShape, tagging, taggedBranchType, unionGuards, type Tagging } from './unions.js';
import { brandCode, collectBrands, type Brand } from './brands.js';

export { camelCase, CODEC_TS, pascalCase, TYPE_KEYWORDS, UPPER_WORD };

/** The library's version, part of each cached text's key (read only when an input is left to it). */
let jsttVersion: string | undefined;
const libraryVersion = (): string => (jsttVersion ??= (createRequire(import.meta.url)('json-schema-to-typescript/package.json') as { version: string }).version);

export interface MethodTypes {
  /** Name of the params type: an interface (by name) or a labelled tuple (by position); undefined without params. */
  readonly params?: string;
  /** Per param, the TS type expression (for positional signatures). */
  readonly paramTypes: readonly string[];
  /** Whether the whole params argument may be omitted (no required param). */
  readonly paramsOptional: boolean;
  /** Name of the result type, or undefined for a method without result. */
  readonly result?: string;
  /** The result type of each `x-result-by-param` case, in the cases' order (absent without cases). */
  readonly cases?: readonly string[];
}

/** One input of json-schema-to-typescript: the schema (references and codecs already ready-made `tsType`s), the name, the options. */
export type TypeInput = DeclarationInput;

/** The options every declaration is compiled with. */
export const DECL_OPTIONS: Readonly<Partial<Options>> = Object.freeze({ ...PRINTED_OPTIONS, maxItems: 64 });

/** The options a positional param's expression is compiled with (the library's own `maxItems`, 20). */
export const PARAM_OPTIONS: Readonly<Partial<Options>> = PRINTED_OPTIONS;

interface Decl {
  readonly name: string;
  readonly service: ServiceModel;
  readonly schema: JsonSchema;
  /** Where the name came from, for collision messages. */
  readonly origin: string;
}

export class TypeCatalog {
  /** Component name → TS name, per service (`undefined` when the component is inlined as a primitive). */
  private readonly componentNames = new Map<ServiceModel, Map<string, string | undefined>>();
  /** Hoisted inline schemas by identity. */
  private readonly hoisted = new Map<object, string>();
  private readonly decls = new Map<string, Decl>();
  private readonly methods = new Map<MethodModel, MethodTypes>();
  /** By-position params: labelled tuples, built from each param's type expression. */
  private readonly positional: { name: string; service: ServiceModel; params: readonly ParamModel[]; method?: MethodModel; origin: string }[] = [];
  /** Type expression per positional param, filled by `source()`. */
  private readonly paramExpressions = new Map<ParamModel, string>();
  readonly problems: Diagnostic[] = [];
  /** Branded string types (`x-brand`), by name. */
  private readonly brands: ReadonlyMap<string, Brand>;

  /** `memory`: the run's (see lib/memory.ts), where what is computed for types.ts is kept for a next run. */
  constructor(
    model: Model,
    private readonly memory: Memory,
  ) {
    const { brands, problems } = collectBrands(model.services);
    this.brands = brands;
    this.problems.push(...problems);
    for (const service of model.services) this.nameComponents(service);
    for (const service of model.services) for (const method of service.methods) this.hoistInline(service, method);
    for (const service of model.services) for (const method of service.methods) this.nameMethod(service, method);
  }

  /** The TS name of a component of `service`, or undefined when it is inlined. */
  componentType(service: ServiceModel, name: string): string | undefined {
    return this.componentNames.get(service)?.get(name);
  }

  /** Names and param expressions of a method's types (param expressions are known after `source()`). */
  methodTypes(method: MethodModel): MethodTypes {
    let known = this.asked.get(method);
    if (known) return known;
    const t = this.methods.get(method)!;
    const paramTypes = method.params.map((p) => this.paramExpressions.get(p) ?? 'unknown');
    // The same names and types as last asked: the same object (what is computed from it is kept under it).
    known = this.memory.memo(STABLE_TYPES).get(method, [t.params, t.result, t.paramsOptional, ...paramTypes, ...(t.cases ?? [])], () => ({ ...t, paramTypes }));
    // (Param expressions are known once `source()` is done: only then is the answer final.)
    if (this.sourced) this.asked.set(method, known);
    return known;
  }
  private readonly asked = new Map<MethodModel, MethodTypes>();
  private sourced = false;

  /** The type expression of one positional param (after `source()`). */
  paramType(param: ParamModel): string {
    return this.paramExpressions.get(param) ?? 'unknown';
  }

  /** Declared type names a type expression mentions (what a module using it must import). */
  referencedNames(expression: string): string[] {
    const tuples = (this.tupleNames ??= new Set(this.positional.map((p) => p.name)));
    const found = new Set<string>();
    for (const m of expression.matchAll(/\b[A-Za-z_][A-Za-z0-9_]*\b/g)) if (this.decls.has(m[0]) || tuples.has(m[0]) || this.brands.has(m[0])) found.add(m[0]);
    return [...found];
  }

  /** Names of the positional params' tuples (complete once the constructor has run). */
  private tupleNames?: Set<string>;

  /** Every declaration name, sorted. */
  names(): string[] {
    return (this.sortedNames ??= [...this.decls.keys()].sort());
  }
  private sortedNames: string[] | undefined;

  /** The declared names `referencedNames` finds, as one text (see PackageContext.namesToken). */
  namesKey(): string {
    return `${this.names().join(' ')}\0${this.positional.map((p) => p.name).join(' ')}\0${[...this.brands.keys()].join(' ')}`;
  }

  /** Structural keys of the schemas compared so far. */
  private readonly shapes = new Shapes();

  /**
   * Whether two schemas are one type: the same object, or the same structure. Keys are made only here, when
   * two schemas want one name (most names are wanted once).
   */
  private sameType(a: JsonSchema, b: JsonSchema): boolean {
    return a === b || this.shapes.key(a) === this.shapes.key(b);
  }

  private declare(decl: Decl): string {
    const existing = this.decls.get(decl.name);
    if (existing) {
      if (this.sameType(existing.schema, decl.schema)) return decl.name;
      // `XResult: { $ref: XResult }`: the component already is the type under that name.
      const ref = isSchemaObject(decl.schema) && typeof decl.schema.$ref === 'string' ? componentName(decl.schema.$ref) : undefined;
      if (ref !== undefined && this.componentType(decl.service, ref) === decl.name) return decl.name;
      if (this.problems.some((p) => p.message.includes(`"${decl.name}"`))) return decl.name;
      this.problems.push({
        code: 'type-name-collision',
        message: `Two different schemas want the TypeScript name "${decl.name}": ${existing.origin} and ${decl.origin}. Rename one (component key or title).`,
        file: decl.service.source,
      });
      return decl.name;
    }
    this.decls.set(decl.name, decl);
    return decl.name;
  }

  private nameComponents(service: ServiceModel): void {
    const names = new Map<string, string | undefined>();
    this.componentNames.set(service, names);
    for (const [key, schema] of Object.entries(service.schemas)) {
      if (isPrimitive(schema)) {
        names.set(key, undefined);
        continue;
      }
      const name = this.componentTypeName(service, key, schema);
      names.set(key, name);
      this.declare({ name, service, schema, origin: `${service.source}#/components/schemas/${key}` });
    }
  }

  /**
   * A component's type name: its key. Where another document of the package already declares a different
   * schema under that name (two documents of one API, each with its own `EVENT`), the later one takes its
   * service's name in front (`TraceEvent`), as the Go and Python types do, then a number if that is taken too.
   */
  private componentTypeName(service: ServiceModel, key: string, schema: JsonSchema): string {
    const base = pascalCase(key);
    const free = (name: string) => {
      const existing = this.decls.get(name);
      return !existing || this.sameType(existing.schema, schema);
    };
    const existing = this.decls.get(base);
    if (free(base) || existing?.service === service) return base;
    const qualified = `${pascalCase(service.name)}${base}`;
    if (free(qualified)) return qualified;
    for (let i = 2; ; i++) if (free(`${qualified}${i}`)) return `${qualified}${i}`;
  }

  /** Titled inline object/union schemas inside params and results become named types. */
  private hoistInline(service: ServiceModel, method: MethodModel): void {
    for (const { schema, owner, property } of hoistCandidates(this.memory, method)) {
      if (this.hoisted.has(schema)) continue;
      // The title names the type; where two different schemas share a title, the owner (method, param or
      // result) and then the property holding it qualify the name.
      const base = pascalCase(schema.title as string);
      const candidates = [base, `${owner}${base}`, ...(property ? [`${owner}${pascalCase(property)}${base}`] : [])];
      const name = candidates.find((c) => !this.decls.has(c) || this.sameType(this.decls.get(c)!.schema, schema)) ?? candidates[candidates.length - 1]!;
      this.hoisted.set(schema, this.declare({ name, service, schema, origin: `${service.source} ${method.name} (title "${schema.title}")` }));
    }
  }

  /**
   * A name made from a method's (`XParams`, `XResult`) where a component already holds it for another schema
   * (a document may name a component `TransferPointParams` and a method `transferPoint`): the first of
   * `XParams2`, `XParams3`, ... that is free. The component keeps the name the document gave it.
   */
  private methodTypeName(service: ServiceModel, base: string, schema?: JsonSchema): string {
    const taken = (name: string): boolean => {
      if (this.positional.some((p) => p.name === name)) return true;
      const existing = this.decls.get(name);
      if (!existing) return false;
      if (schema === undefined) return true;
      if (this.sameType(existing.schema, schema)) return false;
      const ref = isSchemaObject(schema) && typeof schema.$ref === 'string' ? componentName(schema.$ref) : undefined;
      return !(ref !== undefined && this.componentType(service, ref) === name);
    };
    if (!taken(base)) return base;
    for (let i = 2; ; i++) if (!taken(`${base}${i}`)) return `${base}${i}`;
  }

  private nameMethod(service: ServiceModel, method: MethodModel): void {
    const prefix = pascalCase(method.name);
    let params: string | undefined;
    if (method.params.length) {
      if (method.positional) {
        params = this.methodTypeName(service, `${prefix}Params`);
        this.positional.push({ name: params, service, params: method.params, method, origin: `${service.source} ${method.name} params` });
      } else {
        const schema = this.memory.memo(PARAMS_SCHEMAS).get(method, [], () => paramsSchema(method));
        params = this.declare({ name: this.methodTypeName(service, `${prefix}Params`, schema), service, schema, origin: `${service.source} ${method.name} params` });
      }
    }
    let result: string | undefined;
    if (method.result) {
      const schema = method.result.schema;
      result = this.declare({ name: this.methodTypeName(service, `${prefix}Result`, schema), service, schema, origin: `${service.source} ${method.name} result` });
    }
    const rc = method.resultCases;
    const cases = result && rc ? rc.cases.map((c) => this.caseType(service, `${prefix}Result`, rc.param, `${service.source} ${method.name}`, c)) : undefined;
    for (const kind of method.subscriptions?.kinds ?? []) {
      const notification = `${prefix}${pascalCase(kind.name)}Notification`;
      this.declare({ name: notification, service, schema: kind.result.schema, origin: `${service.source} ${method.name} ${kind.name}` });
      const kc = kind.resultCases;
      if (kc) this.kindCases.set(kind, kc.cases.map((c) => this.caseType(service, notification, kc.param, `${service.source} ${method.name} ${kind.name}`, c)));
      if (kind.params.length)
        this.positional.push({ name: `${prefix}${pascalCase(kind.name)}Params`, service, params: kind.params, origin: `${service.source} ${method.name} ${kind.name} params` });
    }
    this.methods.set(method, {
      ...(params ? { params } : {}),
      paramTypes: [],
      paramsOptional: !method.params.some((p) => p.required),
      ...(result ? { result } : {}),
      ...(cases ? { cases } : {}),
    });
  }

  /**
   * The result type of an `x-result-by-param` case: the component it names, or a type of its own named for
   * the method, the param and the case's first value (`EthGetBlockByNumberResultFullTransactionsTrue`).
   */
  private caseType(service: ServiceModel, prefix: string, param: string, origin: string, c: ResultCaseModel): string {
    const ref = isSchemaObject(c.schema) && typeof c.schema.$ref === 'string' ? componentName(c.schema.$ref) : undefined;
    const named = ref !== undefined ? this.componentType(service, ref) : undefined;
    if (named) return named;
    const base = `${prefix}${pascalCase(param)}${pascalCase(String(c.values[0]))}`;
    return this.declare({ name: this.methodTypeName(service, base, c.schema), service, schema: c.schema, origin: `${origin} when ${param} is ${JSON.stringify(c.values[0])}` });
  }

  /** The notification type of each `x-result-by-param` case of a subscription kind (undefined without cases). */
  kindCaseTypes(kind: SubscriptionKindModel): readonly string[] | undefined {
    return this.kindCases.get(kind);
  }
  private readonly kindCases = new Map<SubscriptionKindModel, readonly string[]>();

  /**
   * The JSTT input for `schema` inside `service`: references and codecs become ready-made TS types. An input
   * is kept under its schema with every lookup it made (the component names it used, the schemas it inlined,
   * the hoisted names it used) and is the same object while each lookup gives what it gave.
   */
  private jsttInput(service: ServiceModel, schema: JsonSchema): JsonSchema {
    if (!isSchemaObject(schema)) return schema;
    const table = this.memory.table(JSTT_INPUTS);
    const kept = table.get(schema);
    if (kept && this.holds(service, kept.lookups)) return kept.input;
    const lookups: unknown[] = [];
    const input = this.toJstt(service, schema, true, 0, lookups);
    if (this.memory.keeping) table.set(schema, { lookups, input });
    return input;
  }

  /** Whether each lookup (a flat list of kind, key and answer) gives what it gave. */
  private holds(service: ServiceModel, lookups: readonly unknown[]): boolean {
    for (let i = 0; i < lookups.length; i += 3) {
      const kind = lookups[i];
      const key = lookups[i + 1];
      const was = lookups[i + 2];
      const now =
        kind === 'component'
          ? this.componentNames.get(service)?.get(key as string)
          : kind === 'target'
            ? placeIn(service.document, key as string)
            : kind === 'tagging'
              ? taggingKey(service.document, key as SchemaObject)
              : this.hoisted.get(key as object);
      if (!Object.is(now, was)) return false;
    }
    return true;
  }

  private toJstt(service: ServiceModel, schema: JsonSchema, root: boolean, depth: number, lookups: unknown[]): JsonSchema {
    if (!isSchemaObject(schema)) return schema;
    if (depth > 60) return { tsType: 'unknown' };
    const describe = (s: SchemaObject, tsType: string): SchemaObject => ({
      tsType,
      ...(typeof s.description === 'string' ? { description: s.description } : {}),
      ...(s.deprecated === true ? { deprecated: true } : {}),
    });
    if (typeof schema.$ref === 'string') {
      const name = componentName(schema.$ref);
      if (name !== undefined) {
        const ts = this.componentType(service, name);
        lookups.push('component', name, ts);
        if (ts) return describe(schema, ts);
      }
      // (Looked up only when it is used: a component with a type of its own is referred to by name.)
      const target = schema.$ref.startsWith('#') ? (placeIn(service.document, schema.$ref.slice(1)) as JsonSchema | undefined) : undefined;
      if (schema.$ref.startsWith('#')) lookups.push('target', schema.$ref.slice(1), target);
      if (target === undefined) return describe(schema, 'unknown');
      const inner = this.toJstt(service, target, false, depth + 1, lookups);
      if (!isSchemaObject(inner)) return inner;
      // An inlined scalar's own description belongs to its type, not to every field that uses it.
      const { description: _own, ...rest } = inner;
      return typeof schema.description === 'string' ? { ...rest, description: schema.description } : rest;
    }
    const codec = schema['x-codec'];
    if (typeof codec === 'string' && CODEC_TS[codec]) {
      const nullable = Array.isArray(schema.type) && schema.type.includes('null');
      return describe(schema, nullable ? `${CODEC_TS[codec]} | null` : CODEC_TS[codec]!);
    }
    const brand = schema['x-brand'];
    if (typeof brand === 'string' && this.brands.has(brand)) {
      return describe(schema, Array.isArray(schema.type) && schema.type.includes('null') ? `${brand} | null` : brand);
    }
    if (!root) {
      const hoisted = this.hoisted.get(schema);
      lookups.push('hoisted', schema, hoisted);
      if (hoisted) return describe(schema, hoisted);
    }
    if (schema['x-open'] === true && !schema.type && !schema.oneOf && !schema.anyOf && !schema.properties) return describe(schema, 'unknown');
    const out: SchemaObject = {};
    for (const [k, v] of Object.entries(schema)) {
      // Only what shapes a type goes to json-schema-to-typescript; validation-only keywords stay behind.
      if (!TYPE_KEYWORDS.has(k)) continue;
      if (k === 'properties' || k === 'patternProperties' || k === 'definitions') {
        if (isSchemaObject(v)) out[k] = Object.fromEntries(Object.entries(v).map(([pk, pv]) => [pk, this.toJstt(service, pv as JsonSchema, false, depth + 1, lookups)]));
      } else if (k === 'items' || k === 'oneOf' || k === 'anyOf' || k === 'allOf') {
        out[k] = Array.isArray(v) ? v.map((s) => this.toJstt(service, s as JsonSchema, false, depth + 1, lookups)) : this.toJstt(service, v as JsonSchema, false, depth + 1, lookups);
      } else if (k === 'additionalProperties' || k === 'additionalItems') {
        out[k] = typeof v === 'boolean' ? v : this.toJstt(service, v as JsonSchema, false, depth + 1, lookups);
      } else out[k] = v;
    }
    // Conditional keywords (`if`/`then`/`else`, `dependentSchemas`, `dependencies`) are not typed: the
    // properties they add may be of any type, so an index signature (from `patternProperties` or an
    // `additionalProperties` schema) widens to `unknown` rather than claim a type those break. (README, Limits.)
    const conditional = ['if', 'then', 'else', 'dependentSchemas', 'dependencies'].some((k) => k in schema);
    if (conditional && (out.patternProperties || isSchemaObject(out.additionalProperties))) {
      delete out.patternProperties;
      out.additionalProperties = true;
    }
    // A union inside a union is, as a type, its members in the outer one (`A | (B | null)` → `A | B | null`):
    // a recursive member (schemars' `Option<Box<Self>>`) then sits where the declaration can drop it.
    for (const key of ['oneOf', 'anyOf'] as const) {
      const branches = out[key];
      if (Array.isArray(branches) && branches.some(nestedUnion)) out[key] = branches.flatMap((b) => nestedUnion(b) ?? [b]);
    }
    // A union whose branches only add `required` (presence rules) is, as a type, the object itself.
    for (const key of ['oneOf', 'anyOf'] as const) {
      const branches = out[key];
      if (Array.isArray(branches) && out.properties && branches.every((b) => isSchemaObject(b) && !b.properties && !b.tsType && !b.type && !b.oneOf && !b.anyOf && !b.allOf)) delete out[key];
      else if (Array.isArray(branches)) {
        // Branches told apart by their keys: each gets the others' keys as `?: never` (see unions.ts).
        lookups.push('tagging', schema, taggingKey(service.document, schema));
        const t = unionTagging(service.document, schema[key]);
        if (t?.kind === 'keys') out[key] = branches.map((b, i) => tagBranch(b as JsonSchema, t, i));
      }
    }
    return out;
  }

  /**
   * Type guards for the named branches of every union whose branches are told apart (unions.ts), by
   * declaration name: their declarations and their JavaScript. A guard's name is `is<Branch>`, qualified by
   * the union where two unions share a branch.
   */
  guards(): { dts: string; js: string } {
    const made: { name: string; dts: string; js: string }[] = [];
    const taken = new Set(this.names());
    for (const name of this.names()) {
      const decl = this.decls.get(name)!;
      const body = decl.schema;
      if (!isSchemaObject(body)) continue;
      const parts = Array.isArray(body.oneOf) ? body.oneOf : Array.isArray(body.anyOf) ? body.anyOf : undefined;
      const t = parts && unionTagging(decl.service.document, parts);
      if (!t) continue;
      const branches = parts!.map((b) => {
        const ref = isSchemaObject(b) && typeof b.$ref === 'string' ? componentName(b.$ref) : undefined;
        return ref === undefined ? undefined : this.componentType(decl.service, ref);
      });
      for (const g of unionGuards(name, branches, t)) {
        const unique = taken.has(g.name) ? { ...g, ...renamed(g, g.name, `is${name}${g.name.slice(2)}`) } : g;
        if (taken.has(unique.name)) continue;
        taken.add(unique.name);
        made.push(unique);
      }
    }
    // The brands' types, constructors and guards beside them.
    const brands = brandCode(this.brands, './runtime/client/brand.js');
    const join = (a: string, b: string) => [a, b].filter(Boolean).join('\n\n');
    return { dts: join(brands.dts, made.map((g) => g.dts).join('\n\n')), js: join(brands.js, made.map((g) => g.js).join('\n\n')) };
  }

  /**
   * What json-schema-to-typescript is handed for this model: one input per declaration (by name, sorted) and
   * one per positional param (its type expression is the `X` of `export type X = ...`). An input is made
   * from its schema alone and kept: the same schema with the same lookups (`jsttInput`), the same object.
   */
  typeInputs(): { readonly declarations: readonly TypeInput[]; readonly params: readonly (TypeInput & { readonly param: ParamModel })[] } {
    const declarations = this.names().map((name) => {
      const decl = this.decls.get(name)!;
      return declarationInput(this.memory, name, this.jsttInput(decl.service, decl.schema));
    });
    // Positional params: one expression per param (a labelled tuple per method in `source()`).
    const params = this.positional.flatMap((entry) => entry.params.map((param) => ({ ...paramInput(this.memory, this.jsttInput(entry.service, param.schema)), param })));
    return { declarations, params };
  }

  /**
   * The source of types.ts. Each input's text is kept by the input (the same input object, the same text);
   * a new input is printed directly (ts-decl.ts) where the printer covers it (every input of the documents we
   * know), else cached by its exact text, the inputs not in the cache going to json-schema-to-typescript in
   * one job, each distinct one once (execution-apis has 436 inputs, 353 distinct).
   */
  async source(cache: Cache = noCache): Promise<string> {
    const { declarations, params } = this.typeInputs();
    type Waiting = [TypeInput, (input: TypeInput, ts: string) => string];
    const inputs = new Map<string, { item: TypesJobItem; key: string; ts?: string; waiting: Waiting[] }>();
    const misses: { item: TypesJobItem; key: string; ts?: string; waiting: Waiting[] }[] = [];
    // Each input's finished text: kept under the input for a next run, and in `texts` for this one.
    const texts = new Map<object, string>();
    const finishedTexts = this.memory.table(FINISHED_TEXTS);
    const keep = (input: TypeInput, text: string): void => {
      texts.set(input.input, text);
      if (this.memory.keeping) finishedTexts.set(input.input, text);
    };
    const textOf = (input: TypeInput): string => texts.get(input.input) ?? finishedTexts.get(input.input)!;
    const want = (input: TypeInput, finish: (input: TypeInput, ts: string) => string): void => {
      if (finishedTexts.has(input.input)) return;
      const printed = printDeclaration(input);
      if (printed !== undefined) {
        keep(input, finish(input, printed));
        return;
      }
      const text = `${input.name}\0${JSON.stringify(input.options)}\0${JSON.stringify(input.input)}`;
      let entry = inputs.get(text);
      if (!entry) {
        entry = { item: { input: input.input, name: input.name, options: input.options, refs: text.includes('"$ref"') }, key: cache === noCache ? '' : contentHash(libraryVersion(), text), waiting: [] };
        inputs.set(text, entry);
        const hit = entry.key ? cache.get('jstt', entry.key) : undefined;
        if (hit !== undefined) entry.ts = hit;
        else misses.push(entry);
      }
      entry.waiting.push([input, finish]);
    };
    for (const input of declarations) want(input, declarationText);
    for (const input of params) want(input, paramExpression);
    if (misses.length) {
      const compiled = await runTypesJob(misses.map((m) => m.item));
      misses.forEach((m, i) => {
        m.ts = compiled[i]!;
        if (m.key) cache.set('jstt', m.key, m.ts);
      });
    }
    for (const entry of inputs.values()) for (const [input, finish] of entry.waiting) keep(input, finish(input, entry.ts!));
    const pieces: string[] = declarations.map(textOf);
    for (const input of params) this.paramExpressions.set(input.param, textOf(input));
    const tuples = this.positional
      .filter((entry) => {
        const taken = this.decls.get(entry.name);
        if (!taken) return true;
        this.problems.push({ code: 'type-name-collision', message: `Two declarations want the TypeScript name "${entry.name}": ${taken.origin} and ${entry.origin}. Rename one.`, file: entry.service.source });
        return false;
      })
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((entry) => {
        // Labels are identifiers as the client's parameters are (`default` → `default_`).
        const labels = uniqueLabels(entry.params.map((p) => camelCase(p.ident)));
        const omit = omittable(entry.params);
        const items = entry.params.map((p, i) => {
          const type = this.paramExpressions.get(p)!;
          return `${labels[i]}${omit[i] ? '?' : ''}: ${omit[i] || p.required ? type : `${type} | undefined`}`;
        });
        const docs = entry.params.map((p, i) => ` * @param ${labels[i]} ${blockCommentText((p.description ?? p.summary ?? '').split('\n')[0]!)}`.trimEnd());
        return `/**\n * Params of ${entry.method ? entry.method.name : entry.name}, by position.\n${docs.join('\n')}\n */\nexport type ${entry.name} = [${items.join(', ')}]`;
      });
    pieces.push(...tuples);
    this.sourced = true;
    return this.memory.join('types.ts', [indentPieces(this.memory, pieces), '\n']);
  }
}

/** How a union's branches (`oneOf`/`anyOf`) are told apart, if they are. */
function unionTagging(document: unknown, parts: unknown): Tagging | undefined {
  return Array.isArray(parts) ? tagging(parts.map((p) => branchShape(document, p as JsonSchema))) : undefined;
}

/** What the tagging of a schema's union depends on, as one comparable text (for kept inputs). */
function taggingKey(document: unknown, schema: SchemaObject): string {
  return JSON.stringify([unionTagging(document, schema.oneOf) ?? null, unionTagging(document, schema.anyOf) ?? null]);
}

/** A JSTT branch with the other branches' keys as `?: never`. */
function tagBranch(branch: JsonSchema, t: Tagging, i: number): JsonSchema {
  if (!isSchemaObject(branch) || t.kind !== 'keys' || t.never[i]!.length === 0) return branch;
  if (typeof branch.tsType === 'string') return { ...branch, tsType: taggedBranchType(branch.tsType, t, i) };
  const never = Object.fromEntries(t.never[i]!.map((k) => [k, { tsType: 'never' }]));
  return { ...branch, properties: { ...(isSchemaObject(branch.properties) ? branch.properties : {}), ...never } };
}

function renamed(g: { dts: string; js: string }, from: string, to: string): { name: string; dts: string; js: string } {
  return { name: to, dts: g.dts.replace(` ${from}(`, ` ${to}(`), js: g.js.replace(` ${from}(`, ` ${to}(`) };
}

/** JSTT inputs kept by schema, with the lookups they made (see `jsttInput`). */
const JSTT_INPUTS = slot<object, { readonly lookups: readonly unknown[]; readonly input: JsonSchema }>('JSON Schema to TypeScript inputs');
/** Library inputs by the JSTT input (or {@link BOOLEAN_SCHEMA}) and name they are made of: the same, the same object. */
const DECLARATION_INPUTS = slot<object, Map<string, TypeInput>>('declaration inputs');
const PARAM_INPUTS = slot<object, TypeInput>('positional param inputs');
/** Each library input's finished text (a declaration's, a param's type expression), by input. */
const FINISHED_TEXTS = slot<object, string>('type texts');

function declarationInput(memory: Memory, name: string, schema: JsonSchema): TypeInput {
  // (`true`'s input is `{ title }`; `false`, which no value meets, is `never`: a result of it never arrives.)
  const byName = memory.keptIn(DECLARATION_INPUTS, isSchemaObject(schema) ? schema : schema ? BOOLEAN_SCHEMA : FALSE_SCHEMA, () => new Map<string, TypeInput>());
  let input = byName.get(name);
  const given = isSchemaObject(schema) ? { ...withoutSelf(schema, name), title: name } : schema ? { title: name } : { title: name, tsType: 'never' };
  if (!input) byName.set(name, (input = { input: given, name, options: DECL_OPTIONS }));
  return input;
}

/** The members of a branch that is a union and nothing else (a description aside), or undefined. */
function nestedUnion(branch: unknown): JsonSchema[] | undefined {
  if (!isSchemaObject(branch)) return undefined;
  const keys = Object.keys(branch).filter((k) => k !== 'description' && k !== 'deprecated');
  if (keys.length !== 1 || (keys[0] !== 'anyOf' && keys[0] !== 'oneOf')) return undefined;
  const members = branch[keys[0]];
  return Array.isArray(members) ? (members as JsonSchema[]) : undefined;
}

/**
 * A declaration's union without the members that are the declaration itself: `V = string | V[] | V | null`
 * is `string | V[] | null` (a value of V is already one of the others), and TypeScript refuses the first
 * (TS2456, "circularly references itself").
 */
function withoutSelf(schema: SchemaObject, name: string): SchemaObject {
  const self = (b: unknown) => isSchemaObject(b) && b.tsType === name && Object.keys(b).every((k) => k === 'tsType' || k === 'description' || k === 'deprecated');
  let out = schema;
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = out[key];
    if (!Array.isArray(branches) || !branches.some(self)) continue;
    const rest = branches.filter((b) => !self(b));
    if (rest.length) out = { ...out, [key]: rest };
  }
  return out;
}

function paramInput(memory: Memory, schema: JsonSchema): TypeInput {
  return memory.keptIn(PARAM_INPUTS, isSchemaObject(schema) ? schema : schema ? TRUE_SCHEMA : FALSE_SCHEMA, () => ({ input: { title: 'X', anyOf: [schema] }, name: 'X', options: PARAM_OPTIONS }));
}
const BOOLEAN_SCHEMA = {};
const TRUE_SCHEMA = {};
const FALSE_SCHEMA = {};

/** A declaration as types.ts holds it, from what the printer or the library wrote. */
function declarationText(input: TypeInput, ts: string): string {
  const name = input.name;
  // Every use of the type is written with `name`: a declaration under any other name would leave them
  // dangling (json-schema-to-typescript normalises names; pascalCase gives names it keeps as they are).
  // (It writes nothing at all for a schema that allows anything, such as `anyOf: [{}, { type: 'null' }]`.)
  if (ts.trim() === '') return `export type ${name} = unknown`;
  if (!declares(ts, name)) throw new Error(`internal: json-schema-to-typescript renamed the declaration ${name}`);
  return ts.trim();
}

/** Whether `ts` declares `name` at the start of a line (a RegExp per name costs more than the search). */
function declares(ts: string, name: string): boolean {
  for (const head of [`export interface ${name}`, `export type ${name}`]) {
    for (let at = ts.indexOf(head); at >= 0; at = ts.indexOf(head, at + 1)) {
      const after = ts[at + head.length];
      if ((at === 0 || ts[at - 1] === '\n') && (after === undefined || !/\w/.test(after))) return true;
    }
  }
  return false;
}

/** A positional param's type expression, from what the printer or the library wrote for it. */
function paramExpression(_input: TypeInput, ts: string): string {
  // json-schema-to-typescript writes nothing at all for a schema that allows anything (`anyOf: [{}]`).
  return /export type X = ([\s\S]*)$/.exec(ts)?.[1]?.trim() || 'unknown';
}

/** Indented pieces, by their text, of the last run (kept in the run's memory under this slot). */
const INDENTED = 'types.ts indented pieces';

/**
 * `indentDeclarations` of the pieces joined by blank lines, each piece indented on its own (and kept) when
 * every piece closes what it opens, which declarations do.
 */
function indentPieces(memory: Memory, pieces: readonly string[]): string {
  // (A run that keeps nothing indents the whole text once.)
  if (!memory.keeping) return indentDeclarations(pieces.join('\n\n'));
  const out: string[] = [];
  let balanced = true;
  // (This run's pieces, by their text, replace the last run's: what is no longer written is let go.)
  const before = memory.recall<Map<string, { text: string; balanced: boolean }>>(INDENTED);
  const now = new Map<string, { text: string; balanced: boolean }>();
  for (const piece of pieces) {
    const done = now.get(piece) ?? before?.get(piece) ?? indentWithState(piece);
    now.set(piece, done);
    out.push(done.text);
    if (!done.balanced) balanced = false;
  }
  memory.remember(INDENTED, now);
  return balanced ? memory.join('types.ts declarations', out, '\n\n') : indentDeclarations(pieces.join('\n\n'));
}

/** By-name params schemas, by method model: the same object while the model is. */
const PARAMS_SCHEMAS = slot<MethodModel, JsonSchema>('by-name params schemas');
/** Method type names, by method model (see `methodTypes`). */
const STABLE_TYPES = slot<MethodModel, MethodTypes>('method type names');

interface HoistCandidate {
  readonly schema: SchemaObject;
  readonly owner: string;
  readonly property?: string;
}

const HOIST_CANDIDATES = slot<MethodModel, readonly HoistCandidate[]>('hoist candidates');

/**
 * The titled inline schemas of a method's params and results that may become named types, in the order
 * they are met (`hoistInline` names each the first time it is met), by method model.
 */
function hoistCandidates(memory: Memory, method: MethodModel): readonly HoistCandidate[] {
  return memory.memo(HOIST_CANDIDATES).get(method, [], () => {
    const found: HoistCandidate[] = [];
    const prefix = pascalCase(method.name);
    const visit = (schema: unknown, owner: string, depth: number, property?: string): void => {
      if (!isSchemaObject(schema) || depth > 40) return;
      if (typeof schema.$ref === 'string') return;
      if (typeof schema.title === 'string' && depth > 0 && !isPrimitive(schema)) found.push({ schema, owner, ...(property !== undefined ? { property } : {}) });
      if (isSchemaObject(schema.properties)) for (const [k, v] of Object.entries(schema.properties)) visit(v, owner, depth + 1, k);
      for (const child of children(schema)) if (!isSchemaObject(schema.properties) || !Object.values(schema.properties).includes(child)) visit(child, owner, depth + 1, property);
    };
    for (const p of method.params) visit(p.schema, `${prefix}${pascalCase(p.ident)}`, 1);
    if (method.result) visit(method.result.schema, `${prefix}Result`, 1);
    for (const c of method.resultCases?.cases ?? []) visit(c.schema, `${prefix}Result`, 1);
    for (const kind of method.subscriptions?.kinds ?? []) {
      for (const p of kind.params) visit(p.schema, `${prefix}${pascalCase(kind.name)}${pascalCase(p.ident)}`, 1);
      visit(kind.result.schema, `${prefix}${pascalCase(kind.name)}`, 1);
      for (const c of kind.resultCases?.cases ?? []) visit(c.schema, `${prefix}${pascalCase(kind.name)}`, 1);
    }
    return found;
  });
}

/** The object schema of by-name params (positional ones are labelled tuples, built in `source()`). */
function paramsSchema(method: Pick<MethodModel, 'params'>): JsonSchema {
  return {
    type: 'object',
    properties: Object.fromEntries(method.params.map((p) => [p.name, withDoc(p.schema, p.description ?? p.summary, p.deprecated)])),
    required: method.params.filter((p) => p.required).map((p) => p.name),
  };
}

function withDoc(schema: JsonSchema, description?: string, deprecated?: boolean): JsonSchema {
  if (!isSchemaObject(schema)) return schema;
  if (description === undefined && !deprecated) return schema;
  const out: SchemaObject = { ...schema };
  if (description !== undefined) out.description = description;
  if (deprecated) out.deprecated = true;
  return out;
}

/** Whether a schema's value type is one primitive, so it is written inline rather than named. */
export function isPrimitive(schema: JsonSchema): boolean {
  if (!isSchemaObject(schema)) return false;
  if (typeof schema['x-codec'] === 'string' || typeof schema['x-brand'] === 'string') return true;
  if (schema.enum || 'const' in schema || schema.oneOf || schema.anyOf || schema.allOf || schema.$ref) return false;
  const t = schema.type;
  return t === 'string' || t === 'number' || t === 'integer' || t === 'boolean';
}

function children(schema: SchemaObject): unknown[] {
  const out: unknown[] = [];
  for (const k of ['properties', 'patternProperties']) if (isSchemaObject(schema[k])) out.push(...Object.values(schema[k] as object));
  for (const k of ['items', 'oneOf', 'anyOf', 'allOf']) {
    const v = schema[k];
    if (Array.isArray(v)) out.push(...v);
    else if (v !== undefined) out.push(v);
  }
  for (const k of ['additionalProperties', 'additionalItems', 'not', 'if', 'then', 'else']) if (isSchemaObject(schema[k])) out.push(schema[k]);
  return out;
}

function uniqueLabels(idents: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return idents.map((id) => {
    const n = seen.get(id) ?? 0;
    seen.set(id, n + 1);
    return n ? `${id}${n + 1}` : id;
  });
}

const PROSE = new Set(['description', 'summary', 'examples', '$comment', 'title']);

/**
 * Identity of schemas as types: prose does not make two schemas different types. Two schemas are one type
 * when `JSON.stringify` writes the same for them with prose keys left out (inside `properties` the keys are
 * field names, so nothing is left out there). Each distinct structure gets a number (hash-consing): a
 * node's text names its child objects by their numbers, so it is made from the node's own keywords alone,
 * once per object, and two keys compare in no time however large the schemas (execution-apis inlines every
 * schema, and most of its 3,000 titled ones are compared).
 */
class Shapes {
  private readonly byObject = new WeakMap<object, string>();
  private readonly byText = new Map<string, string>();

  /** The key of a value: its JSON text for a primitive, `#n` for an object or array. */
  key(value: unknown): string {
    if (value === null || typeof value !== 'object') return JSON.stringify(value);
    let id = this.byObject.get(value);
    if (id !== undefined) return id;
    let text: string;
    if (Array.isArray(value)) {
      text = `[${value.map((v: unknown) => (v === undefined || typeof v === 'function' ? 'null' : this.key(v))).join(',')}]`;
    } else {
      const prose = !isPropertiesMap(value);
      const parts: string[] = [];
      for (const [k, v] of Object.entries(value)) {
        if (v === undefined || typeof v === 'function' || (prose && PROSE.has(k) && typeof v !== 'object')) continue;
        parts.push(`${JSON.stringify(k)}:${this.key(v)}`);
      }
      text = `{${parts.join(',')}}`;
    }
    id = this.byText.get(text);
    if (id === undefined) this.byText.set(text, (id = `#${this.byText.size}`));
    this.byObject.set(value, id);
    return id;
  }
}

function isPropertiesMap(holder: unknown): boolean {
  return isSchemaObject(holder) && Object.values(holder).every((v) => isSchemaObject(v) || typeof v === 'boolean') && !('type' in holder);
}

/**
 * Indentation for json-schema-to-typescript's unformatted output (one member per line, brackets at line
 * ends). A full formatter costs more than the rest of type generation; this only re-indents, which is all
 * that output needs to read well.
 */
export function indentDeclarations(text: string, unit = '  '): string {
  return indentWithState(text, unit).text;
}

/** `indentDeclarations`, and whether the text closes what it opens (it ends outside any bracket or comment). */
function indentWithState(text: string, unit = '  '): { text: string; balanced: boolean } {
  let depth = 0;
  const out: string[] = [];
  let inComment = false;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '') {
      out.push('');
      continue;
    }
    if (inComment || line.startsWith('/*')) {
      const body = line.startsWith('/*') ? line : ` ${line}`;
      out.push(unit.repeat(depth) + body);
      inComment = !line.endsWith('*/');
      continue;
    }
    const code = line.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`/g, '""');
    let leading = 0;
    while (leading < code.length && '})]'.includes(code[leading]!)) leading++;
    depth = Math.max(0, depth - leading);
    out.push(unit.repeat(depth) + line);
    for (const ch of code.slice(leading)) {
      if (ch === '{' || ch === '(' || ch === '[') depth++;
      else if (ch === '}' || ch === ')' || ch === ']') depth = Math.max(0, depth - 1);
    }
  }
  return { text: out.join('\n'), balanced: depth === 0 && !inComment };
}

/** One input of json-schema-to-typescript: the schema, the declaration's name and the options. */
interface TypesJobItem {
  readonly input: object;
  readonly name: string;
  readonly options: Partial<Options>;
  /** Whether the input holds a `$ref` key anywhere (TypeCatalog hands references over as ready-made types). */
  readonly refs: boolean;
}

/**
 * For an input without any `$ref`, the library's reference parser has nothing to do but walk it twice
 * (looking for external references, then for references to replace): told to skip both walks, it hands the
 * input back as it is, which is what the walks would have produced.
 */
const NO_REFS: Options['$refOptions'] = { resolve: { external: false }, dereference: { excludedPathMatcher: () => true } };

/** json-schema-to-typescript, loaded on the first compile. */
let library: Promise<typeof import('json-schema-to-typescript')> | undefined;

/**
 * Each item's declarations, in the items' order. It runs in the calling thread: a thread of its own was
 * measured, and on two cores it cost 0.1-0.4 s of CPU for a second isolate and saved no wall time, the main
 * thread having nothing else to do meanwhile.
 */
async function runTypesJob(items: readonly TypesJobItem[]): Promise<string[]> {
  const { compile } = await (library ??= import('json-schema-to-typescript'));
  return Promise.all(
    items.map(async (item) => {
      const input = withPlaceholderKeys(item.input);
      const ts = await compile(input as never, item.name, item.refs ? item.options : { ...item.options, $refOptions: NO_REFS });
      return input === item.input ? ts : ts.replace(PLACEHOLDER, (_, name: string) => name);
    }),
  );
}

/**
 * The library calls `schema.hasOwnProperty(...)` on every object of its input, `properties` maps included, so
 * a property named `hasOwnProperty` (or another member of every object) stops it. Such names go to the
 * library as placeholders, in `properties` and `required`, and come back in its output.
 */
const PLACEHOLDER = /\bNoderpcKey_(\w+?)_\b/g;
function withPlaceholderKeys(schema: unknown): unknown {
  // `__proto__` goes through as it is: the library prints it (JSON.parse made it an own property).
  const renamed = (name: string) => (name !== '__proto__' && PROTOTYPE_MEMBERS.has(name) ? `NoderpcKey_${name}_` : name);
  let changed = false;
  const walk = (node: unknown, parentKey: string): unknown => {
    if (Array.isArray(node)) {
      if (parentKey !== 'required') return node.map((v) => walk(v, ''));
      return node.map((v) => (typeof v === 'string' && renamed(v) !== v ? ((changed = true), renamed(v)) : v));
    }
    if (node === null || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      const key = parentKey === 'properties' ? renamed(k) : k;
      if (key !== k) changed = true;
      Object.defineProperty(out, key, { value: walk(v, parentKey === 'properties' ? '' : k), enumerable: true, writable: true, configurable: true });
    }
    return out;
  };
  const copy = walk(schema, '');
  return changed ? copy : schema;
}
