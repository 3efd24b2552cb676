/**
 * Server stubs, inside the client package:
 * - `server/<service>`: the typed handler interface of a service (value form, nested by namespace) and its
 *   `ServerServiceDef` (every method's meta, params validator, codecs, availability, errors, the document);
 * - `server/index`: every service together, with a `create<X>Server` that takes handlers by namespace;
 * The request pipeline itself is hand-written runtime (runtime/server); the mock is emit/mock.
 */
import { objectKey } from '../../lib/escape.js';
import type { MethodModel, ServiceModel } from '../../model/index.js';
import { pascalCase } from '../../schema/ts-names.js';
import type { OutputFile } from '../../lib/output-file.js';
import { methodDocs } from '../shared/method-docs.js';
import { packageContext, type PackageContext } from '../shared/context.js';
import { camelCase, factoryStem } from '../shared/client-names.js';
import { tsModule } from '../shared/ts-module.js';
import { docs, GENERATED_BANNER, objectLiteral, type Statement } from '../shared/ts-print.js';
import type { MethodSignature } from '../shared/ts-printer.js';
import type { EmitContext, Emitter } from '../shared/types.js';
import { PACKAGE_DIR, validatorPath } from '../shared/paths.js';
import { slot, type Memory } from '../../lib/memory.js';
import { documentJson } from '../shared/json-text.js';
import { HELPERS, SERIALIZE_MODULE, SerializerNames, SerializerWriter, type Serializer } from './serializers.js';
import type { PlanTree } from '../../schema/codec.js';

const q = (s: string) => JSON.stringify(s);

function handlersName(service: ServiceModel): string {
  return `${pascalCase(service.name)}Handlers`;
}

function serverConst(service: ServiceModel): string {
  return `${camelCase(service.name)}Server`;
}

function handlerSignature(pc: PackageContext, method: MethodModel, typeImports: Set<string>): MethodSignature {
  const t = pc.types.methodTypes(method);
  const n = pc.names.of(method);
  if (method.subscriptions) {
    const requests = method.subscriptions.kinds.map((k) => {
      const params = k.params.length ? `${pascalCase(method.name)}${pascalCase(k.name)}Params` : '[]';
      if (k.params.length) typeImports.add(params);
      return `{ readonly kind: ${q(k.name)}; readonly params: ${params} }`;
    });
    const payloads = method.subscriptions.kinds.map((k) => {
      const name = `${pascalCase(method.name)}${pascalCase(k.name)}Notification`;
      typeImports.add(name);
      return name;
    });
    return {
      name: n.member,
      hasQuestionToken: true,
      docs: docs([method.summary, 'Return an async iterable of notification payloads (value form); it is closed when the client unsubscribes or disconnects.']),
      parameters: [
        { name: 'request', type: requests.join(' | ') },
        { name: 'ctx', type: 'HandlerContext' },
      ],
      returnType: `AsyncIterable<${payloads.join(' | ')}>`,
    };
  }
  if (t.params) typeImports.add(t.params);
  if (t.result) typeImports.add(t.result);
  const params = t.params ?? (method.positional ? '[]' : 'Record<string, never>');
  const result = t.result ?? 'void';
  return {
    name: n.member,
    hasQuestionToken: true,
    docs: methodDocs(method),
    parameters: [
      { name: 'params', type: params },
      { name: 'ctx', type: 'HandlerContext' },
    ],
    returnType: `${result} | Promise<${result}>`,
  };
}

/** What one method puts into its service's server module. */
interface ServerPart {
  readonly namespace: string;
  readonly signature: MethodSignature;
  readonly validator: string;
  /** The method's entry without its closing brace (the result's serializer is added per run, see `serverModule`). */
  readonly entry: string;
  readonly typeImports: readonly string[];
  readonly metaImports: readonly string[];
}

/** Each method's part of its server module, by method model. */
const SERVER_PARTS = slot<MethodModel, ServerPart>('server parts', true);

