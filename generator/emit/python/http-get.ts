/**
 * The plain HTTP GETs of a namespace (`x-http-get`) in the Python clients: a class `<Namespace>HttpGets` with one
 * method per such method, reached as the namespace's `http` attribute (`client.health.http.readiness(tags=...)`).
 * Each takes the method's own arguments and returns an `HttpGetResult` (status, ok, body) typed by its result
 * (runtime/python/_http_get.py): a status the spec lists is a value, any other raises HttpError.
 */
import type { Endpoint, MethodModel, ServiceModel } from '../../model/index.js';
import { pyDoc } from './types.js';

/** What the emitter knows of a method the class offers (a subset of index.ts's PyMethod). */
export interface PyGetMethod {
  readonly service: ServiceModel;
  readonly method: MethodModel;
  readonly builder: string;
  readonly attr: string;
  readonly result: string;
  readonly params: readonly { readonly name: string; readonly ident: string }[];
  readonly getPath?: readonly string[];
}

/** `GET /ext/health and /ext/health/health (tags as ?tag=)`. */
function where(method: MethodModel, endpoint: Endpoint | undefined): string {
  const get = method.httpGet!;
  const base = (endpoint?.path ?? '').replace(/\/+$/, '');
  const paths = get.paths.map((p) => `\`${base}${p}\``).join(' and ');
  const query = Object.entries(get.query).map(([q, { param }]) => `\`${param}\` as \`?${q}=\``);
  return `GET ${paths}${query.length ? ` (${query.join(', ')})` : ''}`;
}

/** The `HttpGet(...)` literal of a method: its first path, its query parameters and its statuses. */
function getLiteral(method: MethodModel): string {
  const get = method.httpGet!;
  // (The loader lets only methods taking params by name have x-http-get.)
  const query = Object.entries(get.query).map(([q, { param }]) => `(${JSON.stringify(q)}, ${JSON.stringify(param)})`);
  const codes = [...new Set(get.status.map((s) => s.code))];
  return `HttpGet(${JSON.stringify(get.paths[0] ?? '')}, (${query.join(', ')}${query.length === 1 ? ',' : ''}), (${codes.join(', ')}${codes.length === 1 ? ',' : ''}))`;
}

/**
 * The class of a namespace's GET calls (none when no method of it is served to GETs), and the line of its
 * namespace's `__init__` that makes it. `signature` is the method's own signature on the namespace class.
 */
export function httpGetClass<M extends PyGetMethod>(
  owner: string,
  methods: readonly M[],
  sync: boolean,
  signature: (m: M) => string,
): { attr: string; name: string; text: string } | undefined {
  const gets = methods.filter((m) => m.getPath);
  if (!gets.length) return undefined;
  const name = `${owner.replace(/Api$/, '')}HttpGets`;
  const transport = sync ? 'HttpTransport' : 'AsyncHttpTransport';
  const lines = [
    `class ${name}:`,
    `    ${pyDoc('The methods also served to plain HTTP `GET` requests, called that way: each returns the HTTP status beside the body.')}`,
    '',
    `    def __init__(self, transport: ${transport}) -> None:`,
    '        self._t = transport',
  ];
  for (const m of gets) {
    const codes = [...new Set(m.method.httpGet!.status.map((s) => s.code))].join(', ');
    const fwd = m.params.map((p) => (m.method.positional ? p.ident : `${p.ident}=${p.ident}`)).join(', ');
    const doc = [
      `${m.method.summary?.trim() ?? m.method.name} (plain GET)`,
      '',
      `        ${where(m.method, m.service.endpoints.find((e) => e.transport === 'http'))}: the HTTP status (${codes}) and the body as ${m.method.name} returns it.`,
      '        Any other status raises HttpError; a body that is not JSON, ProtocolError.',
    ].join('\n');
    lines.push(
      '',
      `    ${sync ? 'def' : 'async def'} ${m.attr}(${signature(m)}) -> HttpGetResult[${m.result}]:`,
      `        ${pyDoc(doc)}`,
      `        return ${sync ? 'http_get' : 'await async_http_get'}(self._t, calls.${m.builder}(${fwd}), ${getLiteral(m.method)}, timeout=timeout, headers=headers)`,
    );
  }
  return { attr: gets[0]!.getPath!.at(-1)!, name, text: lines.join('\n') };
}
