/**
 * One ajv instance per bundled document. The document's schemas are registered under a synthetic `$id`, so
 * any schema in it is compiled by pointer (`<id>#/methods/3/params/0/schema`) and `#/components/...`
 * references inside resolve against the document itself; error paths stay pointers into the bundle.
 * The same compiled functions serve the loader's example checks and the standalone validator emitter.
 */
import { PROTOTYPE_MEMBERS } from '../lib/guards.js';
import { patternRegExp, patternsWithoutUnicode } from '../lib/regexp.js';
import AjvModule, { _, str, type KeywordDefinition, type ValidateFunction } from 'ajv';
import uriModule from 'ajv/dist/runtime/uri.js';
import { createRequire } from 'node:module';
import { visitParts } from '../load/document.js';
import { slot, type Memory, type Slot } from '../lib/memory.js';
import { ReferenceTable } from './references.js';

export { describeAjvError, simplifyErrors } from './ajv-errors.js';

const Ajv = AjvModule.default ?? AjvModule;

/** Part of every cache key that holds compiled schemas: another ajv may compile differently. */
export const AJV_VERSION: string = (createRequire(import.meta.url)('ajv/package.json') as { version: string }).version;
type AjvInstance = InstanceType<typeof Ajv>;
/** ajv's URI library (fast-uri). */
type Uri = typeof uriModule.default;
const uri: Uri = (uriModule as unknown as { default?: Uri }).default ?? (uriModule as unknown as Uri);
type UriResolver = Pick<Uri, 'parse' | 'resolve' | 'serialize'>;

/**
 * ajv's URI library, remembering its answers. ajv parses and resolves the same few strings (the document's
 * id, `#/components/...` against it) for every reference it compiles; this was a tenth of ajv's time. Both
 * are pure functions of their arguments, and ajv only reads what `parse` returns.
 */
function rememberingUri(): UriResolver {
  const parsed = new Map<string, ReturnType<typeof uri.parse>>();
  const resolved = new Map<string, string>();
  return {
    parse: (text: string) => {
      let p = parsed.get(text);
      if (!p) parsed.set(text, (p = uri.parse(text)));
      return p;
    },
    resolve: (base: string, path: string) => {
      const key = `${base}\0${path}`;
      let r = resolved.get(key);
      if (r === undefined) resolved.set(key, (r = uri.resolve(base, path)));
      return r;
    },
    serialize: (component: ReturnType<Uri['parse']>) => uri.serialize(component),
  };
}

export interface SchemaCompilerOptions {
  /** ajv strict mode: unknown keywords, ambiguous types and loose tuples are errors. */
  strict: boolean;
  /** Keep generated source for standalone emission. */
  source: boolean;
  /**
   * One reference table per instance (schema/references.ts; default). False: every root keeps its own, as
   * ajv does on its own (what the tests compare the shared table with).
   */
  shareReferences?: boolean;
  /** The run's memory, where what is derived from a document's parts is kept for a next run (absent: nothing is). */
  memory?: Memory;
}

/** What `memory` keeps under `key` for `slot`, or `make()` (see lib/memory.ts); without a memory, `make()`. */
function keptIn<K extends object, V>(memory: Memory | undefined, s: Slot<K, V>, key: K, make: () => V): V {
  return memory ? memory.keptIn(s, key, make) : make();
}

/**
 * `first` stops at the first error: small, fast code (result validators, example checks). `all` collects
 * every error: params validators (a -32602 lists them all) and the full report of a failing example.
 */
export type ErrorMode = 'first' | 'all';

