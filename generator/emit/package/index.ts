/**
 * What makes generated/client a package: its package.json (ESM, exports map, types, sideEffects: false),
 * its README (from templates/package/README.md.hbs), and the hand-written runtime shipped inside it as
 * `.js` + `.d.ts`.
 */
import { CONFIG_FILE, exampleBaseUrl, type Config } from '../../config/index.js';
import { brandFunctions, collectBrands } from '../../schema/brands.js';
import { pascalCase } from '../../schema/ts-names.js';
import type { ExampleModel, MethodModel, Model, ServiceModel } from '../../model/index.js';
import { clientVariable } from '../shared/client-names.js';
import type { OutputFile } from '../../lib/output-file.js';
import { EmitProblems, packageContext, type PackageContext } from '../shared/context.js';
import { sourceModules } from '../shared/ts-module.js';
import { ExamplePrinter } from '../shared/examples.js';
import { alignedTable, tidy } from '../shared/markdown.js';
import { CODE_WIDTH, Raw } from '../shared/literal.js';
import type { EmitContext, Emitter } from '../shared/types.js';
import { PACKAGE_DIR } from '../shared/paths.js';
import { README_TEMPLATE, readmeTemplate } from '../shared/render.js';

const IGNORED = /(^|\/)(tsconfig\.json|.*\.test\.ts)$/;