/**
 * A method's part of its service's server module, kept by the method's model with what else it reads: its
 * names and types, the declared type names, its place in the service (its validator's local name) and the
 * service's name.
 */
function serverPart(pc: PackageContext, service: ServiceModel, method: MethodModel, i: number): ServerPart {
  const n = pc.names.of(method);
  const t = pc.types.methodTypes(method);
  return pc.memory.memo(SERVER_PARTS).get(method, [n, t, pc.namesToken, i, service.name], () => {
    const typeImports = new Set<string>();
    const metaImports: string[] = [];
    const sig = handlerSignature(pc, method, typeImports);
    const v = `validateParams${i}`;
    const validator = `import { validate as ${v} } from '../${validatorPath(service, method, 'params')}.js';`;
    const fields = [
      `namespace: ${q(n.namespace)}`,
      `member: ${q(n.member)}`,
      `validateParams: ${v}`,
      `availability: ${JSON.stringify({ enabledByDefault: method.availability.enabledByDefault, ...(method.availability.enableWith ? { enableWith: method.availability.enableWith } : {}), publicNode: method.availability.publicNode, served: method.availability.served, ...(method.availability.removedIn ? { removedIn: method.availability.removedIn } : {}) })}`,
      `errors: ${JSON.stringify(method.errors)}`,
    ];
    if (method.result) fields.push(`validateResult: () => import('../${validatorPath(service, method, 'result')}.js')`);
    if (method.subscriptions) {
      const subs = method.subscriptions;
      const kinds = subs.kinds.map((k) => {
        const metaName = `${n.fn}${pascalCase(k.name)}Meta`;
        metaImports.push(metaName);
        return `${objectKey(k.name)}: { decodeParams: ${metaName}.encode, encodeResult: ${metaName}.decode, availability: ${JSON.stringify(k.availability)} }`;
      });
      fields.push(`subscriptions: { notification: ${q(subs.notification)}, ${subs.unsubscribe ? `unsubscribe: ${q(subs.unsubscribe)}, ` : ''}kinds: { ${kinds.join(', ')} } }`);
    }
    metaImports.push(n.meta);
    const entry = `${objectKey(method.name)}: { ...${n.meta}, decodeParams: ${n.meta}.encode, encodeResult: ${n.meta}.decode, ${fields.join(', ')}`;
    return { namespace: n.namespace, signature: sig, validator, entry, typeImports: [...typeImports], metaImports };
  });
}

/** Each method's result serializer, unnamed (see serializers.ts), by method model. */
const SERIALIZERS = slot<MethodModel, { readonly serializer: Serializer | undefined }>('server result serializers');

/**
 * A method's result serializer, kept by its model (a method's model is a new object when anything it reaches
 * in the document changed: model.ts) and its plan.
 */
function resultSerializer(memory: Memory, writer: SerializerWriter, method: MethodModel, plan: PlanTree): Serializer | undefined {
  return memory.memo(SERIALIZERS).get(method, [plan], () => ({ serializer: writer.method(method.result?.schema, plan) })).serializer;
}

/** The first service of each namespace (the EVM chain's `admin_` methods share `admin` with its `admin.*` service). */
function namespaceOwners(pc: PackageContext, services: readonly ServiceModel[]): Map<string, string> {
  const owners = new Map<string, string>();
  for (const s of services) for (const m of s.methods) if (!owners.has(pc.names.of(m).namespace)) owners.set(pc.names.of(m).namespace, s.name);
  return owners;
}

/** The handler interface of a namespace; a later service's namespace of the same name takes the service's name before it. */
function namespaceHandlersName(service: ServiceModel, ns: string, owners: ReadonlyMap<string, string>): string {
  return `${owners.get(ns) === service.name ? '' : pascalCase(service.name)}${pascalCase(ns)}NamespaceHandlers`;
}

