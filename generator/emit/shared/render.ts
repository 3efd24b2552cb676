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
import { besideBundle } from '../../lib/root.js';
import { tidy, tidyPieces } from './markdown.js';
import { flat } from '../../lib/flat.js';
import type { Memory } from '../../lib/memory.js';
import { CODE_WIDTH, printProperty } from './literal.js';

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
 * The same templates give the same renderer, which keeps what it rendered (see `renderer`).
 */
export function compileTemplates(templates: ReadonlyMap<string, string>, memory: Memory, cacheDir?: string): Render {
  const sources: string[] = [];
  for (const [path, source] of templates) if (path.startsWith(DIR) && path.endsWith('.hbs')) sources.push(path, source);
  // (Compared as one text: the templates of one run and the next are new strings with the same contents.)
  const key = sources.join('\0');
  // The renderer of the last templates compiled, in the run's memory (what it rendered is kept in it).
  const last = memory.recall<{ readonly key: string; readonly render: Render }>(RENDERER);
  if (last?.key === key) return last.render;
  const render = renderer(templates, memory, cacheDir);
  memory.remember(RENDERER, { key, render });
  return render;
}

const RENDERER = 'docs renderer';

/**
 * A renderer of compiled templates. A view is plain data that is not changed once made, so what a template
 * makes of a view object is kept under it: a view kept by the docs emitter (a method's section) or found
 * equal to last run's (a page whose facts did not change) is not rendered again.
 */
