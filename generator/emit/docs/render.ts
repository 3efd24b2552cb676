/**
 * Handlebars for the docs: one environment per run, every template compiled once. Templates produce
 * markdown, so nothing is HTML-escaped: views hand over ready-made, already-escaped fragments.
 *
 * Compiling is the slowest part of the docs (handlebars' compiler, cold, costs more than rendering every
 * page), so compiled templates are kept by content: in memory for watch mode, in `cacheDir` across runs, and,
 * for the generator's own templates, in the bundle (`handlebars/` beside it, written when it is built), so a
 * run without a cache does not compile them either.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type HandlebarsCompiler from 'handlebars';
import HandlebarsRuntime from 'handlebars/runtime.js';
import { besideBundle } from '../../root.js';
import { tidy } from './markdown.js';
import { CODE_WIDTH, printProperty } from '../literal.js';

const DIR = 'templates/docs/';
const PARTIALS = `${DIR}partials/`;
const OPTIONS = { noEscape: true, strict: true, preventIndent: true } as const;

export type Render = (name: string, view: unknown) => string;

/** Precompiled template specs (JavaScript source) by content key. */
const memo = new Map<string, string>();

type CompileOptions = Parameters<typeof HandlebarsCompiler.precompile>[1];

/**
 * handlebars' runtime: what running a precompiled template needs. The compiler (the whole library, with
 * its parser and source-map: 44 modules, about twice the runtime's load time) is required only when a
 * template has no spec yet, which a run from the bundle never meets for the generator's own templates.
 */
const Handlebars = HandlebarsRuntime as unknown as typeof HandlebarsCompiler;
let compiler: typeof HandlebarsCompiler | undefined;

/** How the package README is compiled (it is HTML-escaped nowhere either, but not strict). */
export const README_TEMPLATE = 'templates/package/README.md.hbs';
export const README_OPTIONS = { noEscape: true } as const;

function specKey(source: string, options: CompileOptions = OPTIONS): string {
  return createHash('sha256').update(`${Handlebars.VERSION}\0${JSON.stringify(options)}\0${source}`).digest('hex');
}

/**
 * handlebars' spec of `source`. precompile writes its defaults into the options it is given (`data: true`):
 * handed the shared object, every key made after the first compile of a process would differ from the same
 * template's key before it, and the specs the bundle carries would be looked up under keys they are not
 * stored by.
 */
function specOf(source: string, options: CompileOptions): string {
  compiler ??= createRequire(import.meta.url)('handlebars') as typeof HandlebarsCompiler;
  return compiler.precompile(source, { ...options }) as string;
}

function readSpec(dir: string, key: string): string | undefined {
  try {
    return readFileSync(join(dir, `${key}.js`), 'utf8');
  } catch {
    return undefined;
  }
}

function precompiled(source: string, cacheDir: string | undefined, options: CompileOptions = OPTIONS): string {
  const key = specKey(source, options);
  let spec = memo.get(key);
  if (spec === undefined) {
    const dir = besideBundle('handlebars');
    if (dir) spec = readSpec(dir, key);
  }
  if (spec === undefined && cacheDir) spec = readSpec(cacheDir, key);
  if (spec === undefined) {
    spec = specOf(source, options);
    if (cacheDir) {
      try {
        mkdirSync(cacheDir, { recursive: true });
        const tmp = join(cacheDir, `${key}.${process.pid}.tmp`);
        writeFileSync(tmp, spec);
        renameSync(tmp, join(cacheDir, `${key}.js`));
      } catch {
        // A cache that cannot be written only costs time.
      }
    }
  }
  memo.set(key, spec);
  return spec;
}

/** At build time: the specs of the docs templates in `templates` (path → text), into `dir` by content key. */
export function writeTemplateSpecs(templates: ReadonlyMap<string, string>, dir: string): void {
  mkdirSync(dir, { recursive: true });
  for (const [path, source] of templates) {
    if (path.startsWith(DIR) && path.endsWith('.hbs')) writeFileSync(join(dir, `${specKey(source)}.js`), specOf(source, OPTIONS));
    if (path === README_TEMPLATE) writeFileSync(join(dir, `${specKey(source, README_OPTIONS)}.js`), specOf(source, README_OPTIONS));
  }
}

