/**
 * Branded string types from `x-brand` (spec/README.md, "Branded IDs"): a string schema with a `pattern`
 * and `x-brand: NodeID` is, in TypeScript, `NodeID`: a string that an ID of another brand is not assignable
 * to (the brand is an optional property of a distinct literal type, so plain text still is), with a
 * checked constructor (`nodeId(text)`) and a guard (`isNodeId(value)`) made from the pattern. Any document
 * may use the keyword; one without it gets none of this.
 */
import randexpModule from 'randexp';
import type { Diagnostic } from '../lib/diagnostics.js';
import { blockCommentText } from '../lib/escape.js';
import type { ServiceModel } from '../model/index.js';
import { isSchemaObject } from './resolve.js';

interface RandExp {
  max: number;
  randInt: (min: number, max: number) => number;
  gen(): string;
}
const RandExp = ((randexpModule as unknown as { default?: unknown }).default ?? randexpModule) as unknown as new (pattern: string) => RandExp;

export interface Brand {
  /** The type's name, the keyword's value (`NodeID`). */
  readonly name: string;
  readonly pattern: string;
  /** The form in words: the schema's description, else its title, else the brand. */
  readonly form: string;
  /** Values the pattern matches, shortest and longest choices (what the constructor's errors compare with). */
  readonly samples: readonly string[];
  /** Where it was first declared, for messages. */
  readonly origin: string;
}

const BRAND_NAME = /^[A-Z][A-Za-z0-9_]*$/;

/** Every `x-brand` in the documents, checked; a bad one is a problem and leaves its schema unbranded. */
export function collectBrands(services: readonly ServiceModel[]): { brands: Map<string, Brand>; problems: Diagnostic[] } {
  const brands = new Map<string, Brand>();
  const problems: Diagnostic[] = [];
  for (const service of services) {
    walk(service.document, '', (schema, pointer) => {
      const made = brandOf(schema, `${service.source}#${pointer}`);
      if (typeof made === 'string') {
        problems.push({ code: 'brand-invalid', message: made, file: service.source, pointer });
        return;
      }
      const existing = brands.get(made.name);
      if (existing && existing.pattern !== made.pattern) {
        problems.push({
          code: 'brand-invalid',
          message: `x-brand ${made.name} is declared with two patterns: ${existing.pattern} (${existing.origin}) and ${made.pattern}. One brand has one form: give one of them another name.`,
          file: service.source,
          pointer,
        });
      } else if (!existing) brands.set(made.name, made);
    });
  }
  return { brands, problems };
}

/** The brand a schema declares, or what is wrong with its declaration. */
function brandOf(schema: Record<string, unknown>, origin: string): Brand | string {
  const name = schema['x-brand'];
  if (typeof name !== 'string' || !BRAND_NAME.test(name)) {
    return `x-brand must be a type name (a capital letter, then letters, digits or _), got ${JSON.stringify(name)}.`;
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (!types.includes('string') || types.some((t) => t !== 'string' && t !== 'null')) return `x-brand ${name} needs a schema of type string (or [string, null]).`;
  if (typeof schema.pattern !== 'string') return `x-brand ${name} needs a pattern: the constructor checks values with it.`;
  if (schema['x-codec'] !== undefined) return `x-brand ${name} and x-codec cannot be on one schema: a brand is a string as sent.`;
  let regex: RegExp;
  try {
    regex = new RegExp(schema.pattern, 'u');
  } catch (e) {
    return `x-brand ${name}: its pattern is not a regular expression (${(e as Error).message}).`;
  }
  const samples = sampleValues(schema.pattern).filter((s) => regex.test(s));
  if (samples.length === 0) return `x-brand ${name}: no value matching its pattern ${schema.pattern} could be made, so its errors could not point at the wrong part.`;
  const text = typeof schema.description === 'string' ? schema.description : typeof schema.title === 'string' ? schema.title : name;
  return { name, pattern: schema.pattern, form: text.replace(/\s+/g, ' ').trim(), samples, origin };
}

function sampleValues(pattern: string): string[] {
  const out = new Set<string>();
  for (const draw of [(a: number) => a, (_: number, b: number) => b]) {
    try {
      const gen = new RandExp(pattern);
      gen.max = 64;
      gen.randInt = draw;
      out.add(gen.gen());
    } catch {
      // (A pattern randexp cannot read: no sample from it.)
    }
  }
  return [...out];
}

function walk(node: unknown, pointer: string, visit: (schema: Record<string, unknown>, pointer: string) => void): void {
  if (Array.isArray(node)) node.forEach((v, i) => walk(v, `${pointer}/${i}`, visit));
  else if (isSchemaObject(node)) {
    if ('x-brand' in node) visit(node, pointer);
    for (const [k, v] of Object.entries(node)) walk(v, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, visit);
  }
}

/** `NodeID` → `nodeId`, `CB58ID` → `cb58Id`, `ChainAddress` → `chainAddress`. */
export function brandFunctionName(brand: string): string {
  const words = brand.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z0-9]+|[0-9]+|_/g) ?? [brand];
  return words.map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1).toLowerCase())).join('').replace(/_/g, '');
}

/** The constructor's and the guard's names: `nodeId`, `isNodeId`. */
export function brandFunctions(brand: string): { make: string; is: string } {
  const make = brandFunctionName(brand);
  return { make, is: `is${make[0]!.toUpperCase()}${make.slice(1)}` };
}

/** The declarations (types.d.ts) and JavaScript (types.js) of the brands, by name. */
export function brandCode(brands: ReadonlyMap<string, Brand>, runtimePath: string): { dts: string; js: string } {
  if (brands.size === 0) return { dts: '', js: '' };
  const dts: string[] = [];
  const js: string[] = [`import { checkBrand } from '${runtimePath}';`];
  for (const b of [...brands.values()].sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0))) {
    const { make, is } = brandFunctions(b.name);
    const a = /^[AEIOU]/.test(b.name) ? 'an' : 'a';
    const doc = blockCommentText(b.form);
    const regex = `new RegExp(${JSON.stringify(b.pattern)}, 'u')`;
    dts.push(
      `/**\n * ${doc}\n *\n * Results carry it, and an ID of another brand is a type error where it is wanted; text from elsewhere is\n * accepted as it is, or checked first with \`${make}(text)\`.\n */\nexport type ${b.name} = string & { readonly __brand?: ${JSON.stringify(b.name)} };`,
      `/** \`text\` as ${a} ${b.name}, checked against the pattern ${blockCommentText(b.pattern)}; a TypeError names the part that does not fit. */\nexport declare function ${make}(text: string): ${b.name};`,
      `/** Whether \`value\` is ${a} ${b.name} (a string matching ${blockCommentText(b.pattern)}). */\nexport declare function ${is}(value: unknown): value is ${b.name};`,
    );
    js.push(
      `/** \`text\` as ${a} ${b.name}, checked against its pattern. */\nexport function ${make}(text) {\n  return checkBrand(text, ${JSON.stringify(b.name)}, ${regex}, ${JSON.stringify(b.form)}, ${JSON.stringify(b.samples)});\n}`,
      `/** Whether \`value\` is ${a} ${b.name}. */\nexport function ${is}(value) {\n  return typeof value === 'string' && ${regex}.test(value);\n}`,
    );
  }
  return { dts: dts.join('\n\n'), js: js.join('\n\n') };
}