/** Whether a runtime source goes into the package, given which outputs are emitted. */
export function shipsRuntime(path: string, emits: (output: string) => boolean): boolean {
  if (IGNORED.test(path)) return false;
  // The server and mock runtimes ship only with the server and mock outputs.
  if (/^runtime\/server\//.test(path) && !emits('server')) return false;
  if (/^runtime\/mock\//.test(path) && !emits('mock')) return false;
  // The Python and Go runtimes are copied into their own packages.
  if (/^runtime\/(python|go)\//.test(path)) return false;
  // What the tool runs but does not ship (tools/: the proxy, the docs console) never goes in.
  return path.startsWith('runtime/');
}

export async function emitPackage(ctx: EmitContext): Promise<OutputFile[]> {
  const pc = await packageContext(ctx);
  const files: OutputFile[] = [];
  const emits = (output: string) => ctx.config.emit.includes(output);
  const shipped = new Map<string, string>();
  for (const [path, source] of ctx.runtime) if (shipsRuntime(path, emits)) shipped.set(`${PACKAGE_DIR}/${path}`, source);
  files.push(...(await sourceModules(shipped, ctx.cacheDir && `${ctx.cacheDir}/transpile`)));

  const entry = (p: string) => ({ types: `./${p}.d.ts`, default: `./${p}.js` });
  const project = ctx.config.package;
  const links = projectLinks(ctx.config);
  const pkg = {
    name: project.name,
    // With a release record the version is the last release's, derived from the spec's changes.
    version: ctx.releases?.version ?? project.version,
    description: project.description,
    ...(project.license ? { license: project.license } : {}),
    ...(links.repository ? { repository: { type: 'git', url: links.repository.git } } : {}),
    ...(links.homepage ? { homepage: links.homepage } : {}),
    ...(links.repository?.issues ? { bugs: { url: links.repository.issues } } : {}),
    type: 'module',
    sideEffects: false,
    main: './index.js',
    types: './index.d.ts',
    exports: {
      '.': entry('index'),
      './types': entry('types'),
      './services': entry('services'),
      './runtime': entry('runtime/index'),
      './methods/*': entry('methods/*'),
      './namespaces/*': entry('namespaces/*'),
      ...(emits('validators') && emits('client') ? { './validators': entry('validators') } : {}),
      ...(emits('validators') ? { './validators/*': entry('validators/*') } : {}),
      ...(emits('server') ? { './server': entry('server/index') } : {}),
      ...(emits('mock') ? { './mock': entry('mock/index') } : {}),
      './package.json': './package.json',
    },
    engines: { node: '>=20' },
    peerDependencies: { ws: '^8.0.0' },
    peerDependenciesMeta: { ws: { optional: true } },
  };
  files.push({ path: `${PACKAGE_DIR}/package.json`, contents: `${JSON.stringify(pkg, null, 2)}\n` });

  const template = ctx.templates.get(README_TEMPLATE);
  if (!template) throw new Error(`${README_TEMPLATE} is missing`);
  files.push({ path: `${PACKAGE_DIR}/README.md`, contents: await readme(ctx, pc, template) });
  if (ctx.releases) files.push({ path: `${PACKAGE_DIR}/CHANGELOG.md`, contents: ctx.releases.changelog(project.name) });
  return files;
}

interface ProjectLinks {
  readonly repository?: { readonly git: string; readonly web: string; readonly issues?: string };
  readonly homepage?: string;
}

/**
 * The project's addresses from the config: `repository` as a git URL or npm's `host:owner/name` shorthand,
 * read into the URL npm records and the page a reader opens.
 */
export function projectLinks(config: Config): ProjectLinks {
  const repo = config.package.repository;
  const hosts: Record<string, string> = { github: 'https://github.com', gitlab: 'https://gitlab.com', bitbucket: 'https://bitbucket.org' };
  let repository: ProjectLinks['repository'];
  if (repo) {
    const short = /^(?:(github|gitlab|bitbucket):)?([\w.-]+\/[\w.-]+?)(?:\.git)?$/.exec(repo);
    const web = short
      ? `${hosts[short[1] ?? 'github']}/${short[2]}`
      : repo.replace(/^git\+/, '').replace(/^git@([^:]+):/, 'https://$1/').replace(/^(git|ssh):\/\/(git@)?/, 'https://').replace(/\.git$/, '');
    const issues = /^https:\/\/(github\.com|gitlab\.com)\//.test(web) ? `${web}/issues` : undefined;
    repository = { git: short ? `git+${web}.git` : repo, web, ...(issues ? { issues } : {}) };
  }
  const homepage = config.package.homepage ?? repository?.web;
  return { ...(repository ? { repository } : {}), ...(homepage ? { homepage } : {}) };
}

/**
 * Whether a method makes a fair first example: it changes nothing on the node (a read), a current node
 * serves it to anyone by default (served, enabled by default, on the public node, in every node version,
 * over HTTP), it is not deprecated, acts for no keystore user, and has an example to call it with. A
 * document that declares no effects anywhere has only `unknown` methods; they stand in for reads there.
 */
export function showcase(model: Model): (m: MethodModel) => boolean {
  const declared = model.services.some((s) => s.methods.some((m) => m.effects.kind !== 'unknown'));
  return (m) => {
    const a = m.availability;
    return (
      (m.effects.kind === 'read' || (!declared && m.effects.kind === 'unknown')) &&
      a.served &&
      a.enabledByDefault &&
      a.publicNode &&
      a.removedIn === undefined &&
      !m.deprecated &&
      !m.keystore &&
      !m.websocketOnly &&
      !m.subscriptions &&
      m.examples.length > 0
    );
  };
}

/** The size of a method's first example's params, by method model. */
const exampleSizes = new WeakMap<MethodModel, number>();

function exampleSize(m: MethodModel): number {
  let size = exampleSizes.get(m);
  if (size === undefined) exampleSizes.set(m, (size = JSON.stringify(m.examples[0]?.params ?? []).length));
  return size;
}

/**
 * The simplest of some methods: the shortest first example's params, then by name (never by position); the
 * first `count` of them in that order, as a stable sort would put them (found in one pass).
 */
function simplest(methods: readonly MethodModel[], count = 1): MethodModel[] {
  const before = (a: MethodModel, b: MethodModel) => exampleSize(a) - exampleSize(b) || a.name.localeCompare(b.name);
  const best: MethodModel[] = [];
  for (const m of methods) {
    if (best.length === count && before(m, best[count - 1]!) >= 0) continue;
    let at = best.length;
    while (at > 0 && before(m, best[at - 1]!) < 0) at--;
    best.splice(at, 0, m);
    if (best.length > count) best.pop();
  }
  return best;
}

/** Methods whose first example passes params (a call that shows values going out), or all if none does. */
function withArgs(methods: readonly MethodModel[]): readonly MethodModel[] {
  const some = methods.filter((m) => (m.examples[0]?.params.length ?? 0) > 0);
  return some.length ? some : methods;
}

export const packageEmitter: Emitter = { name: 'package', emit: emitPackage };

/** Lays out calls of the README's snippets, one example printer per service. */
interface Snippets {
  variable: string;
  names: { factory: string; pkg: string; baseUrl: string; variable: string };
  printer(method: MethodModel): ExamplePrinter;
  /** `<head>accessor(args)<tail>` for an example (or no args), laid out from column 0. */
  call(method: MethodModel, head: string, tail: string, given?: ExampleModel['params'], via?: string): string;
}

function snippets(ctx: EmitContext, pc: PackageContext): Snippets {
  const variable = clientVariable(ctx.config.clientName);
  const names = { factory: ctx.config.clientName, pkg: ctx.config.package.name, baseUrl: exampleBaseUrl(ctx.config, ctx.model.services.flatMap((s) => s.endpoints)), variable };
  const printers = new Map<ServiceModel, ExamplePrinter>();
  const printer = (method: MethodModel) => {
    const service = pc.serviceOf(method);
    let p = printers.get(service);
    if (!p) printers.set(service, (p = new ExamplePrinter(service, names, CODE_WIDTH)));
    return p;
  };
  const call = (method: MethodModel, head: string, tail: string, given: ExampleModel['params'] = method.examples[0]?.params ?? [], via = variable) => {
    const p = printer(method);
    const accessor = `${via}${p.accessor(method).slice(variable.length)}`;
    return `${head}${accessor}(${p.printArgs(p.args(method, method.params, given), head.length + accessor.length + 1, tail.length + 1)})${tail}`;
  };
  return { variable, names, printer, call };
}

/**
 * The README's first calls: what the project says its users call first, each with its first example; else one
 * call per service, of a method a current node serves, with params where one takes them, to show values going
 * out in their value form.
 */
function firstCalls(ctx: EmitContext, pc: PackageContext, sn: Snippets, fair: (m: MethodModel) => boolean): { calls: string[]; firsts: MethodModel[] } {
  const calls: string[] = [];
  const firsts: MethodModel[] = [];
  if (ctx.config.firstCalls) {
    const byName = new Map(ctx.model.services.flatMap((s) => s.methods).map((m) => [m.name, m]));
    const unknown = ctx.config.firstCalls.filter((name) => !byName.has(name));
    if (unknown.length)
      throw new EmitProblems(unknown.map((name) => ({ code: 'config-first-calls', message: `"firstCalls" names ${JSON.stringify(name)}, which no document defines; name a method of the documents.`, file: CONFIG_FILE, pointer: '/firstCalls' })));
    for (const name of ctx.config.firstCalls) {
      const method = byName.get(name)!;
      firsts.push(method);
      // Named for what it holds: `getHeight` gives `height`.
      const member = pc.names.of(method).member.replace(/^get(?=[A-Z])/, '');
      calls.push(sn.call(method, `const ${member[0]!.toLowerCase()}${member.slice(1)} = await `, ';'));
    }
  } else {
    for (const service of ctx.model.services) {
      const [method] = simplest(withArgs(service.methods.filter(fair)));
      if (method) calls.push(sn.call(method, `const ${pc.names.of(method).member}Result = await `, ';'));
    }
  }
  return { calls, firsts };
}

/** The batch, the subscription and the pagination snippets ('' where no method shows them). */
function streamSnippets(pc: PackageContext, sn: Snippets, all: MethodModel[], plain: MethodModel[], fair: (m: MethodModel) => boolean) {
  // The batch shows two calls, the simplest ones of an endpoint that takes batches.
  const batchable = plain.filter((m) => pc.serviceOf(m).jsonrpc.batch);
  const batchItems = simplest(batchable, 2).map((m) => sn.call(m, '', '', undefined, 'b'));
  const batchHead = `const [a, b] = await ${sn.variable}.batch((b) => [`;
  const batch =
    batchHead.length + batchItems.join(', ').length + '];'.length + 2 <= CODE_WIDTH ? `${batchHead}${batchItems.join(', ')}]);` : `${batchHead}\n${batchItems.map((c) => `  ${c},`).join('\n')}\n]);`;

  const sub = all.find((m) => m.subscriptions && m.availability.served && m.availability.enabledByDefault && !m.deprecated);
  let subscription = '';
  if (sub) {
    const p = sn.printer(sub);
    const head = `for await (const item of ${p.accessor(sub)}(`;
    subscription = `${head}${p.printArgs([sub.subscriptions!.kinds[0]!.name], head.length, ')) {'.length)})) {`;
  }
  const [paged] = simplest(all.filter((m) => m.pagination && fair(m)));
  let pagination = '';
  if (paged) {
    const p = sn.printer(paged);
    const accessor = `${sn.variable}.${pc.names.of(paged).namespace}.paginate${pc.names.of(paged).member[0]!.toUpperCase()}${pc.names.of(paged).member.slice(1)}`;
    const given = paged.examples[0]!.params.filter((x) => x.name !== paged.pagination!.cursorParam);
    const head = 'for await (const item of ';
    pagination = `${head}${accessor}(${p.printArgs(p.args(paged, paged.params, given), head.length + accessor.length + 1, ')) {'.length)})) {`;
  }
  return { batch, subscription, pagination };
}

/** The tree-shaken call: one the project names first, where it names any (one with params, to show them). */
function tinySnippet(pc: PackageContext, sn: Snippets, firsts: MethodModel[], plain: MethodModel[]) {
  const [tiny] = firsts.length ? withArgs(firsts) : simplest(withArgs(plain));
  const tinyService = tiny ? pc.serviceOf(tiny) : undefined;
  const tinyEndpoint = tinyService?.endpoints.find((e) => e.transport === 'http');
  let tinyCall = '';
  if (tiny) {
    const p = sn.printer(tiny);
    const fn = pc.names.of(tiny).fn;
    const head = 'const result = await ';
    tinyCall = `${head}${fn}(${p.printArgs([new Raw('transport'), ...p.args(tiny, tiny.params, tiny.examples[0]?.params ?? [])], head.length + fn.length + 1, 2)});`;
  }
  return {
    tinyFn: tiny ? pc.names.of(tiny).fn : '',
    tinyModule: tiny ? pc.names.of(tiny).module : '',
    tinyPath: tinyEndpoint ? tinyEndpoint.path.replace(/\{(\w+)\}/g, (_, v: string) => tinyEndpoint.variables[v]?.default ?? v) : '',
    tinyBatch: String(tinyService?.jsonrpc.batch ?? false),
    tinyCall,
  };
}

/** The production sections: a read without params (per-call options its only argument), a write, an error guard. */
function productionSnippets(pc: PackageContext, sn: Snippets, all: MethodModel[], plain: MethodModel[]) {
  const [quick] = simplest(plain.filter((m) => m.effects.kind === 'read' && m.params.length === 0));
  const read = quick ? `${sn.variable}${sn.printer(quick).accessor(quick).slice(sn.variable.length)}` : '';
  const writes = all.filter((m) => m.effects.kind === 'write' && !m.effects.idempotent);
  const write = writes.find((m) => /send|transfer/i.test(m.name)) ?? writes[0];
  // The error guard shown is that of the simplest method that documents errors, imported from its module.
  const [guarded] = simplest(plain.filter((m) => m.errors.length > 0));
  let errorGuard: { name: string; module: string; call: string } | undefined;
  if (guarded) {
    const name = `is${pascalCase(guarded.name)}Error`;
    errorGuard = { name, module: pc.names.of(guarded).module, call: sn.call(guarded, '  await ', ';') };
  }
  return { read, write: write?.name ?? '', errorGuard };
}

/** The services table: each service's endpoints, method count and whether it takes batches. */
function servicesTable(ctx: EmitContext): string {
  return alignedTable(
    ['service', 'endpoints', 'methods', 'JSON-RPC batches'],
    ctx.model.services.map((s) => [
      s.title,
      s.endpoints.map((e) => `${e.path === '' ? 'the base URL' : `\`${e.path}\``}${e.transport === 'websocket' ? ' (WebSocket)' : ''}`).join(', '),
      String(s.methods.length),
      s.jsonrpc.batch ? 'yes' : 'no (fan-out)',
    ]),
  );
}

/** The documents' branded IDs for the README: type, constructor, guard, and a value of the form. */
function brandList(ctx: EmitContext): { name: string; make: string; is: string; sample: string }[] {
  return [...collectBrands(ctx.model.services).brands.values()]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((b) => ({ name: b.name, ...brandFunctions(b.name), sample: b.samples[0]! }));
}

/**
 * The package README: the template filled with snippets that call real methods with their examples'
 * values. Snippets and the services table are laid out as Prettier would, so the file needs no formatter.
 */
async function readme(ctx: EmitContext, pc: PackageContext, template: string): Promise<string> {
  const sn = snippets(ctx, pc);
  const all = ctx.model.services.flatMap((s) => s.methods);
  const fair = showcase(ctx.model);
  const plain = all.filter(fair);
  const { calls, firsts } = firstCalls(ctx, pc, sn, fair);
  const streams = streamSnippets(pc, sn, all, plain, fair);
  const tiny = tinySnippet(pc, sn, firsts, plain);
  const production = productionSnippets(pc, sn, all, plain);
  const table = servicesTable(ctx);
  const links = projectLinks(ctx.config);
  const text = readmeTemplate(template, ctx.cacheDir && `${ctx.cacheDir}/handlebars`)({
    package: ctx.config.package,
    repository: links.repository?.web ?? '',
    homepage: links.homepage && links.homepage !== links.repository?.web ? links.homepage : '',
    license: ctx.config.package.license ?? '',
    changelog: ctx.releases !== undefined,
    version: ctx.releases?.version ?? ctx.config.package.version,
    clientName: ctx.config.clientName,
    variable: sn.variable,
    baseUrl: sn.names.baseUrl,
    // Value forms (bigint, hex strings) exist only where the documents name codecs (x-codec).
    codecs: ctx.model.services.some((s) => JSON.stringify(s.schemas).includes('"x-codec"')),
    // Branded IDs exist only where the documents name them (x-brand).
    brands: brandList(ctx),
    serviceTitles: ctx.model.services.map((s) => s.title).join(', '),
    calls,
    scopes: Object.entries(ctx.config.scopes).map(([member, variable]) => ({ member, variable })),
    batch: streams.batch,
    subscription: streams.subscription,
    pagination: streams.pagination,
    ...tiny,
    read: production.read,
    write: production.write,
    table,
    errorGuard: production.errorGuard,
  });
  return tidy(text);
}