export class SchemaCompiler {
  readonly id: string;
  private readonly document: Record<string, unknown>;
  private readonly options: SchemaCompilerOptions;
  private readonly instances = new Map<ErrorMode, AjvInstance>();
  /** Compiled schemas by key, with what ajv's strict mode said while compiling each (said again on every use). */
  private readonly cache = new Map<string, { readonly out: ValidateFunction | Error; readonly logged: readonly string[] }>();
  private bag: object | undefined;
  private facts: DocumentFacts | undefined;
  private nestedIds: boolean | undefined;
  /** Whether the document has a pattern valid only without `u` (then read so: lib/regexp.ts). */
  private legacyPatterns: boolean | undefined;
  private uri: UriResolver | undefined;
  private readonly tables = new Map<AjvInstance, ReferenceTable>();
  /** What ajv's strict mode says about schemas compiled since the last `drainWarnings()` (when not strict). */
  private warnings: string[] = [];

  constructor(id: string, document: Record<string, unknown>, options: SchemaCompilerOptions) {
    this.id = id;
    this.document = document;
    this.options = options;
  }

  private documentFacts(): DocumentFacts {
    this.facts ??= documentFacts(this.document, this.options.memory);
    return this.facts;
  }

  /** The ajv instance of a mode (standalone code must come from the instance that compiled the function). */
  ajv(mode: ErrorMode = 'first'): AjvInstance {
    let ajv = this.instances.get(mode);
    if (ajv) return ajv;
    let table: ReferenceTable | undefined;
    ajv = new Ajv({
      // Not strict: what strict mode would refuse is still said, as warnings (collected by the logger).
      strict: this.options.strict ? true : 'log',
      strictRequired: false,
      // Positional params envelopes are tuples with optional trailing items (minItems < items.length).
      strictTuples: false,
      allowUnionTypes: true,
      allErrors: mode === 'all',
      ownProperties: this.documentFacts().shadowsPrototype,
      validateFormats: false,
      uriResolver: (this.uri ??= rememberingUri()),
      // Referenced schemas become shared functions instead of being copied into every place that uses them.
      inlineRefs: false,
      // ajv's code optimizer (dropping empty branches, inlining names) takes a fifth of the compile time and
      // saves 6% of the emitted size; the validators run as fast without it (bench: validators).
      // A pattern valid only without `u` is read without it (lib/regexp.ts; warned of when loading), in a
      // document that has one (ajv's own `new RegExp` elsewhere: the emitted code stays as it was).
      code: {
        ...(this.options.source ? { source: true, esm: true } : {}),
        optimize: false,
        ...((this.legacyPatterns ??= patternsWithoutUnicode(this.document).length > 0) ? { regExp: patternRegExp } : {}),
      },
      logger: this.options.strict
        ? false
        : {
            log: () => undefined,
            warn: (...m: unknown[]) => {
              const line = m.map(String).join(' ');
              this.warnings.push(line);
              table?.log(line);
            },
            error: () => undefined,
          },
    });
    // The containers are not schemas; register their names so strict mode lets the bag through.
    for (const keyword of ['components', 'methods']) ajv.addKeyword({ keyword });
    for (const keyword of this.documentFacts().keywords) ajv.addKeyword(keyword === 'x-codec' ? CODEC_RANGE : { keyword });
    // Annotations change nothing about validity; leaving them out keeps compiled (and emitted) code small.
    const bag = (this.bag ??= strippedBag(this.id, this.document, this.options.memory));
    // Not checked against JSON Schema's meta-schema: only `$id` is a keyword of the bag, the schemas it holds
    // sit under names the meta-schema does not know (so it never looked at them), and compiling the
    // meta-schema for every instance cost more than a tenth of the schema thread.
    ajv.addSchema(bag, undefined, undefined, false);
    // ajv compiles a registered schema before it resolves a pointer into it: for the bag, a function checking
    // nothing (its only keywords are `$id` and the two containers) that nobody calls, which with `source` on
    // holds the whole bag as JSON text (15 ms per instance for a 5,000-method document). It is
    // given one instead: it is never called, and is not compiled into anything.
    const registered = ajv.schemas[this.id] as { validate?: unknown } | undefined;
    if (registered && !registered.validate) registered.validate = notAValidator;
    if (this.options.shareReferences !== false) {
      table = new ReferenceTable(`${this.id}#`, bag, ajv.RULES, (line) => this.warnings.push(line), !(this.nestedIds ??= hasNestedId(bag, this.options.memory)));
      (ajv.schemas[this.id] as { refs: object }).refs = table.forDocument();
      this.tables.set(ajv, table);
    }
    this.instances.set(mode, ajv);
    return ajv;
  }

