/**
 * The typed client: `client/types.ts` (value-form types), one module per method (`methods/<ns>/<member>`:
 * its meta, a standalone function, typed errors, a paginator or subscription helpers), one module per
 * namespace (an interface and a factory), `services.ts` (endpoints and batch rules per service) and
 * `index.ts` (the whole-node client). Everything is TypeScript built as structures (ts-print.ts) and shipped as
 * `.js` + `.d.ts`.
 */
import { objectKey } from '../../lib/escape.js';
import { runtimeExports } from './runtime-exports.js';
import { httpGetMetaField, httpGetsPart } from './http-get.js';
import { exampleBaseUrl } from '../../config/index.js';
import { omittable, type MethodModel, type ParamModel, type ServiceModel, type SubscriptionKindModel } from '../../model/index.js';
import { planSource } from '../../schema/codec.js';
import { pascalCase } from '../../schema/ts-names.js';
import type { OutputFile } from '../../lib/output-file.js';
import { tsModule, typesModule } from '../shared/ts-module.js';
import { docs, GENERATED_BANNER, jsonLiteral, objectLiteral, returnObject, type Statement, type WriterFunction } from '../shared/ts-print.js';
import type { MethodSignature, Parameter, PropertySignature } from '../shared/ts-printer.js';
import type { EmitContext, Emitter } from '../shared/types.js';
import { notificationValidatorPath, PACKAGE_DIR, validatorPath } from '../shared/paths.js';
import { packageContext, planDefs, type PackageContext } from '../shared/context.js';
import { camelCase, up, type MethodNames, type NamespaceInfo } from '../shared/client-names.js';
import { methodDocs } from '../shared/method-docs.js';
import { caseOverloads, literalType, type Overload } from './overloads.js';
import type { MethodTypes } from '../../schema/typescript.js';
import { slot, type Memory } from '../../lib/memory.js';

const q = (s: string) => JSON.stringify(s);
const list = (items: readonly string[]) => `[${items.map(q).join(', ')}]`;

interface Signature {
  /** Parameters after the transport. */
  readonly params: Parameter[];
  /** Expression of the params argument passed to call(): `params`, `[a, b]`, or `undefined`. */
  readonly args: string;
  readonly result: string;
  /** One signature per `x-result-by-param` case, to be printed before this one (see overloads.ts). */
  readonly overloads: readonly Overload[];
}

function signature(pc: PackageContext, method: MethodModel): Signature {
  const t = pc.types.methodTypes(method);
  const result = t.result ?? 'void';
  const options: Parameter = { name: 'options', type: 'CallOptions', hasQuestionToken: true };
  if (!method.params.length) return { params: [options], args: 'undefined', result, overloads: [] };
  const document = pc.serviceOf(method).document;
  if (method.positional) {
    const idents = uniqueIdents(method.params.map((p) => p.ident));
    return {
      params: [...positionalParams(method.params, idents, t.paramTypes), options],
      args: `[${idents.join(', ')}]`,
      result,
      overloads: caseOverloads(method, t, document, { idents, options }),
    };
  }
  return { params: [{ name: 'params', type: t.params!, hasQuestionToken: t.paramsOptional }, options], args: 'params', result, overloads: caseOverloads(method, t, document, { idents: [], options }) };
}

/** The case overloads of a subscription kind (after its `kind` argument), each result a notification type. */
function kindOverloads(pc: PackageContext, method: MethodModel, kind: SubscriptionKindModel, idents: readonly string[]): readonly Overload[] {
  const cases = pc.types.kindCaseTypes(kind);
  if (!kind.resultCases || !cases) return [];
  const holder = { params: kind.params, positional: true, resultCases: kind.resultCases };
  const types = { paramTypes: kind.params.map((p) => pc.types.paramType(p)), paramsOptional: false, cases };
  return caseOverloads(holder, types, pc.serviceOf(method).document, { idents, options: { name: 'options', type: 'SubscribeCallOptions', hasQuestionToken: true } });
}

/** The type names a signature's overloads mention (their params and results). */
function overloadTypeNames(pc: PackageContext, sig: { readonly overloads: readonly Overload[] }): string[] {
  return sig.overloads.flatMap((o) => [o.result, ...o.params.map((p) => String(p.type ?? ''))]).flatMap((text) => pc.types.referencedNames(text));
}

/** The doc comment of a case's overload: the method's, led by which values of the param select the case. */
function caseDocs(method: MethodModel, o: Overload) {
  const param = method.resultCases!.param;
  const omitted = o.case.whenOmitted ? ' (or left out)' : '';
  return methodDocs(method, { lead: `With \`${param}\` ${literalType(o.case).replace(/"/g, "'")}${omitted}${o.case.summary ? `: ${o.case.summary.trim()}` : '.'}` });
}

/** The doc comment of a subscription kind's case overload. */
function kindCaseDocs(kind: SubscriptionKindModel, o: Overload) {
  const omitted = o.case.whenOmitted ? ' (or left out)' : '';
  const lead = `With \`${kind.resultCases!.param}\` ${literalType(o.case).replace(/"/g, "'")}${omitted}${o.case.summary ? `: ${o.case.summary.trim()}` : '.'}`;
  return docs([kind.summary ?? `The \`${kind.name}\` subscription.`, lead, kind.description, 'An async iterator of notifications; `break` (or `return()`) unsubscribes.']);
}

/** Positional parameters: a trailing optional one may be left out, an earlier one may be `undefined`. */
function positionalParams(params: readonly ParamModel[], idents: readonly string[], types: readonly string[]): Parameter[] {
  const omit = omittable(params);
  return params.map((p, i) => ({ name: idents[i]!, type: omit[i] || p.required ? types[i]! : `${types[i]!} | undefined`, hasQuestionToken: omit[i]! }));
}

function uniqueIdents(idents: readonly string[]): string[] {
  const taken = new Set(['options', 'transport']);
  return idents.map((id) => {
    let name = camelCase(id);
    while (taken.has(name)) name = `${name}_`;
    taken.add(name);
    return name;
  });
}

