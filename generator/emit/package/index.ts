/**
 * What makes generated/client a package: its package.json (ESM, exports map, types, sideEffects: false),
 * its README (from templates/package/README.md.hbs), and the hand-written runtime shipped inside it as
 * `.js` + `.d.ts`.
 */
import Handlebars from 'handlebars';
import type { ExampleModel, MethodModel, ServiceModel } from '../../model.js';
import type { OutputFile } from '../../write.js';
import { packageContext, type PackageContext } from '../client/context.js';
import { sourceModules } from '../ts-module.js';
import { ExamplePrinter } from '../docs/examples.js';
import { alignedTable, tidy } from '../docs/markdown.js';
import { CODE_WIDTH, Raw } from '../literal.js';
import type { EmitContext, Emitter } from '../types.js';
import { PACKAGE_DIR } from '../validators/index.js';

const IGNORED = /(^|\/)(tsconfig\.json|.*\.test\.ts)$/;

export async function emitPackage(ctx: EmitContext): Promise<OutputFile[]> {
  const pc = await packageContext(ctx);
  const files: OutputFile[] = [];
  const emits = (output: string) => ctx.config.emit.includes(output);
  const shipped = new Map<string, string>();
  for (const [path, source] of ctx.runtime) {
    if (IGNORED.test(path)) continue;
    // The server and mock runtimes ship only with the server and mock outputs.
    if (/^runtime\/server\//.test(path) && !emits('server')) continue;
    if (/^runtime\/mock\//.test(path) && !emits('mock')) continue;
    shipped.set(`${PACKAGE_DIR}/${path}`, source);
  }
  files.push(...(await sourceModules(shipped, ctx.cacheDir && `${ctx.cacheDir}/transpile`)));

  const entry = (p: string) => ({ types: `./${p}.d.ts`, default: `./${p}.js` });
  const pkg = {
    name: ctx.config.package.name,
    version: ctx.config.package.version,
    description: ctx.config.package.description,
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
      ...(emits('validators') ? { './validators/*': entry('validators/*') } : {}),
      ...(emits('server') ? { './server': entry('server/index') } : {}),
      ...(emits('mock') ? { './mock': entry('mock/index') } : {}),
      './package.json': './package.json',
    },
    engines: { node: '>=20' },
    peerDependencies: { ws: '^8.0.0' },
    peerDependenciesMeta: { ws: { optional: true } },
    license: 'MIT',
  };
  files.push({ path: `${PACKAGE_DIR}/package.json`, contents: `${JSON.stringify(pkg, null, 2)}\n` });

  const template = ctx.templates.get('templates/package/README.md.hbs');
  if (!template) throw new Error('templates/package/README.md.hbs is missing');
  files.push({ path: `${PACKAGE_DIR}/README.md`, contents: readme(ctx, pc, template) });
  return files;
}

export const packageEmitter: Emitter = { name: 'package', emit: emitPackage };

/**
 * The package README: the template filled with snippets that call real methods with their examples'
 * values. Snippets and the services table are laid out as Prettier would, so the file needs no formatter.
 */
function readme(ctx: EmitContext, pc: PackageContext, template: string): string {
  const names = { factory: ctx.config.clientName, pkg: ctx.config.package.name, baseUrl: 'http://127.0.0.1:9650' };
  const printers = new Map<ServiceModel, ExamplePrinter>();
  const printer = (method: MethodModel) => {
    const service = pc.serviceOf(method);
    let p = printers.get(service);
    if (!p) printers.set(service, (p = new ExamplePrinter(service, names, CODE_WIDTH)));
    return p;
  };
  /** `<head>accessor(args)<tail>` for an example (or no args), laid out from column 0. */
  const call = (method: MethodModel, head: string, tail: string, given: ExampleModel['params'] = method.examples[0]?.params ?? [], via = 'node') => {
    const p = printer(method);
    const accessor = `${via}${p.accessor(method).slice('node'.length)}`;
    return `${head}${accessor}(${p.printArgs(p.args(method, method.params, given), head.length + accessor.length + 1, tail.length + 1)})${tail}`;
  };

  const all = ctx.model.services.flatMap((s) => s.methods);
  const plain = all.filter((m) => !m.subscriptions && !m.websocketOnly && m.examples.length && m.availability.served);
  const calls: string[] = [];
  for (const service of ctx.model.services) {
    const method = service.methods.find((m) => m.examples.length && !m.subscriptions && !m.deprecated && m.availability.served && !m.websocketOnly);
    if (method) calls.push(call(method, `const ${pc.names.of(method).member}Result = await `, ';'));
  }
  // The batch shows two calls, the simplest ones (fewest params) of an endpoint that takes batches.
  const batchable = plain.filter((m) => pc.serviceOf(m).jsonrpc.batch);
  const simplest = [...batchable].sort((a, b) => a.params.length - b.params.length).slice(0, 2);
  const batchItems = batchable.filter((m) => simplest.includes(m)).map((m) => call(m, '', '', undefined, 'b'));
  const batchHead = 'const [a, b] = await node.batch((b) => [';
  const batch =
    batchHead.length + batchItems.join(', ').length + '];'.length + 2 <= CODE_WIDTH ? `${batchHead}${batchItems.join(', ')}]);` : `${batchHead}\n${batchItems.map((c) => `  ${c},`).join('\n')}\n]);`;

  const sub = all.find((m) => m.subscriptions);
  let subscription = '';
  if (sub) {
    const p = printer(sub);
    const head = `for await (const item of ${p.accessor(sub)}(`;
    subscription = `${head}${p.printArgs([sub.subscriptions!.kinds[0]!.name], head.length, ')) {'.length)})) {`;
  }
  const paged = all.find((m) => m.pagination && m.examples.length);
  let pagination = '';
  if (paged) {
    const p = printer(paged);
    const accessor = `node.${pc.names.of(paged).namespace}.paginate${pc.names.of(paged).member[0]!.toUpperCase()}${pc.names.of(paged).member.slice(1)}`;
    const given = paged.examples[0]!.params.filter((x) => x.name !== paged.pagination!.cursorParam);
    const head = 'for await (const item of ';
    pagination = `${head}${accessor}(${p.printArgs(p.args(paged, paged.params, given), head.length + accessor.length + 1, ')) {'.length)})) {`;
  }
  const tiny = plain.find((m) => m.params.length > 0) ?? plain[0];
  const tinyService = tiny ? pc.serviceOf(tiny) : undefined;
  const tinyEndpoint = tinyService?.endpoints.find((e) => e.transport === 'http');
  let tinyCall = '';
  if (tiny) {
    const p = printer(tiny);
    const fn = pc.names.of(tiny).fn;
    const head = 'const result = await ';
    tinyCall = `${head}${fn}(${p.printArgs([new Raw('transport'), ...p.args(tiny, tiny.params, tiny.examples[0]?.params ?? [])], head.length + fn.length + 1, 2)});`;
  }
  const table = alignedTable(
    ['service', 'endpoints', 'methods', 'JSON-RPC batches'],
    ctx.model.services.map((s) => [
      s.title,
      s.endpoints.map((e) => `\`${e.path}\`${e.transport === 'websocket' ? ' (WebSocket)' : ''}`).join(', '),
      String(s.methods.length),
      s.jsonrpc.batch ? 'yes' : 'no (fan-out)',
    ]),
  );
  const text = Handlebars.compile(template, { noEscape: true })({
    package: ctx.config.package,
    clientName: ctx.config.clientName,
    serviceTitles: ctx.model.services.map((s) => s.title).join(', '),
    calls,
    scopes: Object.entries(ctx.config.scopes).map(([member, variable]) => ({ member, variable })),
    batch,
    subscription,
    pagination,
    tinyFn: tiny ? pc.names.of(tiny).fn : '',
    tinyModule: tiny ? pc.names.of(tiny).module : '',
    tinyPath: tinyEndpoint ? tinyEndpoint.path.replace(/\{(\w+)\}/g, (_, v: string) => tinyEndpoint.variables[v]?.default ?? v) : '',
    tinyBatch: String(tinyService?.jsonrpc.batch ?? false),
    tinyCall,
    table,
  });
  return tidy(text);
}
