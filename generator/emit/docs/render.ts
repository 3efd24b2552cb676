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
import { join } from 'node:path';
import Handlebars from 'handlebars';
import { besideBundle } from '../../root.js';
import { tidy } from './markdown.js';
import { flat } from '../../incremental.js';
import { CODE_WIDTH, printProperty } from '../literal.js';

const DIR = 'templates/docs/';
const PARTIALS = `${DIR}partials/`;
const OPTIONS = { noEscape: true, strict: true, preventIndent: true } as const;

export type Render = (name: string, view: unknown) => string;

/** Precompiled template specs (JavaScript source) by content key. */
const memo = new Map<string, string>();

type CompileOptions = Parameters<typeof Handlebars.precompile>[1];

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
  return Handlebars.precompile(source, { ...options }) as string;
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
 * The same templates give the same renderer, which keeps what it rendered (see `renderer`).
 */
export function compileTemplates(templates: ReadonlyMap<string, string>, cacheDir?: string): Render {
  const sources: string[] = [];
  for (const [path, source] of templates) if (path.startsWith(DIR) && path.endsWith('.hbs')) sources.push(path, source);
  // (Compared as one text: the templates of one run and the next are new strings with the same contents.)
  const key = sources.join('\0');
  if (lastRenderer?.key !== key) lastRenderer = { key, render: renderer(templates, cacheDir) };
  return lastRenderer.render;
}

/** The renderer of the last templates compiled. */
let lastRenderer: { readonly key: string; readonly render: Render } | undefined;

/**
 * A renderer of compiled templates. A view is plain data that is not changed once made, so what a template
 * makes of a view object is kept under it: a view kept by the docs emitter (a method's section) or found
 * equal to last run's (a page whose facts did not change) is not rendered again.
 */
function renderer(templates: ReadonlyMap<string, string>, cacheDir?: string): Render {
  const hb = Handlebars.create();
  // `{{{tsProperty "key" value 4}}}`: `key: value` as TypeScript at that indent, laid out as Prettier would.
  hb.registerHelper('tsProperty', (key: unknown, value: unknown, indent: unknown) => printProperty(String(key), value, { indent: Number(indent), tail: 1, width: CODE_WIDTH }));
  // An explicit heading id (`{#id}`); written as a helper because `{#{{id}}}` would read as `{{{`.
  hb.registerHelper('hid', (id: unknown) => `{#${String(id)}}`);
  // `{{join list}}`: the items with ", " between them (or the separator given).
  hb.registerHelper('join', (list: unknown, sep: unknown) => (Array.isArray(list) ? list.join(typeof sep === 'string' ? sep : ', ') : ''));
  const compiled = new Map<string, Handlebars.TemplateDelegate>();
  for (const [path, source] of templates) {
    if (!path.startsWith(DIR) || !path.endsWith('.hbs')) continue;
    const name = path.slice(path.startsWith(PARTIALS) ? PARTIALS.length : DIR.length, -'.hbs'.length);
    // The spec is handlebars' own output for our own templates: an object literal of functions.
    const spec = new Function(`return ${precompiled(source, cacheDir)};`)() as TemplateSpecification;
    const template = hb.template(spec);
    if (path.startsWith(PARTIALS)) {
      const partial = name.replace(/\.md$/, '');
      hb.registerPartial(partial, MEMOIZED_PARTIALS.has(partial) ? memoizedPartial(template) : template);
    } else compiled.set(name, template);
  }
  const rendered = new WeakMap<object, Map<string, string>>();
  return (name, view) => {
    const template = compiled.get(name);
    if (!template) throw new Error(`missing template ${DIR}${name}.hbs`);
    const keep = view !== null && typeof view === 'object';
    let byName = keep ? rendered.get(view) : undefined;
    const kept = byName?.get(name);
    if (kept !== undefined) return kept;
    const out = template(view);
    const text = name.endsWith('.md') ? tidy(out) : out;
    if (keep) {
      if (!byName) rendered.set(view, (byName = new Map()));
      byName.set(name, text);
    }
    return text;
  };
}

/**
 * Partials whose output follows from their context alone (they read no `@` data, no `../`, and call only pure
 * helpers and such partials): a method's section is one, and a page lists every method of its group, so a
 * process that renders again (the watch loop) renders only the methods whose views are new objects.
 */
const MEMOIZED_PARTIALS = new Set(['method']);

/** A partial rendering each context object once (contexts are views: not changed once made). */
function memoizedPartial(template: Handlebars.TemplateDelegate): Handlebars.TemplateDelegate {
  const rendered = new WeakMap<object, string>();
  return (context: unknown, options?: Handlebars.RuntimeOptions) => {
    if (context === null || typeof context !== 'object') return template(context, options);
    let out = rendered.get(context);
    if (out === undefined) rendered.set(context, (out = flat(template(context, options))));
    return out;
  };
}

type TemplateSpecification = Parameters<typeof Handlebars.template>[0];