function metaFields(pc: PackageContext, service: ServiceModel, method: MethodModel, module: string, withValidators: boolean, shared: SharedPlans = NO_SHARED_PLANS): string[] {
  const plans = pc.plans(method);
  const secrets = method.params.filter((p) => p.secret).map((p) => p.name);
  const fields = [
    `name: ${q(method.name)}`,
    `service: ${q(service.name)}`,
    `structure: ${q(method.paramStructure)}`,
    `params: ${list(method.params.map((p) => p.name))}`,
    `required: ${list(method.params.filter((p) => p.required).map((p) => p.name))}`,
  ];
  if (plans.params.root !== 0) fields.push(`encode: ${sharedOr(shared, planSource(plans.params.root))}`);
  if (plans.result.root !== 0) fields.push(`decode: ${sharedOr(shared, planSource(plans.result.root))}`);
  if (secrets.length) fields.push(`secrets: ${JSON.stringify(secrets)}`);
  if (method.websocketOnly) fields.push('wsOnly: true');
  // What retries may do with the call (x-effects); a method the document says nothing about stays unset,
  // which the runtime treats as a write.
  const effect = method.effects.kind === 'write' && method.effects.idempotent ? 'idempotent' : method.effects.kind;
  if (effect !== 'unknown') fields.push(`effects: ${q(effect)}`);
  fields.push(...httpGetMetaField(method));
  if (method.result && withValidators) fields.push(`resultValidator: () => import(${q(`${up(module)}${validatorPath(service, method, 'result')}.js`)})`);
  return fields;
}

/** The metas of a method (and of its subscription kinds), as statements of its namespace module. */
function metaStatements(pc: PackageContext, method: MethodModel, module: string, withValidators: boolean, shared: SharedPlans = NO_SHARED_PLANS): Statement[] {
  const service = pc.serviceOf(method);
  const n = pc.names.of(method);
  const out: Statement[] = [
    {
      kind: 'variable',
      isExported: true,
      declarationKind: 'const',
      docs: docs([`The wire contract of \`${method.name}\`: param order, codecs, validator.`]),
      declarations: [{ name: n.meta, type: 'MethodMeta', initializer: objectLiteral(metaFields(pc, service, method, module, withValidators, shared)) }],
    },
  ];
  const subs = method.subscriptions;
  for (const kind of subs?.kinds ?? []) {
    const kp = pc.plans(method).kinds.get(kind.name)!;
    out.push({
      kind: 'variable',
      isExported: true,
      declarationKind: 'const',
      docs: docs([`The wire contract of the \`${kind.name}\` subscription of \`${method.name}\`.`]),
      declarations: [
        {
          name: `${n.fn}${pascalCase(kind.name)}Meta`,
          type: 'SubscriptionMeta',
          initializer: objectLiteral([
            `subscribe: ${q(method.name)}`,
            ...(subs!.unsubscribe ? [`unsubscribe: ${q(subs!.unsubscribe)}`] : []),
            `notification: ${q(subs!.notification)}`,
            `kind: ${q(kind.name)}`,
            ...(kp.params.root !== 0 ? [`encode: ${planSource(kp.params.root)}`] : []),
            ...(kp.result.root !== 0 ? [`decode: ${planSource(kp.result.root)}`] : []),
            ...(withValidators ? [`notificationValidator: () => import(${q(`${up(module)}${notificationValidatorPath(service, method, kind.name)}.js`)})`] : []),
          ]),
        },
      ],
    });
  }
  return out;
}

/** Each method's module, by method model (see `methodModule`). */
const METHOD_MODULES = slot<MethodModel, OutputFile[]>('client method modules');

/**
 * A method's module, kept by the method's model with everything else it reads: its names and types (the same
 * objects while they are the same) and the declared type names.
 */
function methodModule(pc: PackageContext, method: MethodModel, withValidators: boolean): OutputFile[] {
  const n = pc.names.of(method);
  const t = pc.types.methodTypes(method);
  return pc.memory.memo(METHOD_MODULES).get(method, [n, t, pc.namesToken, kindTypes(pc, method), withValidators], () => makeMethodModule(pc, method, n, t, withValidators));
}

/** The type expressions of a subscription method's kinds' params, as one text (a kept part's input). */
function kindTypes(pc: PackageContext, method: MethodModel): string {
  return method.subscriptions ? method.subscriptions.kinds.flatMap((k) => [...k.params.map((p) => pc.types.paramType(p)), ...(pc.types.kindCaseTypes(k) ?? [])]).join('\0') : '';
}

/** The error type of the errors a method documents and its guard (none where it documents none). */
function errorGuard(method: MethodModel): Statement[] {
  if (!method.errors.length) return [];
  const codes = [...new Set(method.errors.map((e) => e.code))];
  const typeName = `${pascalCase(method.name)}Error`;
  const alias: Statement = {
    kind: 'typeAlias',
    isExported: true,
    name: typeName,
    docs: docs([
      `An error \`${method.name}\` documents:`,
      method.errors.map((e) => `- ${e.code}: ${e.message}`).join('\n'),
    ]),
    type: `RpcError<${codes.join(' | ')}>`,
  };
  const guard: Statement = {
    kind: 'function',
    isExported: true,
    name: `is${typeName}`,
    docs: docs([`Whether \`error\` is one of the errors \`${method.name}\` documents (by code).`]),
    parameters: [{ name: 'error', type: 'unknown' }],
    returnType: `error is ${typeName}`,
    statements: [`return hasErrorCode(error, ${JSON.stringify(codes)});`],
  };
  return [alias, guard];
}

/** `paginate<Method>`: every item of a paginated method, page after page (none where it does not page). */
function paginator(method: MethodModel, n: MethodNames, t: MethodTypes, sig: ReturnType<typeof signature>): Statement[] {
  if (!(method.pagination && t.result && t.params)) return [];
  const pg = method.pagination;
  const fields = {
    items: pg.items,
    count: pg.count ?? pg.items,
    cursor: pg.nextCursor,
    start: pg.cursorParam,
    limit: pg.limitParam ?? '',
    ...(pg.maxLimit !== undefined ? { maxLimit: pg.maxLimit } : {}),
  };
  return [
    {
      kind: 'function',
      isExported: true,
      name: `paginate${pascalCase(n.fn)}`,
      docs: docs([
        `Every item of \`${method.name}\`, page after page: \`${pg.nextCursor}\` is passed back as \`${pg.cursorParam}\`, a page with fewer items than asked for is the last, and an item repeated on a later page comes out once.`,
      ]),
      parameters: [{ name: 'transport', type: 'Transport' }, ...sig.params],
      returnType: `AsyncGenerator<${t.result}[${q(pg.items)}][number], void, undefined>`,
      statements: [
        `return paginateByIndex((page) => ${n.fn}(transport, page, options), params ?? {}, ${JSON.stringify(fields)});`,
      ],
    },
  ];
}

