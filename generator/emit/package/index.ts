/**
 * What makes generated/client a package: its package.json (ESM, exports map, types, sideEffects: false),
 * its README (from templates/package/README.md.hbs), and the hand-written runtime shipped inside it as
 * `.js` + `.d.ts`.
 */
import Handlebars from 'handlebars';
import { decode } from '../../../runtime/codec.js';
import type { ExampleModel, MethodModel } from '../../model.js';
import { materialize } from '../../schema/codec.js';
import type { OutputFile } from '../../write.js';
import { packageContext, type PackageContext } from '../client/context.js';
import { sourceModules } from '../ts-module.js';
import type { EmitContext, Emitter } from '../types.js';
import { PACKAGE_DIR } from '../validators/index.js';

/** A value as TypeScript source: bigints as `123n`, keys quoted only when they must be. */
export function tsLiteral(value: unknown, indent = ''): string {
  if (typeof value === 'bigint') return `${value}n`;
  if (value === undefined) return 'undefined';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (!value.length) return '[]';
    const items = value.map((v) => tsLiteral(v, inner));
    const flat = `[${items.join(', ')}]`;
    return flat.length <= 80 && !flat.includes('\n') ? flat : `[\n${items.map((i) => `${inner}${i}`).join(',\n')},\n${indent}]`;
  }
  const entries = Object.entries(value).map(([k, v]) => `${/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(k) ? k : JSON.stringify(k)}: ${tsLiteral(v, inner)}`);
  if (!entries.length) return '{}';
  const flat = `{ ${entries.join(', ')} }`;
  return flat.length <= 80 && !flat.includes('\n') ? flat : `{\n${entries.map((e) => `${inner}${e}`).join(',\n')},\n${indent}}`;
}

/** The arguments of a client call for an example, in value form (secrets replaced by placeholders). */
export function exampleArgs(pc: PackageContext, method: MethodModel, example: ExampleModel): string {
  const plans = pc.plans(method);
  const byName = new Map(example.params.map((p) => [p.name, p.value]));
  const secret = new Set(method.params.filter((p) => p.secret).map((p) => p.name));
  const wire = method.params.map((p) => (secret.has(p.name) && byName.has(p.name) ? `<${p.name}>` : byName.get(p.name)));
  if (method.positional) {
    const value = decode(materialize(plans.params), wire) as unknown[];
    let last = value.length;
    while (last > 0 && value[last - 1] === undefined) last--;
    return value
      .slice(0, last)
      .map((v) => tsLiteral(v === undefined ? null : v))
      .join(', ');
  }
  if (!example.params.length) return '';
  const obj: Record<string, unknown> = {};
  method.params.forEach((p, i) => {
    if (byName.has(p.name)) obj[p.name] = wire[i];
  });
  return tsLiteral(decode(materialize(plans.params), obj));
}

function callExpression(pc: PackageContext, method: MethodModel, example: ExampleModel | undefined, clientVar = 'node'): string {
  const n = pc.names.of(method);
  return `${clientVar}.${n.namespace}.${n.member}(${example ? exampleArgs(pc, method, example) : ''})`;
}

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
  files.push({ path: `${PACKAGE_DIR}/package.json`, contents: `${JSON.stringify(pkg, null, 2)}\n`, format: 'none' });

  const template = ctx.templates.get('templates/package/README.md.hbs');
  if (!template) throw new Error('templates/package/README.md.hbs is missing');
  const calls: string[] = [];
  for (const service of ctx.model.services) {
    const method = service.methods.find((m) => m.examples.length && !m.subscriptions && !m.deprecated && m.availability.served && !m.websocketOnly);
    if (method) calls.push(`const ${pc.names.of(method).member}Result = await ${callExpression(pc, method, method.examples[0])};`);
  }
  const all = ctx.model.services.flatMap((s) => s.methods);
  const plain = all.filter((m) => !m.subscriptions && !m.websocketOnly && m.examples.length && m.availability.served);
  const sub = all.find((m) => m.subscriptions);
  const paged = all.find((m) => m.pagination && m.examples.length);
  const tiny = plain.find((m) => m.params.length > 0) ?? plain[0];
  const tinyService = tiny ? pc.serviceOf(tiny) : undefined;
  const tinyEndpoint = tinyService?.endpoints.find((e) => e.transport === 'http');
  const text = Handlebars.compile(template, { noEscape: true })({
    package: ctx.config.package,
    clientName: ctx.config.clientName,
    serviceTitles: ctx.model.services.map((s) => s.title).join(', '),
    calls,
    scopes: Object.entries(ctx.config.scopes).map(([member, variable]) => ({ member, variable })),
    batchCalls: plain
      .filter((m) => pc.serviceOf(m).jsonrpc.batch)
      .slice(0, 2)
      .map((m) => callExpression(pc, m, m.examples[0], 'b'))
      .join(', '),
    subscription: sub ? `node.${pc.names.of(sub).namespace}.${pc.names.of(sub).member}(${JSON.stringify(sub.subscriptions!.kinds[0]!.name)})` : '',
    pagination: paged
      ? `node.${pc.names.of(paged).namespace}.paginate${pc.names.of(paged).member[0]!.toUpperCase()}${pc.names.of(paged).member.slice(1)}(${exampleArgs(pc, paged, paged.examples[0]!)})`
      : '',
    tinyFn: tiny ? pc.names.of(tiny).fn : '',
    tinyModule: tiny ? pc.names.of(tiny).module : '',
    tinyPath: tinyEndpoint ? tinyEndpoint.path.replace(/\{(\w+)\}/g, (_, v: string) => tinyEndpoint.variables[v]?.default ?? v) : '',
    tinyBatch: String(tinyService?.jsonrpc.batch ?? false),
    tinyArgs: tiny && tiny.examples[0] ? `, ${exampleArgs(pc, tiny, tiny.examples[0])}`.replace(/, $/, '') : '',
    services: ctx.model.services.map((s) => ({
      title: s.title,
      paths: s.endpoints.map((e) => `\`${e.path}\`${e.transport === 'websocket' ? ' (WebSocket)' : ''}`).join(', '),
      count: s.methods.length,
      batch: s.jsonrpc.batch,
    })),
  });
  files.push({ path: `${PACKAGE_DIR}/README.md`, contents: text, format: 'prettier' });
  return files;
}

export const packageEmitter: Emitter = { name: 'package', emit: emitPackage };