/**
 * The package README's template, compiled as `Handlebars.compile(source, README_OPTIONS)` would compile it,
 * from the spec the bundle carries when it is the generator's own template.
 */
export function readmeTemplate(source: string, cacheDir?: string): Handlebars.TemplateDelegate {
  const spec = new Function(`return ${precompiled(source, cacheDir, README_OPTIONS)};`)() as TemplateSpecification;
  return Handlebars.template(spec);
}

/**
 * Compile the docs templates in `templates` (path → text); `render('index.md', view)` uses
 * `templates/docs/index.md.hbs`, and every `templates/docs/partials/<name>.md.hbs` is the partial `<name>`.
 */
export function compileTemplates(templates: ReadonlyMap<string, string>, cacheDir?: string): Render {
  const hb = Handlebars.create();
  // `{{{tsProperty "key" value 4}}}`: `key: value` as TypeScript at that indent, laid out as Prettier would.
  hb.registerHelper('tsProperty', (key: unknown, value: unknown, indent: unknown) => printProperty(String(key), value, { indent: Number(indent), tail: 1, width: CODE_WIDTH }));
  // An explicit heading id (`{#id}`); written as a helper because `{#{{id}}}` would read as `{{{`.
  hb.registerHelper('hid', (id: unknown) => `{#${String(id)}}`);
  // `{{join list}}`: the items with ", " between them (or the separator given).
  hb.registerHelper('join', (list: unknown, sep: unknown) => (Array.isArray(list) ? list.join(typeof sep === 'string' ? sep : ', ') : ''));
  const compiled = new Map<string, Handlebars.TemplateDelegate>();
  const sources: string[] = [];
  for (const [path, source] of templates) {
    if (!path.startsWith(DIR) || !path.endsWith('.hbs')) continue;
    const name = path.slice(path.startsWith(PARTIALS) ? PARTIALS.length : DIR.length, -'.hbs'.length);
    // The spec is handlebars' own output for our own templates: an object literal of functions.
    const spec = new Function(`return ${precompiled(source, cacheDir)};`)() as TemplateSpecification;
    const template = hb.template(spec);
    sources.push(path, source);
    if (path.startsWith(PARTIALS)) {
      const partial = name.replace(/\.md$/, '');
      hb.registerPartial(partial, MEMOIZED_PARTIALS.has(partial) ? memoizedPartial(partial, template) : template);
    } else compiled.set(name, template);
  }
  // The memo of a run with other templates is of no use: it holds the last run's renderings with these.
  const templatesKey = JSON.stringify(sources);
  if (partialMemo.templates !== templatesKey) partialMemo.previous = new Map();
  else partialMemo.previous = partialMemo.current;
  partialMemo.templates = templatesKey;
  partialMemo.current = new Map();
  return (name, view) => {
    const template = compiled.get(name);
    if (!template) throw new Error(`missing template ${DIR}${name}.hbs`);
    const out = template(view);
    return name.endsWith('.md') ? tidy(out) : out;
  };
}

/**
 * Partials whose output follows from their context alone (they read no `@` data, no `../`, and call only pure
 * helpers and such partials): a method's section is one, and a page lists every method of its group, so a
 * process that renders again (the watch loop) renders only the methods whose views changed.
 */
const MEMOIZED_PARTIALS = new Set(['method']);

/**
 * Renderings of memoized partials by partial and context (as JSON, which a view is: plain data), for the
 * templates of the last run: those of the run before (`previous`) and those of this run (`current`), so that
 * what no page uses any more is let go.
 */
const partialMemo: { templates: string; previous: Map<string, string>; current: Map<string, string> } = { templates: '', previous: new Map(), current: new Map() };

function memoizedPartial(name: string, template: Handlebars.TemplateDelegate): Handlebars.TemplateDelegate {
  return (context: unknown, options?: Handlebars.RuntimeOptions) => {
    const key = `${name}\0${JSON.stringify(context)}`;
    let out = partialMemo.current.get(key) ?? partialMemo.previous.get(key);
    if (out === undefined) out = template(context, options);
    partialMemo.current.set(key, out);
    return out;
  };
}

type TemplateSpecification = Parameters<typeof Handlebars.template>[0];