/** One function per subscription kind of a method: an async iterator of its notifications. */
function subscriptionFunctions(
  pc: PackageContext,
  method: MethodModel,
  n: MethodNames,
  typeImports: Set<string>,
  ownMeta: ((kind: string, base: string) => string) | undefined,
): Statement[] {
  return (method.subscriptions?.kinds ?? []).flatMap((kind): Statement[] => {
    const base = `${n.fn}${pascalCase(kind.name)}`;
    const payload = `${pascalCase(method.name)}${pascalCase(kind.name)}Notification`;
    typeImports.add(payload);
    const idents = uniqueIdents(kind.params.map((p) => p.ident));
    const overloads = kindOverloads(pc, method, kind, idents);
    for (const name of overloadTypeNames(pc, { overloads })) typeImports.add(name);
    const kindDocs = docs([kind.summary ?? `The \`${kind.name}\` subscription of \`${method.name}\`.`, kind.description, 'An async iterator of notifications; `break` (or `return()`) unsubscribes.']);
    const kindParams: Parameter[] = [
      { name: 'transport', type: 'Transport' },
      ...positionalParams(kind.params, idents, kind.params.map((p) => pc.types.paramType(p))),
      { name: 'options', type: 'SubscribeCallOptions', hasQuestionToken: true },
    ];
    // With validators, the function's own meta loads the kind's notification validator on first use.
    const kindMeta = ownMeta ? `${base}OwnMeta` : `${base}Meta`;
    const own: Statement[] = ownMeta ? [{ kind: 'variable', declarationKind: 'const', declarations: [{ name: kindMeta, type: 'SubscriptionMeta', initializer: ownMeta(kind.name, base) }] }] : [];
    return [
      ...own,
      {
      kind: 'function',
      isExported: true,
      name: base,
      docs: kindDocs,
      parameters: kindParams,
      returnType: `Subscription<${payload}>`,
      ...(overloads.length
        ? {
            overloads: [
              ...overloads.map((o) => ({ docs: kindCaseDocs(kind, o), parameters: [{ name: 'transport', type: 'Transport' }, ...o.params], returnType: `Subscription<${o.result}>` })),
              { docs: kindDocs, parameters: kindParams, returnType: `Subscription<${payload}>` },
            ],
          }
        : {}),
      statements: [`return subscribe(transport, ${kindMeta}, [${idents.join(', ')}], options);`],
      },
    ];
  });
}

/** The method module's imports: each runtime value from the module that defines it, then the types. */
function methodModuleImports(method: MethodModel, root: string, nsModule: string, metaNames: string[], typeImports: Set<string>, pages: boolean, metaTypes: readonly string[]): Statement[] {
  const statements: Statement[] = [];
  const subscribes = (method.subscriptions?.kinds.length ?? 0) > 0;
  // Each runtime value from the module that defines it: a bundler follows every import of a module it keeps,
  // used or not, so the guard's RpcError comes as a type and `hasErrorCode` from a module of its own (the
  // error classes stay out of a program that never checks an error).
  statements.push({ kind: 'import', moduleSpecifier: `${root}runtime/client/call.js`, namedImports: ['call'] });
  if (subscribes) statements.push({ kind: 'import', moduleSpecifier: `${root}runtime/client/call-api.js`, namedImports: ['subscribe'] });
  if (method.errors.length > 0) {
    statements.push({ kind: 'import', moduleSpecifier: `${root}runtime/errors/match.js`, namedImports: ['hasErrorCode'] });
    statements.push({ kind: 'import', isTypeOnly: true, moduleSpecifier: `${root}runtime/errors/base.js`, namedImports: ['RpcError'] });
  }
  if (pages) statements.push({ kind: 'import', moduleSpecifier: `${root}runtime/client/paginate.js`, namedImports: ['paginateByIndex'] });
  statements.push({ kind: 'import', isTypeOnly: true, moduleSpecifier: `${root}runtime/client/call.js`, namedImports: ['CallOptions'] });
  if (subscribes) statements.push({ kind: 'import', isTypeOnly: true, moduleSpecifier: `${root}runtime/client/call-api.js`, namedImports: ['SubscribeCallOptions'] });
  statements.push({ kind: 'import', moduleSpecifier: `${root}${nsModule}.js`, namedImports: metaNames });
  if (metaTypes.length) statements.push({ kind: 'import', isTypeOnly: true, moduleSpecifier: `${root}runtime/client/meta.js`, namedImports: [...metaTypes] });
  const transportTypes = ['Transport', ...(method.subscriptions ? ['Subscription'] : [])];
  statements.push({ kind: 'import', isTypeOnly: true, moduleSpecifier: `${root}runtime/transports/transport.js`, namedImports: transportTypes });
  if (typeImports.size) statements.push({ kind: 'import', isTypeOnly: true, moduleSpecifier: `${root}types.js`, namedImports: [...typeImports].sort() });
  return statements;
}

function makeMethodModule(pc: PackageContext, method: MethodModel, n: MethodNames, t: MethodTypes, withValidators: boolean): OutputFile[] {
  const root = up(n.module);
  const sig = signature(pc, method);
  const typeImports = new Set<string>();
  if (t.params) typeImports.add(t.params);
  if (t.result) typeImports.add(t.result);
  for (const p of sig.params) for (const name of pc.types.referencedNames(String(p.type ?? ''))) typeImports.add(name);
  for (const name of overloadTypeNames(pc, sig)) typeImports.add(name);
  for (const kind of method.subscriptions?.kinds ?? []) for (const p of kind.params) for (const name of pc.types.referencedNames(pc.types.paramType(p))) typeImports.add(name);
  const statements: Statement[] = [GENERATED_BANNER];
  const body: Statement[] = [];
  // The metas live in the namespace module (one module for the whole client to load); this module is the
  // standalone function, for bundles that want one method.
  const nsModule = `namespaces/${n.namespace}`;
  const metaNames = [n.meta, ...(method.subscriptions?.kinds ?? []).map((k) => `${n.fn}${pascalCase(k.name)}Meta`)];
  body.push({ kind: 'export', moduleSpecifier: `${root}${nsModule}.js`, namedExports: metaNames });
  // The namespace's metas carry no validator (the whole-node client takes the package's `validators`); the
  // standalone functions attach their own, loaded on first use, so `validate: true` works with them alone.
  const service = pc.serviceOf(method);
  const own = (meta: string, field: string, path: string) => `{ ...${meta}, ${field}: () => import(${q(`${root}${path}.js`)}) }`;
  const withResult = withValidators && method.result;
  if (withResult) {
    body.push({ kind: 'variable', declarationKind: 'const', declarations: [{ name: 'meta', type: 'MethodMeta', initializer: own(n.meta, 'resultValidator', validatorPath(service, method, 'result')) }] });
  }
  body.push({
    kind: 'function',
    isExported: true,
    name: n.fn,
    docs: methodDocs(method),
    parameters: [{ name: 'transport', type: 'Transport' }, ...sig.params],
    returnType: `Promise<${sig.result}>`,
    ...(sig.overloads.length
      ? {
          overloads: [
            ...sig.overloads.map((o) => ({ docs: caseDocs(method, o), parameters: [{ name: 'transport', type: 'Transport' }, ...o.params], returnType: `Promise<${o.result}>` })),
            { docs: methodDocs(method), parameters: [{ name: 'transport', type: 'Transport' }, ...sig.params], returnType: `Promise<${sig.result}>` },
          ],
        }
      : {}),
    statements: [`return call(transport, ${withResult ? 'meta' : n.meta}, ${sig.args}, options);`],
  });

  body.push(...errorGuard(method));
  body.push(...paginator(method, n, t, sig));
  const ownKindMeta = withValidators ? (kind: string, base: string) => own(`${base}Meta`, 'notificationValidator', notificationValidatorPath(service, method, kind)) : undefined;
  body.push(...subscriptionFunctions(pc, method, n, typeImports, ownKindMeta));
  const metaTypes = [...(withResult ? ['MethodMeta'] : []), ...(withValidators && method.subscriptions?.kinds.length ? ['SubscriptionMeta'] : [])];
  statements.push(...methodModuleImports(method, root, nsModule, metaNames, typeImports, !!(method.pagination && t.result && t.params), metaTypes));
  statements.push(...body);
  return tsModule(`${PACKAGE_DIR}/${n.module}.ts`, statements, pc.memory);
}

