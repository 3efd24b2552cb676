/**
 * The plain HTTP GETs of a namespace (`x-http-get`): an interface `<Namespace>HttpGets` with one function per
 * such method, reached as the namespace's `http` member (`node.health.http.readiness({ tags })`), each
 * resolving with the status beside the decoded body (runtime/client/http-get.ts). A member object rather than
 * more methods: batches and `request()` are JSON-RPC, and `BatchNamespace` keeps only functions.
 */
import { objectKey } from '../../lib/escape.js';
import type { MethodModel } from '../../model/index.js';
import type { NamespaceInfo } from '../shared/client-names.js';
import type { PackageContext } from '../shared/context.js';
import { methodDocs } from '../shared/method-docs.js';
import { docs, type Statement } from '../shared/ts-print.js';
import type { MethodSignature, PropertySignature } from '../shared/ts-printer.js';

export interface HttpGetsPart {
  /** The namespace interface's `http` member (none when no method of it has a GET). */
  readonly properties: readonly PropertySignature[];
  /** The `http` member of the namespace factory's object. */
  readonly impl: readonly string[];
  /**
   * The interface of the GETs, and the runtime imports the module needs for them. (The params and result
   * types are those of the namespace's own members, which the module imports already.)
   */
  readonly statements: readonly Statement[];
  readonly imports: readonly Statement[];
}

const NONE: HttpGetsPart = { properties: [], impl: [], statements: [], imports: [] };

/** The meta field of a method served to GETs (`httpGet: {...}`), or none. */
export function httpGetMetaField(method: MethodModel): string[] {
  return method.httpGet ? [`httpGet: ${JSON.stringify(method.httpGet)}`] : [];
}

/** Which paths a method answers GETs at, after its service's path: `'' and /health`. */
function httpGetPaths(method: MethodModel): string {
  return (method.httpGet?.paths ?? []).map((p) => (p === '' ? 'the service path' : `\`${p}\``)).join(' and ');
}

export function httpGetsPart(pc: PackageContext, ns: NamespaceInfo, root: string): HttpGetsPart {
  const methods = ns.methods.filter((m) => m.httpGet && !m.subscriptions && m.result);
  if (!methods.length) return NONE;
  const iface = `${ns.iface}HttpGets`;
  const members: MethodSignature[] = [];
  const impl: string[] = [];
  for (const m of methods) {
    const n = pc.names.of(m);
    const t = pc.types.methodTypes(m);
    const service = pc.names.serviceConst(pc.serviceOf(m));
    const codes = [...new Set(m.httpGet!.status.map((s) => s.code))].join(', ');
    const query = Object.entries(m.httpGet!.query).map(([q, { param }]) => `\`${param}\` as \`?${q}=\``).join(', ');
    members.push({
      name: n.member,
      docs: methodDocs(m, {
        returns: `\`GET\` ${httpGetPaths(m)}${query ? ` (${query})` : ''}: the HTTP status (${codes}) and the body as \`${m.name}\` returns it. Any other status rejects with an HttpError.`,
      }),
      parameters: [
        ...(t.params ? [{ name: 'params', type: t.params, hasQuestionToken: t.paramsOptional }] : []),
        { name: 'options', type: 'CallOptions', hasQuestionToken: true },
      ],
      returnType: `Promise<HttpGetResult<${t.result ?? 'unknown'}>>`,
    });
    // Loaded on first use: a plain GET is rare beside the JSON-RPC calls, and the node client's bundle stays small.
    impl.push(
      `${objectKey(n.member)}: (${t.params ? 'params, ' : ''}options) => import('${root}runtime/client/http-get.js').then((m) => m.callHttpGet(transports.http(${service}), ${n.meta}, ${t.params ? 'params' : 'undefined'}, options))`,
    );
  }
  return {
    properties: [
      {
        name: 'http',
        isReadonly: true,
        type: iface,
        docs: docs([`The methods also served to plain HTTP \`GET\` requests, called that way: each resolves with the HTTP status beside the body.`]),
      },
    ],
    impl: [`http: {\n  ${impl.join(',\n  ')},\n}`],
    statements: [
      {
        kind: 'interface',
        isExported: true,
        name: iface,
        docs: docs([`The \`${ns.key}\` methods served to plain HTTP \`GET\` requests (\`${ns.key}.http\`).`]),
        methods: members,
      },
    ],
    imports: [{ kind: 'import', isTypeOnly: true, moduleSpecifier: `${root}runtime/client/http-get.js`, namedImports: ['HttpGetResult'] }],
  };
}