  /** The validator for the schema at `pointer` in the bundled document; an Error when ajv rejects it. */
  compile(pointer: string, mode: ErrorMode = 'first'): ValidateFunction | Error {
    return this.compileSchema(`${mode} ${pointer}`, { $ref: `${this.id}#${pointer}` }, mode);
  }

  /** A validator for an ad-hoc schema (params envelopes) whose `$ref`s point into the document. */
  compileSchema(key: string, schema: Record<string, unknown>, mode: ErrorMode = 'first'): ValidateFunction | Error {
    const cacheKey = `${mode} ${key}`;
    const hit = this.cache.get(cacheKey);
    if (hit) {
      // What compiling it said is said again: whoever asks for a schema hears the same, first or not.
      for (const line of hit.logged) this.warnings.push(line);
      return hit.out;
    }
    const before = this.warnings.length;
    let out: ValidateFunction | Error;
    try {
      const ajv = this.ajv(mode);
      // This schema's root looks its references up in the instance's one table (schema/references.ts).
      const env = ajv._addSchema(schema, undefined, undefined, breaksMetaSchema(schema));
      const table = this.tables.get(ajv);
      if (table && !env.validate) (env as { refs: object }).refs = table.forCompile();
      out = ajv.compile(schema);
    } catch (e) {
      out = e instanceof Error ? e : new Error(String(e));
    }
    this.cache.set(cacheKey, { out, logged: this.warnings.slice(before) });
    return out;
  }

  /** Strict-mode complaints about the schemas compiled since the last call (each once), in order. */
  drainWarnings(): string[] {
    const out = [...new Set(this.warnings)];
    this.warnings = [];
    return out;
  }

  /** `$ref` to a pointer of the bundled document, for building envelopes. */
  ref(pointer: string): { $ref: string } {
    return { $ref: `${this.id}#${pointer}` };
  }
}

/** The bag's validate function (see `SchemaCompiler.ajv`): the bag is not a schema to validate with. */
function notAValidator(): boolean {
  throw new Error('internal error: the registered document was used as a schema');
}

const ANNOTATION_KEYS = new Set(['description', 'summary', '$comment']);

/**
 * A copy without prose. Only keys that are annotations wherever they appear are dropped; `title` is kept
 * because a property may be called "title". Pointers into the copy stay valid.
 */
function stripAnnotations(node: unknown, parentKey = ''): unknown {
  if (Array.isArray(node)) return node.map((v) => stripAnnotations(v));
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) if (keeps(k, v, parentKey)) out[k] = stripAnnotations(v, k);
  return out;
}

/**
 * Whether ajv's meta-schema check could refuse a schema compiled here. They are ours: `{ $ref }` to a
 * pointer, and params envelopes (`properties` of references, `required` names, a tuple of references with
 * counts). The only way one breaks the meta-schema is a `required` list naming a param twice (a method that
 * declares it twice); only then is the meta-schema compiled and asked, and its verdict is what it was.
 */
function breaksMetaSchema(node: unknown): boolean {
  if (node === null || typeof node !== 'object') return false;
  if (Array.isArray(node)) return node.some(breaksMetaSchema);
  const required = (node as Record<string, unknown>).required;
  if (Array.isArray(required) && new Set(required).size !== required.length) return true;
  return Object.values(node).some(breaksMetaSchema);
}

/** Stripped parts (see `strippedBag`), by part and whether it sits in a map of properties. */
const STRIPPED_PARTS = slot<object, unknown>('parts without annotations');
const STRIPPED_IN_MAPS = slot<object, unknown>('parts without annotations, in maps of properties');