function renderer(templates: ReadonlyMap<string, string>, memory: Memory, cacheDir?: string): Render {
  const hb = Handlebars.create();
  // `{{{tsProperty "key" value 4}}}`: `key: value` as TypeScript at that indent, laid out as Prettier would.
  hb.registerHelper('tsProperty', (key: unknown, value: unknown, indent: unknown) => printProperty(String(key), value, { indent: Number(indent), tail: 1, width: CODE_WIDTH }));
  // An explicit heading id (`{#id}`); written as a helper because `{#{{id}}}` would read as `{{{`.
  hb.registerHelper('hid', (id: unknown) => `{#${String(id)}}`);
  // `{{join list}}`: the items with ", " between them (or the separator given).
  hb.registerHelper('join', (list: unknown, sep: unknown) => (Array.isArray(list) ? list.join(typeof sep === 'string' ? sep : ', ') : ''));
  const compiled = new Map<string, Handlebars.TemplateDelegate>();
  const memoized = new Map<string, Handlebars.TemplateDelegate>();
  for (const [path, source] of templates) {
    if (!path.startsWith(DIR) || !path.endsWith('.hbs')) continue;
    const name = path.slice(path.startsWith(PARTIALS) ? PARTIALS.length : DIR.length, -'.hbs'.length);
    // The spec is handlebars' own output for our own templates: an object literal of functions.
    const spec = new Function(`return ${precompiled(source, cacheDir)};`)() as TemplateSpecification;
    const template = hb.template(spec);
    if (path.startsWith(PARTIALS)) {
      const partial = name.replace(/\.md$/, '');
      if (MEMOIZED_PARTIALS.has(partial)) {
        const kept = memoizedPartial(partial, template, memory);
        memoized.set(partial, kept);
        hb.registerPartial(partial, kept);
      } else hb.registerPartial(partial, template);
    } else compiled.set(name, template);
  }
  const rendered = new WeakMap<object, Map<string, string>>();
  return (name, view) => {
    const template = compiled.get(name);
    if (!template) throw new Error(`missing template ${DIR}${name}.hbs`);
    // (A run that keeps nothing renders each page whole: see lib/memory.ts.)
    const keep = memory.keeping && view !== null && typeof view === 'object';
    let byName = keep ? rendered.get(view) : undefined;
    const kept = byName?.get(name);
    if (kept !== undefined) return kept;
    const text = (keep && name.endsWith('.md') && splicedRender(name, template, view, memoized, memory)) || (name.endsWith('.md') ? tidy(template(view)) : template(view));
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
const MEMOIZED_PARTIALS = new Set(['method', 'method-index-row']);

/**
 * Lists of a page's view rendered item by item through a memoized partial (a page's methods, its method
 * index), marked by the view (see `spliceable`): a page is put together from the items' kept renderings.
 */
const spliceables = new WeakSet<object>();

/** `list`, marked as a list whose items the page renders each through a memoized partial. */
export function spliceable<T extends readonly unknown[]>(list: T): T {
  spliceables.add(list);
  return list;
}

/** Stand-ins for the items of lists during a probe render (see `splicedRender`): their list and place. */
const sentinels = new Map<object, { readonly list: number; readonly index: number }>();
/** The partial that rendered each stand-in in the probe under way, by stand-in. */
const renderedBy = new Map<object, string>();

function token(list: number, index: number): string {
  return `\u0000noderpc-item-${list}-${index}\u0000`;
}

/**
 * A page put together from its marked lists' kept items: the page is rendered once with three stand-ins
 * for each list, each of which its memoized partial renders as a token of its own. What lies before the
 * first token, between tokens and after the last is the page around the list and between two items (the
 * same between the first two and the last two, all three rendered by one memoized partial, or the list is
 * not rendered item by item and the page is rendered whole); the page is that text with each item's kept
 * rendering in place of a token, tidied piece by piece (an item's scan is kept too). `undefined` when the
 * view has no such list, or the probe shows the page does not render it so.
 */
function splicedRender(name: string, template: Handlebars.TemplateDelegate, view: object, memoized: ReadonlyMap<string, Handlebars.TemplateDelegate>, memory: Memory): string | undefined {
  const lists = Object.entries(view).filter(([, v]) => Array.isArray(v) && v.length > 0 && spliceables.has(v)) as [string, readonly object[]][];
  if (!lists.length) return undefined;
  const probe: Record<string, unknown> = { ...(view as Record<string, unknown>) };
  const stand = lists.map(([key], list) => {
    const three = [0, 1, 2].map((index) => {
      const s = {};
      sentinels.set(s, { list, index });
      return s;
    });
    probe[key] = three;
    return three;
  });
  let out: string;
  let partials: (string | undefined)[];
  try {
    out = template(probe);
    partials = stand.map((three) => {
      const names = new Set(three.map((s) => renderedBy.get(s)));
      return names.size === 1 ? [...names][0] : undefined;
    });
  } finally {
    for (const three of stand) for (const s of three) sentinels.delete(s);
    renderedBy.clear();
  }
  const found = lists.map(([, items], list) => {
    const tokens = [0, 1, 2].map((index) => token(list, index));
    return { items, list, tokens, at: tokens.map((t) => out.indexOf(t)) };
  });
  found.sort((a, b) => a.at[0]! - b.at[0]!);
  const pieces: string[] = [];
  const isItem: boolean[] = [];
  const push = (text: string, item: boolean) => {
    pieces.push(text);
    isItem.push(item);
  };
  let cursor = 0;
  for (const { items, list, tokens, at } of found) {
    const name = partials[list];
    const render = name === undefined ? undefined : memoized.get(name);
    // Each token once, in order, after what came before, and the same text between the first two and the last two.
    if (!render || at[0]! < cursor || at[1]! < at[0]! || at[2]! < at[1]! || tokens.some((t, i) => out.indexOf(t, at[i]! + 1) !== -1)) return undefined;
    const between = out.slice(at[0]! + tokens[0]!.length, at[1]);
    if (out.slice(at[1]! + tokens[1]!.length, at[2]) !== between) return undefined;
    push(out.slice(cursor, at[0]), false);
    items.forEach((item, i) => {
      if (i) push(between, false);
      push(render(item), true);
    });
    cursor = at[2]! + tokens[2]!.length;
  }
  push(out.slice(cursor), false);
  // Each page's scans are kept by the page (its template and, when its view names it, its path).
  const page = (view as { page?: unknown }).page;
  return tidyPieces(pieces, (_, i) => isItem[i]!, memory, typeof page === 'string' ? `${name}\0${page}` : name);
}

/** A partial rendering each context object once (contexts are views: not changed once made). */
function memoizedPartial(name: string, template: Handlebars.TemplateDelegate, memory: Memory): Handlebars.TemplateDelegate {
  const rendered = new WeakMap<object, string>();
  return (context: unknown, options?: Handlebars.RuntimeOptions) => {
    const sentinel = context !== null && typeof context === 'object' ? sentinels.get(context) : undefined;
    if (sentinel) {
      renderedBy.set(context as object, name);
      return token(sentinel.list, sentinel.index);
    }
    if (context === null || typeof context !== 'object' || !memory.keeping) return template(context, options);
    let out = rendered.get(context);
    if (out === undefined) rendered.set(context, (out = flat(template(context, options))));
    return out;
  };
}

type TemplateSpecification = Parameters<typeof Handlebars.template>[0];
