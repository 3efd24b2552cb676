/**
 * TypeScript declarations of value-form types, printed directly: for one input of the shape TypeCatalog hands
 * json-schema-to-typescript (a schema whose references and codecs are already ready-made `tsType`s, titled
 * with the declaration's name), exactly the text the library writes for it with our options (no banner, no
 * formatting, `additionalProperties: false`, `unknownAny`, `maxItems` 64 for declarations or the library's 20
 * for positional params).
 *
 * Why it exists beside the library: in CPU profiles of a cold client-package run of the execution-apis
 * document, the library took about a quarter of the run (218 of 901 ms of samples, mean of five: itself,
 * lodash, its reference parser and prettier's entry, plus 41 ms of loading them): per input a deep clone, an
 * options merge and fifteen whole-tree passes. This printer does the same for the shapes it covers in one
 * pass over the input.
 *
 * The library stays the reference. `printDeclaration` answers `undefined` for any input outside the covered
 * set (decided conservatively, keyword by keyword, in `covered`), and the caller compiles that one with the
 * library. test/generator/schema/ts-decl.test.ts holds the printer to the library byte for byte on every input of the
 * real documents and of random schemas in the covered set.
 *
 * Each answer is a pure function of the input object (nothing is cached or mutated here): a caller may keep
 * the text per input object.
 *
 * The steps mirror what the library does to a schema, in its order: normalise each node (the library's rules:
 * unary `type` lists, implied `required` and `additionalProperties`, escaped comment ends, `@minItems` /
 * `@maxItems` notes, bounded arrays made tuples, `const` made a one-value `enum`), read what kinds of type a
 * node is (several at once make an intersection), build a small tree of types, simplify it (a union or
 * intersection with `unknown` in it, repeated members), and print.
 */
import type { Options } from 'json-schema-to-typescript';
import { isSchemaObject } from './resolve.js';
import { blockCommentText } from '../lib/escape.js';

type Rec = Record<string, unknown>;

/** One input, as TypeCatalog makes it. */
export interface DeclarationInput {
  readonly name: string;
  readonly input: Rec;
  readonly options: Readonly<Partial<Options>>;
}

/**
 * The library's text for `item` (its `compile` result, trailing newline included; a lone newline where it
 * writes nothing), or `undefined` when the input is outside the covered set.
 */
export function printDeclaration(item: DeclarationInput): string | undefined {
  const limit = itemLimit(item.options);
  if (limit === undefined || !SAFE_NAME.test(item.name) || item.input.title !== item.name || !covered(item.input, new Set(), true)) return undefined;
  const root = prepare(item.input, 1, limit, item.name);
  return declaration(simplify(build(root, item.name)), item.name);
}

// ---------------------------------------------------------------------------------------------------------
// What is covered

/**
 * The options we call the library with; anything else is not covered. Answers the `maxItems` bound (the
 * library's default, 20, where it is not given).
 */
function itemLimit(options: Readonly<Partial<Options>>): number | undefined {
  for (const [k, v] of Object.entries(options)) {
    const fixed = (PRINTED_OPTIONS as Readonly<Record<string, unknown>>)[k];
    if (fixed !== undefined ? v !== fixed : k !== 'maxItems') return undefined;
  }
  const max = options.maxItems ?? 20;
  return Number.isSafeInteger(max) && max >= 0 ? max : undefined;
}

/** The options the printer writes as the library does (any of them left out: the library's default, the same). */
export const PRINTED_OPTIONS = Object.freeze({
  bannerComment: '',
  format: false,
  additionalProperties: false,
  declareExternallyReferenced: false,
  strictIndexSignatures: false,
  unknownAny: true,
  ignoreMinAndMaxItems: false,
} satisfies Partial<Options>);

/**
 * A declaration name the library keeps as it is (its name normalisation changes a letter after digits and
 * drops an underscore before a lower-case letter; pascalCase never makes either).
 */
const SAFE_NAME = /^(?!.*_[a-z])(?!.*[0-9][a-z])[A-Z][A-Za-z0-9_]*$/;

const JSON_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

function isScalar(v: unknown): boolean {
  return v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
}

function isCount(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
}