/** `stripAnnotations(node, parentKey)` of a part, kept by the part (parts are not changed once made). */
function strippedPart(memory: Memory | undefined, node: unknown, parentKey = ''): unknown {
  if (node === null || typeof node !== 'object') return node;
  const memo = !Array.isArray(node) && (parentKey === 'properties' || parentKey === 'patternProperties') ? STRIPPED_IN_MAPS : STRIPPED_PARTS;
  return keptIn(memory, memo, node, () => stripAnnotations(node, parentKey));
}

/** Whether `stripAnnotations` keeps the entry `k` of a node under `parentKey`. */
function keeps(k: string, v: unknown, parentKey: string): boolean {
  // Inside `properties` the keys are field names, not keywords.
  const inMap = parentKey === 'properties' || parentKey === 'patternProperties';
  if (!inMap && ANNOTATION_KEYS.has(k) && typeof v === 'string') return false;
  // A schema's own `$id` is a base the bundle already resolved its references against (load/bundle.ts,
  // `rebased`): every `#` reference is the document's, here as everywhere else.
  if (!inMap && k === '$id' && typeof v === 'string') return false;
  return inMap || (k !== 'examples' && k !== 'externalDocs');
}

/**
 * `stripAnnotations({ $id, components, methods })` of a document, put together from its parts' kept copies
 * (see `visitParts`): the same copy of every part that did not change.
 */
function strippedBag(id: string, document: Record<string, unknown>, memory: Memory | undefined): object {
  const components = document.components ?? {};
  const methods = document.methods ?? [];
  const bag: Record<string, unknown> = { $id: id };
  if (components !== null && typeof components === 'object' && !Array.isArray(components)) {
    const out: Record<string, unknown> = {};
    for (const [kind, entries] of Object.entries(components)) {
      if (!keeps(kind, entries, 'components')) continue;
      if (entries !== null && typeof entries === 'object' && !Array.isArray(entries)) {
        const kindOut: Record<string, unknown> = {};
        for (const [name, c] of Object.entries(entries)) if (keeps(name, c, kind)) kindOut[name] = strippedPart(memory, c, name);
        out[kind] = kindOut;
      } else out[kind] = strippedPart(memory, entries, kind);
    }
    bag.components = out;
  } else bag.components = strippedPart(memory, components, 'components');
  bag.methods = Array.isArray(methods) ? methods.map((m) => strippedPart(memory, m)) : strippedPart(memory, methods, 'methods');
  return bag;
}

/** Whether a part holds an object with its own `$id`, by part. */
const PART_IDS = slot<object, boolean>('parts with an $id of their own');

/** Whether a schema inside the registered document has its own `$id` (ajv then resolves against it). */
function hasNestedId(bag: object, memory: Memory | undefined): boolean {
  const walk = (node: unknown): boolean => {
    if (node === null || typeof node !== 'object') return false;
    if (Array.isArray(node)) return node.some(walk);
    return Object.entries(node).some(([k, v]) => (k === '$id' && node !== bag) || walk(v));
  };
  // The bag's levels are walked, its parts' answers kept.
  const part = (node: unknown): boolean => {
    if (node === null || typeof node !== 'object') return false;
    return keptIn(memory, PART_IDS, node, () => walk(node));
  };
  const { components, methods } = bag as { components?: unknown; methods?: unknown };
  if (Array.isArray(methods) ? methods.some(part) : part(methods)) return true;
  if (components === null || typeof components !== 'object' || Array.isArray(components)) return part(components);
  for (const [kind, entries] of Object.entries(components)) {
    if (kind === '$id') return true;
    if (entries === null || typeof entries !== 'object' || Array.isArray(entries)) {
      if (part(entries)) return true;
      continue;
    }
    for (const [name, c] of Object.entries(entries)) if (name === '$id' || part(c)) return true;
  }
  return false;
}