function serverModule(pc: PackageContext, service: ServiceModel, owners: ReadonlyMap<string, string>): OutputFile[] {
  const module = `server/${service.name}`;
  const typeImports = new Set<string>();
  const statements: Statement[] = [GENERATED_BANNER];
  const imports: Statement[] = [];
  const validators: string[] = [];
  const metaImports = new Map<string, string[]>();
  const entries: string[] = [];
  const byNamespace = new Map<string, MethodSignature[]>();
  // Each method's serializer is made once and kept; its functions are named here, in the module's order.
  const serializers = new SerializerWriter(service.document);
  const names = new SerializerNames();

  service.methods.forEach((method, i) => {
    const part = serverPart(pc, service, method, i);
    const list = byNamespace.get(part.namespace);
    if (list) list.push(part.signature);
    else byNamespace.set(part.namespace, [part.signature]);
    for (const name of part.typeImports) typeImports.add(name);
    validators.push(part.validator);
    const key = `namespaces/${part.namespace}`;
    const metas = metaImports.get(key);
    if (metas) metas.push(...part.metaImports);
    else metaImports.set(key, [...part.metaImports]);
    const made = method.subscriptions ? undefined : resultSerializer(pc.memory, serializers, method, pc.plans(method).result);
    const serialize = made === undefined ? undefined : names.expression(made);
    entries.push(serialize === undefined ? `${part.entry} }` : `${part.entry}, serializeResult: ${serialize} }`);
  });

  imports.push({ kind: 'import', isTypeOnly: true, moduleSpecifier: '../runtime/server/index.js', namedImports: ['HandlerContext', 'ServerServiceDef'] });
  if (typeImports.size) imports.push({ kind: 'import', isTypeOnly: true, moduleSpecifier: '../types.js', namedImports: [...typeImports].sort() });
  imports.push({ kind: 'import', moduleSpecifier: '../services.js', namedImports: [pc.names.serviceConst(service)] });
  for (const [m, names] of [...metaImports].sort(([a], [b]) => a.localeCompare(b))) imports.push({ kind: 'import', moduleSpecifier: `../${m}.js`, namedImports: [...new Set(names)].sort() });
  statements.push(...imports, ...validators);
  const serializerFunctions = names.statements();
  if (serializerFunctions.length) statements.push(`import * as ${HELPERS} from '${SERIALIZE_MODULE}';`);

  for (const [ns, methods] of byNamespace) {
    statements.push({
      kind: 'interface',
      isExported: true,
      name: namespaceHandlersName(service, ns, owners),
      docs: docs([`Typed handlers of the \`${ns}\` namespace: decoded (value-form) params in, value-form result out; the server validates params before and encodes results after.`]),
      methods,
    });
  }
  statements.push({
    kind: 'interface',
    isExported: true,
    name: handlersName(service),
    docs: docs([`Handlers of the ${service.title}, by namespace.`]),
    properties: [...byNamespace.keys()].map((ns) => ({
      name: ns,
      isReadonly: true,
      hasQuestionToken: true,
      docs: docs([`Handlers of the \`${ns}\` methods. A method without a handler answers "method not found".`]),
      type: namespaceHandlersName(service, ns, owners),
    })),
  });
  // The result serializers (see serializers.ts): plain functions, in the .js only.
  statements.push(...serializerFunctions);
  statements.push({
    kind: 'variable',
    isExported: true,
    declarationKind: 'const',
    docs: docs([`The ${service.title} as the server runtime serves it.`]),
    declarations: [
      {
        name: serverConst(service),
        type: 'ServerServiceDef',
        initializer: objectLiteral([`...${pc.names.serviceConst(service)}`, ['document', documentJson(pc.memory, service.document)], ['methods', objectLiteral(entries)]]),
      },
    ],
  });
  return tsModule(`${PACKAGE_DIR}/${module}.ts`, statements, pc.memory);
}

