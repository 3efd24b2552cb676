/**
 * generated/docs: markdown pages built from the model (an index with the conventions, a page per service or
 * per namespace of a service with several, a page of shared types) and the docs site's config, all
 * rendered through templates/docs. Everything is written as emitted, no formatter runs: code in pages and
 * the site config is laid out as Prettier would lay it out (emit/literal.ts; a test holds the config to
 * it), and the markdown is in its final form.
 */
import type { Memory } from '../../lib/memory.js';
import type { OutputFile } from '../../lib/output-file.js';
import type { Emitter } from '../shared/types.js';
import { compileTemplates } from '../shared/render.js';
import { AVAILABILITY_PAGE, ERRORS_PAGE, INDEX_PAGE, Site, TYPES_PAGE } from './site.js';
import { Views } from './view.js';
import { MethodVersions } from './versions.js';
import { keptObjectJson, nestedJson, objectJson } from '../shared/json-text.js';
import type { TryService } from '../../../tools/docs/try.js';

export const DOCS_DIR = 'docs';
const THEME_DIR = `${DOCS_DIR}/.vitepress/theme`;
const THEME_TEMPLATES = 'templates/docs/theme/';
const CONSOLE_CORE = 'tools/docs/try.ts';

/**
 * The site's theme, copied as written: templates/docs/theme (the console component, its styles, the theme
 * entry) and the console's logic from tools/docs/try.ts (tested there, shared with the static samples).
 */
function themeFiles(templates: ReadonlyMap<string, string>, runtime: ReadonlyMap<string, string>): OutputFile[] {
  const files: OutputFile[] = [];
  for (const [path, source] of templates) if (path.startsWith(THEME_TEMPLATES)) files.push({ path: `${THEME_DIR}/${path.slice(THEME_TEMPLATES.length)}`, contents: source });
  const core = runtime.get(CONSOLE_CORE);
  if (core === undefined) throw new Error(`missing ${CONSOLE_CORE}: the docs console's logic is copied from it`);
  files.push({ path: `${THEME_DIR}/try-core.ts`, contents: core });
  return files.sort((a, b) => (a.path < b.path ? -1 : 1));
}

/**
 * `JSON.stringify(data, null, 2)` of a service's console data, the methods' entries from their kept texts
 * (emit/json-text.ts): only a method whose data changed is written again.
 */
function tryJson(memory: Memory, data: TryService, slot: string): string {
  const entries: (readonly [string, string])[] = [];
  for (const [k, v] of Object.entries(data)) {
    if (v === undefined) continue;
    if (k === 'methods') entries.push([k, keptObjectJson(memory, slot, Object.entries(v as TryService['methods']), 1)]);
    else entries.push([k, nestedJson(v, 2, 1)!]);
  }
  return objectJson(entries, 2, 0);
}

export const docsEmitter: Emitter = {
  name: 'docs',
  emit(ctx) {
    const render = compileTemplates(ctx.templates, ctx.memory, ctx.cacheDir && `${ctx.cacheDir}/handlebars`);
    const site = new Site(ctx.model);
    const views = new Views(ctx.config, site, ctx.releases && new MethodVersions(ctx.releases), ctx.memory);
    // A page's view equal to last run's is last run's object, which the renderer has rendered already.
    const view = <T>(path: string, made: T): T => ctx.memory.stable(`docs view ${path}`, made);
    const page = (path: string, template: string, made: unknown): OutputFile => ({ path: `${DOCS_DIR}/${path}`, contents: render(template, view(path, made)) });
    const files: OutputFile[] = [
      page(INDEX_PAGE, 'index.md', views.indexPage()),
      page(TYPES_PAGE, 'types.md', views.typesPage()),
      page(AVAILABILITY_PAGE, 'availability.md', views.availabilityPage()),
      page(ERRORS_PAGE, 'errors.md', views.errorsPage()),
    ];
    for (const service of ctx.model.services) {
      files.push(page(site.servicePage(service), 'service.md', views.servicePage(service)));
      if (!site.isSplit(service)) continue;
      for (const ns of service.namespaces) files.push(page(site.namespacePage(service, ns), 'namespace.md', views.namespacePage(service, ns)));
    }
    files.push({ path: `${DOCS_DIR}/.vitepress/config.mts`, contents: render('vitepress.config.mts', view('.vitepress/config.mts', views.siteConfig())) });
    files.push(...themeFiles(ctx.templates, ctx.runtime));
    // What each method page's console loads: one file per service.
    for (const service of ctx.model.services) files.push({ path: `${THEME_DIR}/try/${service.name}.json`, contents: `${tryJson(ctx.memory, views.tryData(service), `try ${service.name}`)}\n` });
    return files;
  },
};