/**
 * Whether the printer is proven to write what the library writes for this schema: every keyword one of
 * those TypeCatalog hands over, with the kind of value it hands over, and none of the combinations where the
 * library's answer depends on how it shares objects between passes. `seen` holds the schema objects met so
 * far: the library types one object met twice once, and what it adds to it in one place (a pattern
 * property's note) shows in the other, so such an input is left to it (TypeCatalog makes every object fresh).
 */
function covered(node: unknown, seen: Set<object>, root = false): boolean {
  if (!isSchemaObject(node) || seen.has(node)) return false;
  seen.add(node);
  for (const [k, v] of Object.entries(node)) {
    switch (k) {
      case 'title':
        if (!root || typeof v !== 'string') return false;
        break;
      case 'type':
        if (Array.isArray(v)) {
          if (!v.length || new Set(v).size !== v.length || !v.every((t) => JSON_TYPES.has(t as string))) return false;
          // Each type of a list is parsed as a copy of the node; combinators in those copies would be
          // shared between them.
          if (v.length > 1 && ('anyOf' in node || 'oneOf' in node || 'allOf' in node)) return false;
        } else if (!JSON_TYPES.has(v as string)) return false;
        break;
      case 'properties':
      case 'patternProperties':
        if (!isSchemaObject(v) || Object.getPrototypeOf(v) !== Object.prototype) return false;
        // A map holding both `items` and `minItems` confuses the library's walk up nested arrays.
        if ('items' in v && 'minItems' in v) return false;
        for (const [key, child] of Object.entries(v)) if (key === '__proto__' || key === '$ref' || !covered(child, seen)) return false;
        break;
      case 'required':
        if (!Array.isArray(v) || !v.every((r) => typeof r === 'string')) return false;
        break;
      case 'additionalProperties':
      case 'additionalItems':
        if (typeof v !== 'boolean' && !covered(v, seen)) return false;
        break;
      case 'items':
        if (Array.isArray(v) ? !v.every((c) => covered(c, seen)) : !covered(v, seen)) return false;
        break;
      case 'minItems':
      case 'maxItems':
        if (!isCount(v)) return false;
        break;
      case 'enum':
        if (!Array.isArray(v) || !v.every(isScalar)) return false;
        break;
      case 'const':
        if (!isScalar(v)) return false;
        break;
      case 'oneOf':
      case 'anyOf':
      case 'allOf':
        if (!Array.isArray(v) || !v.every((c) => covered(c, seen))) return false;
        break;
      case 'description':
        if (typeof v !== 'string') return false;
        break;
      case 'deprecated':
        if (typeof v !== 'boolean') return false;
        break;
      case 'tsType':
        if (typeof v !== 'string' || v === '') return false;
        break;
      default:
        return false;
    }
  }
  // The library refuses these (a validation error): it answers them, not the printer.
  if (isCount(node.minItems) && isCount(node.maxItems) && node.maxItems < node.minItems) return false;
  return true;
}

// ---------------------------------------------------------------------------------------------------------
// Normalising

/** A schema node as the library holds it after its normalising passes. Children are `Node`s too. */
interface Node {
  /** The node's keywords after normalisation (without those moved to `joint`). */
  readonly s: Rec;
  /** Kinds of type the node is, in the library's order; several make an intersection. */
  readonly kinds: readonly Kind[];
  /** Set when the node is several kinds at once: what moves to the intersection. */
  readonly joint?: { readonly description?: string; readonly title?: string; readonly allOf: readonly Node[] };
}

type Kind =
  | 'ALL_OF' | 'ANY' | 'ANY_OF' | 'BOOLEAN' | 'CUSTOM_TYPE' | 'NAMED_SCHEMA' | 'NULL' | 'NUMBER' | 'OBJECT' | 'ONE_OF' | 'STRING'
  | 'TYPED_ARRAY' | 'UNION' | 'UNNAMED_ENUM' | 'UNNAMED_SCHEMA' | 'UNTYPED_ARRAY';

function hasType(s: Rec, t: string): boolean {
  return s.type === t || (Array.isArray(s.type) && s.type.includes(t));
}

function isObjectType(s: Rec): boolean {
  return s.properties !== undefined || hasType(s, 'object');
}