/** What one method puts into its namespace module. */
interface NamespacePart {
  readonly metas: readonly Statement[];
  readonly members: readonly MethodSignature[];
  /** A plain method, made by the runtime's `bindMethods` from its meta. */
  readonly bound?: BoundMember;
  /** Members written out (subscriptions, paginators): object-literal entries. */
  readonly impl: readonly string[];
  readonly typeImports: readonly string[];
  readonly service: string;
  readonly subscribe: boolean;
  readonly paginate: boolean;
}

/** Each method's part of its namespace module, by method model (see `namespacePart`). */
const NAMESPACE_PARTS = slot<MethodModel, NamespacePart>('client namespace parts', true);

/**
 * A method's part of its namespace module, kept by the method's model with everything else it reads: its
 * names, types and plans (the same objects while they are the same), the declared type names, the service,
 * the module and whether validators are emitted.
 */
function namespacePart(pc: PackageContext, ns: NamespaceInfo, method: MethodModel, withValidators: boolean, shared: SharedPlans): NamespacePart {
  const n = pc.names.of(method);
  const t = pc.types.methodTypes(method);
  const service = pc.names.serviceConst(pc.serviceOf(method));
  const plans = pc.plans(method);
  // Which of its plans the method's meta takes from a module constant (a part of the key: it is in the text).
  const sharing = [plans.params.root, plans.result.root].map((r) => (r === 0 ? '' : (shared.get(planSource(r)) ?? ''))).join(' ');
  return pc.memory.memo(NAMESPACE_PARTS).get(method, [n, t, plans, pc.namesToken, service, ns.module, withValidators, kindTypes(pc, method), pc.serviceOf(method).name, sharing], () => {
    const members: MethodSignature[] = [];
    const impl: string[] = [];
    const typeImports = new Set<string>();
    let subscribe = false;
    let paginate = false;
    let bound: BoundMember | undefined;
    const metas = metaStatements(pc, method, ns.module, false, shared);
    if (method.subscriptions) {
      subscribe = true;
      const kinds = method.subscriptions.kinds;
      for (const kind of kinds) {
        const payload = `${pascalCase(method.name)}${pascalCase(kind.name)}Notification`;
        typeImports.add(payload);
        const idents = uniqueIdents(kind.params.map((p) => p.ident));
        for (const p of kind.params) for (const name of pc.types.referencedNames(pc.types.paramType(p))) typeImports.add(name);
        const overloads = kindOverloads(pc, method, kind, idents);
        for (const name of overloadTypeNames(pc, { overloads })) typeImports.add(name);
        for (const o of overloads)
          members.push({ name: n.member, docs: kindCaseDocs(kind, o), parameters: [{ name: 'kind', type: q(kind.name) }, ...o.params], returnType: `Subscription<${o.result}>` });
        members.push({
          name: n.member,
          docs: docs([kind.summary ?? `Subscribe to \`${kind.name}\`.`, kind.description, 'An async iterator of notifications; `break` (or `return()`) unsubscribes.']),
          parameters: [
            { name: 'kind', type: q(kind.name) },
            ...positionalParams(kind.params, idents, kind.params.map((p) => pc.types.paramType(p))),
            { name: 'options', type: 'SubscribeCallOptions', hasQuestionToken: true },
          ],
          returnType: `Subscription<${payload}>`,
        });
      }
      const table = kinds.map((k) => `${objectKey(k.name)}: [${n.fn}${pascalCase(k.name)}Meta, ${k.params.length}]`).join(', ');
      impl.push(`${objectKey(n.member)}: (kind, ...args) => subscribeKind(transports.ws(${service}), { ${table} }, ${q(method.name)}, kind, args)`);
    } else {
      if (t.params) typeImports.add(t.params);
      if (t.result) typeImports.add(t.result);
      const sig = signature(pc, method);
      for (const p of sig.params) for (const name of pc.types.referencedNames(String(p.type ?? ''))) typeImports.add(name);
      for (const name of overloadTypeNames(pc, sig)) typeImports.add(name);
      for (const o of sig.overloads) members.push({ name: n.member, docs: caseDocs(method, o), parameters: o.params, returnType: `Promise<${o.result}>` });
      members.push({ name: n.member, docs: methodDocs(method), parameters: sig.params, returnType: `Promise<${sig.result}>` });
      const argNames = sig.params.map((p) => p.name);
      bound = { member: n.member, wire: method.name, meta: n.meta };
      if (method.pagination && t.params && t.result) {
        paginate = true;
        const pg = method.pagination;
        const fields = { items: pg.items, count: pg.count ?? pg.items, cursor: pg.nextCursor, start: pg.cursorParam, limit: pg.limitParam ?? '', ...(pg.maxLimit !== undefined ? { maxLimit: pg.maxLimit } : {}) };
        const member = `paginate${pascalCase(n.member)}`;
        members.push({
          name: member,
          docs: docs([`Every item of \`${method.name}\`, following \`${method.pagination.nextCursor}\` from page to page (duplicates across pages removed).`]),
          parameters: sig.params,
          returnType: `AsyncGenerator<${t.result}[${q(method.pagination.items)}][number], void, undefined>`,
        });
        impl.push(`${q(member)}: (${argNames.join(', ')}) => paginateByIndex((page) => call(transports.http(${service}), ${n.meta}, page, options), params ?? {}, ${JSON.stringify(fields)})`);
      }
    }
    return { metas, members, ...(bound ? { bound } : {}), impl, typeImports: [...typeImports], service, subscribe, paginate };
  });
}