/** `documentFacts` of each part of a document, by part. */
const PART_FACTS = slot<object, DocumentFacts>('keywords of parts');

/** Every `x-` key used anywhere in the document: custom keywords ajv must accept in schemas. */
/**
 * `x-codec` as a keyword: the range of a codec's integers, which `type: integer` does not bound (a JSON
 * number `1.2e29` is an integer, and no unsigned 64-bit one). Only a schema typed as a number is bounded (a
 * codec on a decimal string is the codec's to check), and only the validators see it: the document keeps
 * its schema, so `diff` sees no change.
 */
const CODEC_RANGES: Record<string, { above: number; words: string }> = {
  uint64: { above: 2 ** 64, words: 'an unsigned 64-bit integer (at most 18446744073709551615)' },
  'uint64-number': { above: 2 ** 64, words: 'an unsigned 64-bit integer (at most 18446744073709551615)' },
  uint32: { above: 2 ** 32, words: 'an unsigned 32-bit integer (at most 4294967295)' },
};
function codecRange(codec: unknown, parent: { type?: unknown }): { above: number; words: string } | undefined {
  if (typeof codec !== 'string' || !Object.hasOwn(CODEC_RANGES, codec)) return undefined;
  return parent.type === 'integer' || parent.type === 'number' ? CODEC_RANGES[codec] : undefined;
}
const CODEC_RANGE: KeywordDefinition = {
  keyword: 'x-codec',
  code(cxt) {
    const range = codecRange(cxt.schema, cxt.parentSchema as { type?: unknown });
    if (range) cxt.fail(_`typeof ${cxt.data} == "number" && ${cxt.data} >= ${range.above}`);
  },
  error: { message: (cxt) => str`must be ${codecRange(cxt.schema, cxt.parentSchema as { type?: unknown })?.words ?? 'in range'}` },
};

/**
 * What the compiler needs to know of the whole document: its extension keywords (registered so strict mode
 * lets them through) and whether a property name it checks is also a member of every object
 * (`constructor`, `toString`, `__proto__`, ...). ajv reads `data.constructor` to see if a property is
 * there, which finds `Object.prototype.constructor` on `{}`; for such documents the validators check own
 * properties only (ajv's `ownProperties`, a little slower, so not for every document).
 */
interface DocumentFacts {
  readonly keywords: readonly string[];
  readonly shadowsPrototype: boolean;
}

function documentFacts(document: Record<string, unknown>, memory: Memory | undefined): DocumentFacts {
  const found = new Set<string>();
  let shadowsPrototype = false;
  const walk = (node: unknown, parentKey: string, into: { keywords: Set<string>; shadows: boolean }) => {
    if (Array.isArray(node)) {
      if (parentKey === 'required' && node.some((n) => typeof n === 'string' && PROTOTYPE_MEMBERS.has(n))) into.shadows = true;
      node.forEach((v) => walk(v, '', into));
    } else if (node !== null && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) {
        if (parentKey === 'properties' || parentKey === 'dependencies' || parentKey === 'dependentRequired' || parentKey === 'dependentSchemas') {
          if (PROTOTYPE_MEMBERS.has(k)) into.shadows = true;
        } else if (k.startsWith('x-')) into.keywords.add(k);
        walk(v, k, into);
      }
    }
  };
  visitParts(
    document,
    (value) => {
      if (value === null || typeof value !== 'object') return;
      const facts = keptIn(memory, PART_FACTS, value, () => {
        const own = { keywords: new Set<string>(), shadows: false };
        walk(value, '', own);
        return { keywords: [...own.keywords], shadowsPrototype: own.shadows };
      });
      for (const k of facts.keywords) found.add(k);
      if (facts.shadowsPrototype) shadowsPrototype = true;
    },
    (level) => {
      for (const k of Object.keys(level)) if (k.startsWith('x-')) found.add(k);
    },
  );
  return { keywords: [...found].sort(), shadowsPrototype };
}