function isArrayType(s: Rec): boolean {
  return s.items !== undefined || hasType(s, 'array');
}

/**
 * One node normalised, then its children. `chain` is the product the library's `maxItems` bound is scaled by:
 * the bounds of the arrays this node is the `items` of, each nested in the next.
 */
function prepare(input: Rec, chain: number, limit: number, name?: string): Node {
  const s: Rec = { ...input };
  if (Array.isArray(s.enum) && s.enum.includes(null) && Array.isArray(s.type) && s.type.includes('null')) s.type = s.type.filter((t) => t !== 'null');
  if (Array.isArray(s.type) && s.type.length === 1) s.type = s.type[0];
  if (isObjectType(s) && !('required' in s)) s.required = [];
  if (isObjectType(s) && !('additionalProperties' in s) && s.patternProperties === undefined) s.additionalProperties = false;
  if (name !== undefined) s.$id = name;
  if (typeof s.description === 'string') s.description = blockCommentText(s.description);
  const arrayish = isArrayType(s);
  if (arrayish) {
    const notes = [...('minItems' in s ? [`@minItems ${s.minItems as number}`] : []), ...('maxItems' in s ? [`@maxItems ${s.maxItems as number}`] : [])];
    if (notes.length) s.description = s.description ? `${s.description as string}\n\n${notes.join('\n')}` : notes.join('\n');
    if (typeof s.minItems !== 'number') s.minItems = 0;
    if (s.maxItems !== undefined && ((s.maxItems as number) - (s.minItems as number)) * chain > limit) delete s.maxItems;
  }
  // The items of a single-schema array continue the chain; every other child starts one.
  const itemsChain = chain * (typeof s.maxItems === 'number' ? s.maxItems : (s.minItems as number) || 1);
  const min = s.minItems;
  const max = s.maxItems;
  const bounded = typeof max === 'number' && max >= 0;
  const atLeast = typeof min === 'number' && min > 0;
  let items: Node | Node[] | undefined;
  let extra: Node | boolean | undefined = isSchemaObject(s.additionalItems) ? prepare(s.additionalItems, 1, limit) : (s.additionalItems as boolean | undefined);
  if (isSchemaObject(s.items)) {
    const one = prepare(s.items, itemsChain, limit);
    if (bounded || atLeast) {
      items = new Array<Node>(((max as number) || (min as number) || 0)).fill(one);
      if (!bounded) extra = one;
    } else items = one;
  } else if (Array.isArray(s.items)) {
    items = (s.items as Rec[]).map((c) => prepare(c, 1, limit));
  }
  if (Array.isArray(items) && bounded && (max as number) < items.length) items = items.slice(0, max as number);
  if (items !== undefined) s.items = items;
  if (extra !== undefined) s.additionalItems = extra;
  if ('const' in s) {
    s.enum = [s.const];
    delete s.const;
  }
  for (const key of ['properties', 'patternProperties'] as const) {
    const map = s[key];
    if (isSchemaObject(map)) s[key] = Object.fromEntries(Object.entries(map).map(([k, v]) => [k, prepare(v as Rec, 1, limit)]));
  }
  if (isSchemaObject(s.additionalProperties)) s.additionalProperties = prepare(s.additionalProperties, 1, limit);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) if (Array.isArray(s[key])) s[key] = (s[key] as Rec[]).map((c) => prepare(c, 1, limit));
  return typed(s);
}

/** The node's kinds; several at once move its description, title and `allOf` to an intersection. */
function typed(s: Rec): Node {
  const kinds = kindsOf(s);
  if (kinds.length === 1) return { s, kinds };
  const joint = {
    ...(s.description !== undefined ? { description: s.description as string } : {}),
    ...(s.title !== undefined ? { title: s.title as string } : {}),
    allOf: (s.allOf as Node[] | undefined) ?? [],
  };
  delete s.allOf;
  delete s.$id;
  delete s.description;
  delete s.title;
  return { s, kinds: kinds.filter((k) => k !== 'ALL_OF'), joint };
}

const ENUM_TYPES = new Set([undefined, 'boolean', 'integer', 'number', 'string']);