/**
 * A namespace factory's body: the plain methods made from the namespace's table, with the members written
 * out (paginators, subscriptions, plain GETs) added to that object rather than copied beside it.
 */
function factoryBody(bound: string | undefined, written: readonly string[]): WriterFunction {
  if (!bound) return returnObject(written);
  if (!written.length) return (w) => void w.write(`return ${bound};`);
  return (w) => {
    w.write(`return Object.assign(${bound}, `);
    objectLiteral(written)(w);
    w.write(');');
  };
}

/** A plain method of a namespace: its member name, its wire name and its meta's constant. */
interface BoundMember {
  readonly member: string;
  readonly wire: string;
  readonly meta: string;
}

/**
 * The arguments of `bindMethods` after the service: the prefix most members' wire names have before their
 * member names (`platform.`, `eth_`), and the metas, each with its member name where the prefix does not
 * make it.
 */
function boundList(group: readonly BoundMember[]): string {
  const prefixOf = (b: BoundMember) => (b.wire.length > b.member.length && b.wire.endsWith(b.member) ? b.wire.slice(0, -b.member.length) : undefined);
  const counts = new Map<string, number>();
  for (const b of group) {
    const prefix = prefixOf(b);
    if (prefix !== undefined) counts.set(prefix, (counts.get(prefix) ?? 0) + 1);
  }
  const prefix = [...counts].reduce<[string, number]>((best, c) => (c[1] > best[1] ? c : best), ['', 0])[0];
  const entries = group.map((b) => (b.wire === `${prefix}${b.member}` ? b.meta : `[${q(b.member)}, ${b.meta}]`));
  return `${q(prefix)}, [${entries.join(', ')}]`;
}

function namespaceModule(pc: PackageContext, ns: NamespaceInfo, withValidators: boolean): OutputFile[] {
  const root = up(ns.module);
  const members: MethodSignature[] = [];
  const impl: string[] = [];
  const typeImports = new Set<string>();
  let needsSubscribe = false;
  let needsPaginate = false;
  const services = new Set<string>();
  // Every meta of the namespace, and the recursive plans they share, live here: loading the client loads one
  // module per namespace, and a bundler keeps only the metas a program uses.
  const metas: Statement[] = [];
  const trees = ns.methods.flatMap((m) => {
    const plans = pc.plans(m);
    return [plans.params, plans.result, ...[...plans.kinds.values()].flatMap((k) => [k.params, k.result])];
  });
  const defs = planDefs(trees);
  const shared = sharedPlans(pc, ns.methods);
  const parts = ns.methods.map((method) => namespacePart(pc, ns, method, withValidators, shared));
  for (const part of parts) metas.push(...part.metas);
  const bound = new Map<string, BoundMember[]>();
  for (const part of parts) {
    services.add(part.service);
    for (const name of part.typeImports) typeImports.add(name);
    members.push(...part.members);
    if (part.bound) bound.set(part.service, [...(bound.get(part.service) ?? []), part.bound]);
    impl.push(...part.impl);
    if (part.subscribe) needsSubscribe = true;
    if (part.paginate) needsPaginate = true;
  }
  const gets = httpGetsPart(pc, ns, root);
  impl.push(...gets.impl);
  const statements: Statement[] = [GENERATED_BANNER];
  statements.push({ kind: 'import', moduleSpecifier: `${root}runtime/client/call.js`, namedImports: ['call'] });
  if (bound.size) statements.push({ kind: 'import', moduleSpecifier: `${root}runtime/client/namespace.js`, namedImports: ['bindMethods'] });
  statements.push({ kind: 'import', isTypeOnly: true, moduleSpecifier: `${root}runtime/client/namespace.js`, namedImports: ['Invoke', 'MethodGroup', 'NamespaceTransports'] });
  statements.push(...gets.imports);
  if (needsSubscribe) statements.push({ kind: 'import', moduleSpecifier: `${root}runtime/client/call-api.js`, namedImports: ['subscribe'] });
  if (needsPaginate) statements.push({ kind: 'import', moduleSpecifier: `${root}runtime/client/paginate.js`, namedImports: ['paginateByIndex'] });
  statements.push({ kind: 'import', isTypeOnly: true, moduleSpecifier: `${root}runtime/client/call.js`, namedImports: ['CallOptions'] });
  if (needsSubscribe) statements.push({ kind: 'import', isTypeOnly: true, moduleSpecifier: `${root}runtime/client/call-api.js`, namedImports: ['SubscribeCallOptions'] });
  statements.push({ kind: 'import', isTypeOnly: true, moduleSpecifier: `${root}runtime/client/meta.js`, namedImports: ['MethodMeta', 'ServiceMeta', ...(needsSubscribe ? ['SubscriptionMeta'] : [])] });
  statements.push({ kind: 'import', moduleSpecifier: `${root}services.js`, namedImports: [...services].sort() });
  statements.push({ kind: 'import', isTypeOnly: true, moduleSpecifier: `${root}runtime/transports/transport.js`, namedImports: ['Transport', ...(needsSubscribe ? ['Subscription'] : [])] });
  if (typeImports.size) statements.push({ kind: 'import', isTypeOnly: true, moduleSpecifier: `${root}types.js`, namedImports: [...typeImports].sort() });
  statements.push(...defs, ...[...shared].map(([source, name]) => `const ${name} = ${source};`), ...metas);
  statements.push({
    kind: 'variable',
    isExported: true,
    declarationKind: 'const',
    docs: docs([`The \`${ns.key}\` namespace's methods by service, each service's with the prefix of their wire names: the namespace's members and \`request()\` are made from it.`]),
    declarations: [{ name: ns.table, type: 'readonly MethodGroup[]', initializer: (w) => void w.write(`[${[...bound].map(([service, group]) => `[${service}, ${boundList(group)}]`).join(', ')}]`) }],
  });
  statements.push({ kind: 'export', isTypeOnly: true, moduleSpecifier: `${root}runtime/client/namespace.js`, namedExports: ['Invoke', 'NamespaceTransports'] });
  statements.push({
    kind: 'interface',
    isExported: true,
    name: ns.iface,
    docs: docs([`The \`${ns.key}\` methods of the ${pc.names.titleOf(ns)}.`]),
    ...(gets.properties.length ? { properties: [...gets.properties] } : {}),
    methods: members,
  });
  statements.push(...gets.statements);
  if (needsSubscribe) {
    statements.push({
      kind: 'function',
      name: 'subscribeKind',
      parameters: [
        { name: 'transport', type: 'Transport' },
        { name: 'kinds', type: 'Record<string, [SubscriptionMeta, number]>' },
        { name: 'method', type: 'string' },
        { name: 'kind', type: 'string' },
        { name: 'args', type: 'unknown[]' },
      ],
      returnType: 'Subscription<unknown>',
      statements: [
        'const entry = Object.prototype.hasOwnProperty.call(kinds, kind) ? kinds[kind] : undefined;',
        'if (!entry) throw new TypeError(`${method} has no subscription kind ${JSON.stringify(kind)}; kinds: ${Object.keys(kinds).join(", ")}`);',
        'return subscribe(transport, entry[0], args.slice(0, entry[1]), args[entry[1]]);',
      ],
    });
  }
  statements.push({
    kind: 'function',
    isExported: true,
    name: ns.factory,
    docs: docs([`The \`${ns.key}\` namespace over the given transports. With \`invoke = prepare\` its methods return prepared calls for a batch.`]),
    parameters: [
      { name: 'transports', type: 'NamespaceTransports' },
      { name: 'invoke', type: 'Invoke', initializer: 'call' },
    ],
    returnType: ns.iface,
    statements: [factoryBody(bound.size > 0 ? `bindMethods(transports, invoke, ${ns.table})` : undefined, impl)],
  });
  return tsModule(`${PACKAGE_DIR}/${ns.module}.ts`, statements, pc.memory);
}