function serverIndex(ctx: EmitContext, pc: PackageContext): OutputFile[] {
  const stem = factoryStem(ctx.config.clientName);
  const handlers = `${stem}ServerHandlers`;
  const statements: Statement[] = [GENERATED_BANNER];
  statements.push({ kind: 'import', moduleSpecifier: '../runtime/server/index.js', namedImports: ['createRpcServer'] });
  statements.push({
    kind: 'import',
    isTypeOnly: true,
    moduleSpecifier: '../runtime/server/index.js',
    namedImports: ['RpcServer', { name: 'ServerOptions', alias: 'RpcServerOptions' }, 'ServerServiceDef'],
  });
  for (const s of ctx.model.services)
    statements.push({ kind: 'import', moduleSpecifier: `./${s.name}.js`, namedImports: [serverConst(s), { name: handlersName(s), isTypeOnly: true }] });
  statements.push({ kind: 'export', moduleSpecifier: '../runtime/server/index.js' });
  for (const s of ctx.model.services) statements.push({ kind: 'export', moduleSpecifier: `./${s.name}.js` });
  const nsOf = (s: ServiceModel) => [...new Set(s.methods.map((m) => m.namespace || s.name))];
  statements.push({
    kind: 'interface',
    isExported: true,
    name: handlers,
    docs: docs(['Typed handlers for every namespace of every service.']),
    // A namespace several documents share takes the handlers of every one of them.
    properties: pc.names.namespaces.map((ns) => ({
      name: ns.key,
      isReadonly: true,
      hasQuestionToken: true,
      type: ns.services.length === 1 ? `${handlersName(ns.services[0]!)}[${q(ns.key)}]` : ns.services.map((s) => `NonNullable<${handlersName(s)}[${q(ns.key)}]>`).join(' & '),
    })),
  });
  statements.push({
    kind: 'variable',
    isExported: true,
    declarationKind: 'const',
    docs: docs(['Every service, as the server runtime serves it.']),
    declarations: [{ name: 'services', type: 'readonly ServerServiceDef[]', initializer: `[${ctx.model.services.map(serverConst).join(', ')}]` }],
  });
  statements.push({
    kind: 'typeAlias',
    isExported: true,
    name: `${stem}ServerOptions`,
    docs: docs(['Options of the server: everything `createRpcServer` takes except the services, and handlers by namespace.']),
    type: `Omit<RpcServerOptions, 'services' | 'handlers'> & { readonly handlers?: ${handlers} }`,
  });
  const tree = ctx.model.services.map((s) => `${objectKey(s.name)}: { ${nsOf(s).map((ns) => `${objectKey(ns)}: h[${q(ns)}]`).join(', ')} }`).join(', ');
  statements.push({
    kind: 'function',
    isExported: true,
    name: `create${stem}Server`,
    docs: docs([
      'A JSON-RPC server for every service at its spec paths: `server.fetch` (a fetch-style handler), `server.listener` (node:http), `server.handleUpgrade` (WebSocket), `server.listen(port)`.',
    ]),
    parameters: [{ name: 'options', type: `${stem}ServerOptions`, initializer: '{}' }],
    returnType: 'RpcServer',
    statements: ['const h = options.handlers ?? {};', `return createRpcServer({ ...options, services, handlers: { ${tree} } });`],
  });
  return tsModule(`${PACKAGE_DIR}/server/index.ts`, statements, pc.memory);
}

/** Each method's examples in the mock's data, as JSON text, by method model and the example made for it. */
export async function emitServer(ctx: EmitContext): Promise<OutputFile[]> {
  const pc = await packageContext(ctx);
  const files: OutputFile[] = [];
  const owners = namespaceOwners(pc, ctx.model.services);
  for (const s of ctx.model.services) files.push(...serverModule(pc, s, owners));
  files.push(...serverIndex(ctx, pc));
  return files;
}

export const serverEmitter: Emitter = { name: 'server', emit: emitServer };