/** Which kinds of type the library reads a (normalised) node as, in its order. */
function kindsOf(s: Rec): Kind[] {
  if (s.tsType) return ['CUSTOM_TYPE'];
  const out: Kind[] = [];
  if ('allOf' in s) out.push('ALL_OF');
  if (Object.keys(s).length === 0) out.push('ANY');
  if ('anyOf' in s) out.push('ANY_OF');
  if (!('enum' in s) && s.type === 'boolean') out.push('BOOLEAN');
  if ('$id' in s && !Array.isArray(s.type) && ('patternProperties' in s || 'properties' in s)) out.push('NAMED_SCHEMA');
  if (s.type === 'null') out.push('NULL');
  if (!('enum' in s) && (s.type === 'integer' || s.type === 'number')) out.push('NUMBER');
  if (s.type === 'object' && !isSchemaObject(s.additionalProperties) && !s.allOf && !s.anyOf && !s.oneOf && !s.patternProperties && !s.properties && !s.required) out.push('OBJECT');
  if ('oneOf' in s) out.push('ONE_OF');
  if (!('enum' in s) && s.type === 'string') out.push('STRING');
  if ((!s.type || s.type === 'array') && 'items' in s) out.push('TYPED_ARRAY');
  if (Array.isArray(s.type)) out.push('UNION');
  if (ENUM_TYPES.has(s.type as string | undefined) && 'enum' in s) out.push('UNNAMED_ENUM');
  if ((s.type === undefined || s.type === 'object') && !('$id' in s) && ('patternProperties' in s || 'properties' in s)) out.push('UNNAMED_SCHEMA');
  if (s.type === 'array' && !('items' in s)) out.push('UNTYPED_ARRAY');
  if (!out.length) out.push('UNNAMED_SCHEMA');
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Types

interface Doc {
  readonly comment?: string | undefined;
  readonly deprecated?: boolean | undefined;
}

interface Field {
  readonly key: string;
  ty: Ty;
  readonly required: boolean;
}

type Ty =
  | (Doc & { readonly k: 'boolean' | 'null' | 'number' | 'object' | 'string' | 'unknown' })
  | (Doc & { readonly k: 'custom'; readonly text: string })
  | (Doc & { readonly k: 'literal'; readonly value: unknown })
  | (Doc & { readonly k: 'union' | 'intersection'; members: Ty[] })
  | (Doc & { readonly k: 'array'; of: Ty })
  | (Doc & { readonly k: 'tuple'; readonly items: readonly Ty[]; readonly rest?: Ty; readonly min: number; readonly max?: number | undefined })
  | (Doc & { readonly k: 'interface'; readonly fields: Field[]; index?: Ty; readonly bare: boolean });

/** `unknown` with no comment: what the library puts where anything goes, and what a union with it becomes. */
const UNKNOWN: Ty = Object.freeze({ k: 'unknown' });

function docOf(s: Rec, comment = s.description as string | undefined): Doc {
  return { comment, deprecated: s.deprecated as boolean | undefined };
}

/**
 * The type tree of a node; `name` is the root's (only the root is named). `times`: how often the library
 * parses this node object. It keeps one intersection per node and adds the node's own kinds to it at every
 * parse, so a node of several kinds repeated in a tuple (a bounded array's items) lists them that often.
 */
function build(node: Node, name?: string, times = 1): Ty {
  if (node.joint) {
    const all = allOf(node.joint.allOf, { comment: node.joint.description });
    const own = node.kinds.map((kind) => buildAs(node.s, kind));
    for (let i = 0; i < times; i++) all.members.push(...own);
    return all;
  }
  return buildAs(node.s, node.kinds[0]!, name);
}

/** Keywords the library reads to type a node; an `allOf` member with none of them adds nothing. */
const RECOGNIZED = new Set(['$id', 'additionalProperties', 'allOf', 'anyOf', 'const', 'default', 'enum', 'extends', 'items', 'oneOf', 'patternProperties', 'properties', 'required', 'tsEnumNames', 'tsType', 'type']);

function allOf(members: readonly Node[], doc: Doc): Ty & { k: 'intersection' } {
  const kept: Ty[] = [];
  for (const m of members) {
    const ty = build(m);
    const vacuous = ty.k === 'interface' && ty.bare && ty.comment === undefined && !ty.deprecated;
    if (vacuous && Object.keys(m.s).every((k) => !RECOGNIZED.has(k))) continue;
    kept.push(ty);
  }
  return { k: 'intersection', ...doc, members: kept };
}

function buildAs(s: Rec, kind: Kind, name?: string): Ty {
  const doc = docOf(s);
  switch (kind) {
    case 'ALL_OF':
      return allOf(s.allOf as Node[], doc);
    case 'ANY':
      return { k: 'unknown', ...doc };
    case 'ANY_OF':
      return { k: 'union', ...doc, members: (s.anyOf as Node[]).map((m) => build(m)) };
    case 'ONE_OF':
      return { k: 'union', ...doc, members: (s.oneOf as Node[]).map((m) => build(m)) };
    case 'BOOLEAN':
      return { k: 'boolean', ...doc };
    case 'NULL':
      return { k: 'null', ...doc };
    case 'NUMBER':
      return { k: 'number', ...doc };
    case 'STRING':
      return { k: 'string', ...doc };
    case 'OBJECT':
      return { k: 'object', ...doc };
    case 'CUSTOM_TYPE':
      return { k: 'custom', ...doc, text: s.tsType as string };
    case 'NAMED_SCHEMA':
    case 'UNNAMED_SCHEMA':
      return objectType(s, doc, name);
    case 'UNNAMED_ENUM':
      return { k: 'union', ...doc, members: (s.enum as unknown[]).map((value): Ty => ({ k: 'literal', value })) };
    case 'UNION':
      return {
        k: 'union',
        ...doc,
        members: (s.type as string[]).map((t) => {
          const { $id: _i, description: _d, title: _t, ...rest } = s;
          return build(typed({ ...rest, type: t }));
        }),
      };
    case 'TYPED_ARRAY': {
      if (!Array.isArray(s.items)) return { k: 'array', ...doc, of: build(s.items as Node) };
      const items = s.items as Node[];
      const extra = s.additionalItems;
      // A bounded array's items are one node repeated (and its rest too, when unbounded): one type for all.
      const uses = new Map<Node, number>();
      for (const m of isNode(extra) ? [...items, extra] : items) uses.set(m, (uses.get(m) ?? 0) + 1);
      const types = new Map<Node, Ty>();
      const typeOf = (m: Node): Ty => {
        let ty = types.get(m);
        if (!ty) types.set(m, (ty = build(m, undefined, uses.get(m))));
        return ty;
      };
      return {
        k: 'tuple',
        ...doc,
        items: items.map(typeOf),
        ...(extra === true ? { rest: UNKNOWN } : isNode(extra) ? { rest: typeOf(extra) } : {}),
        min: s.minItems as number,
        max: s.maxItems as number | undefined,
      };
    }
    case 'UNTYPED_ARRAY': {
      const min = s.minItems as number;
      const max = typeof s.maxItems === 'number' ? s.maxItems : -1;
      if (min > 0 || max >= 0) {
        return { k: 'tuple', ...doc, items: new Array<Ty>(Math.max(max, min) || 0).fill(UNKNOWN), ...(max >= 0 ? {} : { rest: UNKNOWN }), min, max: s.maxItems as number | undefined };
      }
      return { k: 'array', ...doc, of: UNKNOWN };
    }
  }
}

function isNode(v: unknown): v is Node {
  return isSchemaObject(v) && 'kinds' in v;
}

/** An interface: the node's properties, and the index signature its pattern and additional properties make. */
function objectType(s: Rec, doc: Doc, name: string | undefined): Ty {
  const required = s.required as readonly string[] | undefined;
  const fields: Field[] = Object.entries((s.properties as Record<string, Node> | undefined) ?? {}).map(([key, node]) => ({
    key,
    ty: build(node),
    required: required?.includes(key) ?? false,
  }));
  const patterns = Object.entries((s.patternProperties as Record<string, Node> | undefined) ?? {}).map(([key, node]) => {
    const ty = build(node);
    const note = `This interface was referenced by \`${name}\`'s JSON-Schema definition\nvia the \`patternProperty\` "${blockCommentText(key)}".`;
    return { ...ty, comment: ty.comment ? `${ty.comment}\n\n${note}` : note } as Ty;
  });
  const extra = s.additionalProperties;
  const members = extra === true ? [] : isNode(extra) ? [...patterns, build(extra)] : patterns;
  let index: Ty | undefined;
  if (members.length || extra !== false) {
    if (!members.length) index = UNKNOWN;
    else if (members.length === 1) index = members[0];
    else {
      const notes = members.map((m) => m.comment).filter((c) => c);
      index = { k: 'union', comment: notes.length ? notes.join('\n\n') : undefined, members };
    }
  }
  // What the library drops from an `allOf` as adding nothing: no fields, and an index signature of
  // anything (the patterns of `additionalProperties: true` count as members of their own).
  const bare = !fields.length && index !== undefined && index.k === 'unknown' && !(extra === true && patterns.length);
  return { k: 'interface', ...doc, fields, ...(index ? { index } : {}), bare };
}

// ---------------------------------------------------------------------------------------------------------
// Simplifying

/**
 * The library's optimiser: unions and intersections with `unknown` in them become `unknown` (an intersection
 * first drops its `unknown` members when it has others), and repeated members go. It does not look inside
 * tuples.
 */
function simplify(ty: Ty): Ty {
  switch (ty.k) {
    case 'array':
      ty.of = simplify(ty.of);
      return ty;
    case 'interface':
      for (const f of ty.fields) f.ty = simplify(f.ty);
      if (ty.index) ty.index = simplify(ty.index);
      return ty;
    case 'union':
    case 'intersection': {
      let members = ty.members.map(simplify);
      if (ty.k === 'intersection') {
        const constrained = members.filter((m) => m.k !== 'unknown');
        if (constrained.length > 0 && constrained.length < members.length) members = constrained;
      }
      if (members.some((m) => m.k === 'unknown')) return UNKNOWN;
      const seen = new Set<string>();
      ty.members = members.filter((m) => {
        const t = typeText(m);
        if (seen.has(t)) return false;
        seen.add(t);
        return true;
      });
      return ty;
    }
    default:
      return ty;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Printing

function declaration(root: Ty, name: string): string {
  // A root that simplified to `unknown` lost its name: the library writes nothing for it.
  if (root === UNKNOWN) return '\n';
  if (root.k === 'interface') return `${hasDoc(root) ? `${comment(root.comment, root.deprecated)}\n` : ''}export interface ${name} ${interfaceText(root)}\n`;
  const noted = withItemsNote(root);
  return `${hasDoc(noted) ? `${comment(noted.comment)}\n` : ''}export type ${name} = ${typeText(root)}\n`;
}

function hasDoc(d: Doc): boolean {
  return (d.comment !== undefined && d.comment !== '') || d.deprecated === true;
}

function comment(text: string | undefined, deprecated?: boolean): string {
  const lines = ['/**'];
  if (deprecated) lines.push(' * @deprecated');
  if (text !== undefined) for (const line of blockCommentText(text).split('\n')) lines.push(` * ${line}`);
  lines.push(' */');
  return lines.join('\n');
}

/**
 * An array's comment with its items' description added (`Items: ...`), as the library writes it for a
 * property or an alias: only when every item carries the same description and it holds no JSDoc tag.
 */
function withItemsNote(ty: Ty): Doc {
  let members: readonly Ty[];
  if (ty.k === 'array') members = [ty.of];
  else if (ty.k === 'tuple') members = ty.rest ? [...ty.items, ty.rest] : ty.items;
  else return ty;
  const notes = new Set(members.map((m) => (m.k === 'array' || m.k === 'tuple' ? undefined : m.comment)));
  const [note] = notes;
  if (notes.size !== 1 || !note || /(^|\s)@\w/.test(note)) return ty;
  return { comment: ty.comment ? `${ty.comment}\n\nItems: ${note}` : `Items: ${note}`, deprecated: ty.deprecated };
}

function typeText(ty: Ty): string {
  switch (ty.k) {
    case 'boolean':
    case 'null':
    case 'number':
    case 'object':
    case 'string':
    case 'unknown':
      return ty.k;
    case 'custom':
      return ty.text;
    case 'literal':
      return JSON.stringify(ty.value);
    case 'array': {
      const of = typeText(ty.of);
      return of.endsWith('"') ? `(${of})[]` : `${of}[]`;
    }
    case 'union':
    case 'intersection': {
      if (ty.members.length === 0) return ty.k === 'union' ? 'never' : '{\n[k: string]: unknown\n}';
      if (ty.members.length === 1) return typeText(ty.members[0]!);
      return `(${ty.members.map(typeText).join(ty.k === 'union' ? ' | ' : ' & ')})`;
    }
    case 'tuple':
      return tupleText(ty);
    case 'interface':
      return interfaceText(ty);
  }
}

function tupleText(ty: Ty & { k: 'tuple' }): string {
  const max = ty.max || -1;
  let rest = ty.rest;
  const items = [...ty.items];
  if (ty.min > 0 && ty.min > items.length && rest === undefined && max < 0) rest = UNKNOWN;
  if (max > items.length && ty.rest === undefined) while (items.length < max) items.push(UNKNOWN);
  const texts = items.map(typeText);
  const spread = rest ? `...(${typeText(rest)})[]` : undefined;
  if (texts.length > ty.min) {
    // Optional items as a union of tuples, one per length (the library's choice over `T?` elements).
    const sofar = texts.slice(0, ty.min);
    const union = [`[${sofar.join(', ')}]`];
    for (let i = ty.min; i < texts.length; i++) {
      sofar.push(texts[i]!);
      union.push(`[${(i === texts.length - 1 && spread ? [...sofar, spread] : sofar).join(', ')}]`);
    }
    return union.join('|');
  }
  return `[${(spread ? [...texts, spread] : texts).join(', ')}]`;
}

function interfaceText(ty: Ty & { k: 'interface' }): string {
  const lines: string[] = [];
  for (const f of ty.fields) {
    const noted = withItemsNote(f.ty);
    lines.push(`${hasDoc(noted) ? `${comment(noted.comment, noted.deprecated)}\n` : ''}${keyText(f.key)}${f.required ? '' : '?'}: ${typeText(f.ty)}`);
  }
  if (ty.index) {
    const noted = withItemsNote(ty.index);
    lines.push(`${hasDoc(noted) ? `${comment(noted.comment, noted.deprecated)}\n` : ''}[k: string]: ${indexText(ty.index, ty.fields) ?? typeText(ty.index)}`);
  }
  return `{\n${lines.join('\n')}\n}`;
}

function keyText(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
}

function isAnyText(ty: Ty): boolean {
  return ty.k === 'custom' && ty.text.trim() === 'any';
}

function isUnknownType(ty: Ty): boolean {
  return ty.k === 'unknown' || (ty.k === 'custom' && ty.text.trim() === 'unknown');
}

/**
 * The index signature's type widened to admit every named property's type (TypeScript requires each to be
 * assignable to it), `undefined` included for optional ones; undefined when it needs no widening.
 */
function indexText(index: Ty, fields: readonly Field[]): string | undefined {
  if (isAnyText(index) || isUnknownType(index)) return undefined;
  const members: Ty[] = [];
  const add = (ty: Ty): void => {
    if (ty.k === 'union') {
      ty.members.forEach(add);
      return;
    }
    if (ty.k === 'custom' && ty.text.includes('|') && /^[\w$.\s|]+$/.test(ty.text)) {
      for (const part of ty.text.split('|')) if (part.trim()) members.push({ k: 'custom', text: part.trim() });
      return;
    }
    members.push(ty);
  };
  add(index);
  let optional = false;
  for (const f of fields) {
    if (isAnyText(f.ty)) continue;
    if (!f.required) optional = true;
    add(f.ty);
  }
  if (members.some(isAnyText)) return 'any';
  if (members.some(isUnknownType)) return 'unknown';
  if (!members.length || (members.length === 1 && !optional)) return undefined;
  const seen = new Set<string>();
  const out: string[] = [];
  for (const m of members) {
    const text = typeText(m);
    if (seen.has(text)) continue;
    seen.add(text);
    out.push(m.k === 'custom' && !/^[\w$.]+(\[\])*$/.test(text) ? `(${text})` : text);
  }
  if (optional && !seen.has('undefined')) out.push('undefined');
  return out.join(' | ');
}