/**
 * The call a fallback client probes a node with: the service's first read (by `x-effects`) that takes no
 * params and is served over HTTP, such as `eth_chainId`. A service without one is not probed.
 */
function probeOf(s: ServiceModel): { probe?: { method: string; params: unknown[] | Record<string, never> } } {
  const m = s.methods.find((x) => x.effects.kind === 'read' && x.params.length === 0 && !x.websocketOnly && !x.deprecated && !x.subscriptions);
  return m ? { probe: { method: m.name, params: m.positional ? [] : {} } } : {};
}

/** A server's variables as the runtime reads them (`EndpointMeta`): the default and the allowed values, no prose. */
function runtimeVariables(variables: ServiceModel['endpoints'][number]['variables']): Record<string, { default: string; enum?: readonly string[] }> {
  return Object.fromEntries(Object.entries(variables).map(([name, v]) => [name, { default: v.default, ...(v.enum ? { enum: v.enum } : {}) }]));
}

function servicesModule(pc: PackageContext, services: readonly ServiceModel[]): OutputFile[] {
  const statements: Statement[] = [GENERATED_BANNER, { kind: 'import', isTypeOnly: true, moduleSpecifier: './runtime/client/meta.js', namedImports: ['ServiceMeta'] }];
  for (const s of services) {
    const meta = {
      name: s.name,
      // A server's URL goes along where it names a host: a client may call it without a base URL of its own.
      endpoints: s.endpoints.map((e) => ({ name: e.name, transport: e.transport, ...(/^[a-z][a-z0-9+.-]*:\/\//i.test(e.url) ? { url: e.url } : {}), path: e.path, variables: runtimeVariables(e.variables) })),
      batch: s.jsonrpc.batch,
      ...(s.jsonrpc.batchLimit !== undefined ? { batchLimit: s.jsonrpc.batchLimit } : {}),
      ...(s.jsonrpc.publicNodeBatchLimit !== undefined ? { publicNodeBatchLimit: s.jsonrpc.publicNodeBatchLimit } : {}),
      dialect: s.jsonrpc.dialect,
      ...probeOf(s),
    };
    statements.push({
      kind: 'variable',
      isExported: true,
      declarationKind: 'const',
      docs: docs([`${s.title}: endpoints, batch rules and error conventions.`]),
      declarations: [{ name: pc.names.serviceConst(s), type: 'ServiceMeta', initializer: jsonLiteral(meta) }],
    });
  }
  return tsModule(`${PACKAGE_DIR}/services.ts`, statements, pc.memory);
}

/**
 * `validators.ts`: every result and notification validator of the package, by the keys the runtime looks them
 * up with, each loaded on first use. Validation over the whole-node client takes it (`validate: validators`),
 * so a program that never imports it bundles no validator, with or without code splitting.
 */
function validatorsModule(services: readonly ServiceModel[], memory: Memory): OutputFile[] {
  const results: string[] = [];
  const notifications: string[] = [];
  for (const s of services) {
    for (const m of s.methods) {
      if (m.result && !m.subscriptions) results.push(`${q(`${s.name} ${m.name}`)}: () => import(${q(`./${validatorPath(s, m, 'result')}.js`)})`);
      for (const kind of m.subscriptions?.kinds ?? []) notifications.push(`${q(`${m.name} ${kind.name}`)}: () => import(${q(`./${notificationValidatorPath(s, m, kind.name)}.js`)})`);
    }
  }
  const statements: Statement[] = [
    GENERATED_BANNER,
    { kind: 'import', isTypeOnly: true, moduleSpecifier: './runtime/client/meta.js', namedImports: ['ValidatorTable'] },
    {
      kind: 'variable',
      isExported: true,
      declarationKind: 'const',
      docs: docs(['Every result and notification validator, for `validate`: `createNodeClient({ url, validate: validators })`. Each loads on first use.']),
      declarations: [{ name: 'validators', type: 'ValidatorTable', initializer: objectLiteral([['results', objectLiteral(results)], ['notifications', objectLiteral(notifications)]]) }],
    },
  ];
  return tsModule(`${PACKAGE_DIR}/validators.ts`, statements, memory);
}

/** The `Requests` interface's member of each method, by method model. */
const REQUEST_MEMBERS = slot<MethodModel, PropertySignature>('client request members');

/** The names the index module's declarations share. */
interface IndexNames {
  readonly client: string;
  readonly batchIface: string;
  readonly requestsIface: string;
}

/** The index module's imports (each namespace's factory, interface and table of methods) and its re-exports. */
function indexImports(ctx: EmitContext, pc: PackageContext): Statement[] {
  const statements: Statement[] = [];
  statements.push({ kind: 'import', moduleSpecifier: './runtime/client/call.js', namedImports: ['call'] });
  statements.push({ kind: 'import', moduleSpecifier: './runtime/client/call-api.js', namedImports: ['batch', 'prepare'] });
  statements.push({ kind: 'import', isTypeOnly: true, moduleSpecifier: './runtime/client/call.js', namedImports: ['CallOptions'] });
  statements.push({ kind: 'import', isTypeOnly: true, moduleSpecifier: './runtime/client/call-api.js', namedImports: ['BatchResult', 'PreparedCall'] });
  statements.push({ kind: 'import', moduleSpecifier: './runtime/client/endpoints.js', namedImports: ['TransportPool'] });
  statements.push({ kind: 'import', isTypeOnly: true, moduleSpecifier: './runtime/client/endpoints.js', namedImports: ['NodeClientOptions'] });
  statements.push({ kind: 'import', isTypeOnly: true, moduleSpecifier: './runtime/transports/middleware.js', namedImports: ['Middleware'] });
  statements.push({ kind: 'import', moduleSpecifier: './runtime/client/namespace.js', namedImports: ['findMethod', 'lazyMembers', 'transportOf', ...(Object.keys(ctx.config.scopes).length ? ['keptScope'] : [])] });
  statements.push({ kind: 'import', isTypeOnly: true, moduleSpecifier: './runtime/client/namespace.js', namedImports: ['MethodGroup'] });
  const typeImports = new Set<string>();
  for (const ns of pc.names.namespaces)
    for (const m of ns.methods) {
      if (m.subscriptions) continue;
      const t = pc.types.methodTypes(m);
      if (t.params) typeImports.add(t.params);
      if (t.result) typeImports.add(t.result);
    }
  for (const ns of pc.names.namespaces) {
    statements.push({
      kind: 'import',
      moduleSpecifier: `./${ns.module}.js`,
      namedImports: [ns.factory, ns.table, { name: ns.iface, isTypeOnly: true }],
    });
  }
  if (typeImports.size) statements.push({ kind: 'import', isTypeOnly: true, moduleSpecifier: './types.js', namedImports: [...typeImports].sort() });

  // Re-exports: the runtime's public API, the types, the namespaces.
  statements.push({ kind: 'export', moduleSpecifier: './runtime/index.js' });
  // (With type guards, types.js has functions to export too.)
  statements.push({ kind: 'export', isTypeOnly: !pc.typeGuards.js, moduleSpecifier: './types.js' });
  // A type of the document named as a runtime export (a `LogLevel` schema beside the client's log levels)
  // would make both `export *` ambiguous, and neither would be exported: the document's type is exported by
  // name, and the runtime's stays at `<package>/runtime`.
  const runtimeNames = runtimeExports(ctx.runtime);
  const clashes = pc.types.names().filter((name) => runtimeNames.has(name));
  if (clashes.length) statements.push({ kind: 'export', isTypeOnly: true, moduleSpecifier: './types.js', namedExports: clashes });
  statements.push({ kind: 'export', moduleSpecifier: './services.js' });

  return statements;
}

/** The types of `batch()` and `request()`: the batch namespaces and every method by its wire name. */
function batchAndRequestTypes(pc: PackageContext, names: IndexNames): Statement[] {
  const { batchIface, requestsIface } = names;
  const statements: Statement[] = [];
  statements.push({
    kind: 'typeAlias',
    isExported: true,
    name: 'BatchNamespace',
    typeParameters: ['NS'],
    docs: docs(['A namespace whose methods return prepared calls for a batch instead of promises.']),
    type: '{ [K in keyof NS as NS[K] extends (...args: never[]) => Promise<unknown> ? K : never]: NS[K] extends (...args: infer A) => Promise<infer R> ? (...args: A) => PreparedCall<R> : never }',
  });
  statements.push({
    kind: 'interface',
    isExported: true,
    name: batchIface,
    docs: docs(['The namespaces inside `batch()`: each method returns a prepared call.']),
    properties: pc.names.namespaces.map((ns) => ({ name: ns.key, isReadonly: true, type: `BatchNamespace<${ns.iface}>` })),
  });
  statements.push({
    kind: 'interface',
    isExported: true,
    name: requestsIface,
    docs: docs(['Every method by its wire name, with its params and result types: the map behind `request()`.']),
    // Two services may serve methods of the same name (the node's Admin API and the EVM chain's admin
    // namespace): request() reaches the first, as its method list does; the namespaces reach each.
    properties: firstOfEachName(pc.names.namespaces.flatMap((ns) => ns.methods.filter((m) => !m.subscriptions))).map((m) => {
          const t = pc.types.methodTypes(m);
          // Kept by the method's model and types: the member's printed text is kept under it.
          return pc.memory.memo(REQUEST_MEMBERS).get(m, [t], () => ({ name: q(m.name), isReadonly: true, type: `{ params: ${t.params ?? 'undefined'}${t.params && t.paramsOptional ? ' | undefined' : ''}; result: ${t.result ?? 'void'} }` }));
        }),
  });
  return statements;
}

/** Plan texts (params or result) that several metas of a namespace module share, by text: each is one constant of the module. */
type SharedPlans = ReadonlyMap<string, string>;
const NO_SHARED_PLANS: SharedPlans = new Map();

/**
 * The plans two or more methods of a namespace share (the EVM chain's trace results, a block by hash or by
 * number): written once as a constant, which keeps the whole-node client's namespace modules small.
 */
function sharedPlans(pc: PackageContext, methods: readonly MethodModel[]): SharedPlans {
  const counts = new Map<string, number>();
  for (const m of methods) {
    const plans = pc.plans(m);
    for (const root of [plans.params.root, plans.result.root]) {
      if (root === 0) continue;
      const source = planSource(root);
      if (source.length >= 64) counts.set(source, (counts.get(source) ?? 0) + 1);
    }
  }
  const out = new Map<string, string>();
  for (const [source, count] of counts) if (count > 1) out.set(source, `plan${out.size}`);
  return out;
}

function sharedOr(shared: SharedPlans, source: string): string {
  return shared.get(source) ?? source;
}

/** Methods in order, each wire name once (the first service that serves it). */
function firstOfEachName(methods: readonly MethodModel[]): MethodModel[] {
  const seen = new Set<string>();
  return methods.filter((m) => {
    if (seen.has(m.name)) return false;
    seen.add(m.name);
    return true;
  });
}

/** The client's interface: its namespaces, batch(), request(), the scopes, use() and close(). */
function clientInterface(ctx: EmitContext, pc: PackageContext, names: IndexNames): Statement[] {
  const { model, config } = ctx;
  const { client, batchIface, requestsIface } = names;
  const statements: Statement[] = [];
  const scopeMembers = Object.entries(config.scopes).map(([member, variable]) => ({
    name: member,
    docs: docs([`The same client for another value of the \`${variable}\` path variable (every endpoint that has it).`]),
    parameters: [{ name: variable, type: 'string' }],
    returnType: client,
  }));
  statements.push({
    kind: 'interface',
    isExported: true,
    name: client,
    docs: docs([`A client for every service: ${model.services.map((s) => s.title).join(', ')}.`]),
    properties: pc.names.namespaces.map((ns) => ({ name: ns.key, isReadonly: true, type: ns.iface, docs: docs([`${pc.names.titleOf(ns)}: \`${ns.key}\` methods.`]) })),
    methods: [
      {
        name: 'batch',
        typeParameters: [{ name: 'T', constraint: 'readonly PreparedCall<unknown>[]', isConst: true }],
        docs: docs([
          'Several calls at once. Calls to an endpoint that accepts JSON-RPC batches travel as one array (split into chunks of `maxBatchSize`); the others as concurrent single requests. One failing call never fails the others: each outcome is settled.',
        ]),
        parameters: [
          { name: 'build', type: `(batch: ${batchIface}) => T` },
          { name: 'options', type: 'CallOptions', hasQuestionToken: true },
        ],
        returnType: 'Promise<BatchResult<T>>',
      },
      {
        name: 'request',
        typeParameters: [{ name: 'M', constraint: `keyof ${requestsIface}` }],
        docs: docs(['Any method by its wire name, fully typed.']),
        parameters: [
          {
            name: 'request',
            type: `{ method: M } & (undefined extends ${requestsIface}[M]['params'] ? { params?: ${requestsIface}[M]['params'] } : { params: ${requestsIface}[M]['params'] })`,
          },
          { name: 'options', type: 'CallOptions', hasQuestionToken: true },
        ],
        returnType: `Promise<${requestsIface}[M]['result']>`,
      },
      ...scopeMembers,
      {
        name: 'use',
        docs: docs([
          'Adds a middleware after those already there: `(request, next) => response` around every HTTP request of this client (every attempt of a retried call), to read or change the request (headers, signing, tracing) and see the response.',
        ]),
        parameters: [{ name: 'middleware', type: 'Middleware' }],
        returnType: 'this',
      },
      { name: 'close', docs: docs(['Closes every connection (WebSocket subscriptions end).']), returnType: 'Promise<void>' },
    ],
  });

  return statements;
}

/** The client's implementation: the method table behind request(), scope() and the exported factory. */
function clientFactory(ctx: EmitContext, pc: PackageContext, names: IndexNames): Statement[] {
  const { model, config } = ctx;
  const { client } = names;
  const statements: Statement[] = [];
  const serviceOfNs = pc.names.namespaces.map((ns) => `${ns.key}: () => ${ns.factory}(transports, invoke)`);
  // request()'s table: each namespace's methods by service, as its members are made from them.
  statements.push({
    kind: 'variable',
    declarationKind: 'const',
    declarations: [{ name: 'METHODS', type: 'readonly (readonly MethodGroup[])[]', initializer: (w) => void w.write(`[${pc.names.namespaces.map((ns) => ns.table).join(', ')}]`) }],
  });
  statements.push({
    kind: 'function',
    name: 'scope',
    parameters: [
      { name: 'pool', type: 'TransportPool' },
      { name: 'variables', type: 'Readonly<Record<string, string>>' },
    ],
    returnType: client,
    statements: [
      'const transports = { http: (service) => pool.http(service, variables), ws: (service) => pool.ws(service, variables) };',
      // Each namespace is made on first use, and the batch's namespaces once per scope.
      (w) => {
        w.write('const namespaces = (invoke) => lazyMembers(');
        objectLiteral(serviceOfNs)(w);
        w.write(');').newLine();
      },
      'let prepared;',
      ...(Object.keys(config.scopes).length ? ['const scopes = new Map();'] : []),
      (w) => {
        w.write('return Object.assign(namespaces(call), ');
        objectLiteral([
          'batch: (build, options) => batch(build((prepared ??= namespaces(prepare))), options)',
          `request: ({ method, params }, options) => {\n  const found = findMethod(METHODS, method);\n  if (!found) return Promise.reject(new TypeError(\`unknown method \${String(method)}\`));\n  return call(transportOf(transports, found.service, found.meta), found.meta, params, options);\n}`,
          ...Object.entries(config.scopes).map(([member, variable]) => `${member}: (${variable}) => keptScope(scopes, ${q(variable)}, ${variable}, () => scope(pool, { ...variables, ${q(variable)}: ${variable} }))`),
          'use(middleware) {\n  pool.use(middleware);\n  return this;\n}',
          'close: () => pool.close()',
        ])(w);
        w.write(');');
      },
    ],
  });
  statements.push({
    kind: 'function',
    isExported: true,
    name: config.clientName,
    docs: docs([`A client for every service at \`options.url\` (the base URL, e.g. \`${exampleBaseUrl(config, model.services.flatMap((s) => s.endpoints))}\`): every service's endpoint is derived from it.`]),
    parameters: [{ name: 'options', type: 'NodeClientOptions' }],
    returnType: client,
    statements: [
      // The namespaces' metas carry no validator, so `true` alone would check nothing.
      `if (options?.validate === true) throw new TypeError(${q(
        ctx.config.emit.includes('validators')
          ? `validate: true needs the validators, which load only when asked for: import { validators } from '${config.package.name}/validators' and pass validate: validators`
          : 'validate: true needs validators, and this package was generated without them (add "validators" to emit)',
      )});`,
      `return scope(new TransportPool(options, ${q(config.package.name)}), {});`,
    ],
  });
  return statements;
}

function indexModule(ctx: EmitContext, pc: PackageContext): OutputFile[] {
  const client = `${pascalCase(ctx.config.clientName.replace(/^create/, '')) || 'Client'}`;
  const names: IndexNames = { client, batchIface: `${client}Batch`, requestsIface: `${client}Requests` };
  const statements: Statement[] = [
    GENERATED_BANNER,
    ...indexImports(ctx, pc),
    ...batchAndRequestTypes(pc, names),
    ...clientInterface(ctx, pc, names),
    ...clientFactory(ctx, pc, names),
  ];
  return tsModule(`${PACKAGE_DIR}/index.ts`, statements, pc.memory);
}

export async function emitClient(ctx: EmitContext): Promise<OutputFile[]> {
  const pc = await packageContext(ctx);
  const files: OutputFile[] = [];
  const guards = pc.typeGuards;
  const declarations = guards.dts ? [GENERATED_BANNER, '\n\n', pc.typesSource, '\n', guards.dts, '\n'] : [GENERATED_BANNER, '\n\n', pc.typesSource];
  files.push(...typesModule(`${PACKAGE_DIR}/types.ts`, pc.memory.join(`${PACKAGE_DIR}/types.ts`, declarations), guards.js));
  const withValidators = ctx.config.emit.includes('validators');
  for (const service of ctx.model.services) for (const method of service.methods) files.push(...methodModule(pc, method, withValidators));
  if (withValidators) files.push(...validatorsModule(ctx.model.services, ctx.memory));
  for (const ns of pc.names.namespaces) files.push(...namespaceModule(pc, ns, withValidators));
  files.push(...servicesModule(pc, ctx.model.services));
  files.push(...indexModule(ctx, pc));
  return files;
}

export const clientEmitter: Emitter = { name: 'client', emit: emitClient };
