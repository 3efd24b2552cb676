/**
 * A method's examples as things to run: the JSON-RPC request (for curl, or a WebSocket message), the
 * response, and the same call through the generated TypeScript client with value-form arguments and result
 * (decoded with the method's codec plans, so decimal strings print as `123n`). Secret params (`x-secret`)
 * never appear: they become `<name>` placeholders.
 */
import { lineCommentText } from '../../lib/escape.js';
import { decode, type Plan } from '../../../runtime/client/codec.js';
import type { Endpoint, ExampleModel, MethodModel, ParamModel, ServiceModel, SubscriptionKindModel } from '../../model/index.js';
import { materialize, PlanBuilder } from '../../schema/codec.js';
import { pascalCase } from '../../schema/ts-names.js';
import { quote } from '../../lib/escape.js';
import { Placeholder, printArgs, printValue } from './literal.js';
import { curlSample } from '../../../tools/docs/try.js';

export interface Call {
  /** The JSON-RPC request, one line. */
  readonly request: string;
  /** The request pretty-printed (for a WebSocket message). */
  readonly requestPretty: string;
  /** The JSON-RPC response, pretty-printed; absent when the example has no result. */
  readonly response?: string;
  /** The TypeScript snippet (client setup, call, value-form result as a comment). */
  readonly ts: string;
}

export interface ClientNames {
  /** The factory (`createNodeClient`). */
  readonly factory: string;
  /** The package to import it from. */
  readonly pkg: string;
  /** The base URL examples call. */
  readonly baseUrl: string;
  /** The variable holding the client in examples (`node`, `client`). */
  readonly variable: string;
}

/** Longest line the printed TS aims for (docs pages are narrower than an editor). */
const DOCS_WIDTH = 100;
/** Longest value-form result comment before it is cut short (the JSON response shows it whole)... */
const MAX_RESULT_LINES = 60;
/** ...to this many lines. */
const CUT_RESULT_LINES = 40;

/** The endpoint a method is called on: WebSocket for WebSocket-only methods, else HTTP first. */
export function endpointFor(service: ServiceModel, method: MethodModel): Endpoint | undefined {
  const want = method.websocketOnly ? 'websocket' : 'http';
  return service.endpoints.find((e) => e.transport === want) ?? service.endpoints[0];
}

/** An endpoint's URL with its variables at their defaults, against `baseUrl` when relative. */
export function endpointUrl(endpoint: Endpoint | undefined, baseUrl: string): string {
  // A document without servers (OpenRPC allows it) is called at the base URL itself.
  if (!endpoint) return baseUrl;
  const url = endpoint.url.replace(/\{([^}]+)\}/g, (m, name: string) => endpoint.variables[name]?.default ?? m);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return url;
  const base = endpoint.transport === 'websocket' ? baseUrl.replace(/^http/i, 'ws') : baseUrl;
  // A server without a path (the default server of a document without `servers`) is the base URL itself.
  const path = endpointPath(endpoint);
  return path === '' ? base : `${base.replace(/\/$/, '')}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** The path part of an endpoint with variables at their defaults. */
export function endpointPath(endpoint: Endpoint): string {
  return endpoint.path.replace(/\{([^}]+)\}/g, (m, name: string) => endpoint.variables[name]?.default ?? m);
}

/** A shell single-quoted word. */
export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

export function curlCommand(request: string, url: string): string {
  return curlSample(url, request);
}

/** Builds calls for one service, sharing its codec plans. */
export class ExamplePrinter {
  private readonly builder: PlanBuilder;
  private readonly service: ServiceModel;
  private readonly names: ClientNames;
  private readonly width: number;

  constructor(service: ServiceModel, names: ClientNames, width = DOCS_WIDTH) {
    this.service = service;
    this.names = names;
    this.width = width;
    this.builder = new PlanBuilder(service.document);
  }

  /** A value laid out at `indent`, starting at column `lead`, with `tail` characters after it. */
  private show(value: unknown, indent: number, lead = indent, tail = 1): string {
    return printValue(value, { indent, lead, tail, width: this.width });
  }

  /** Call arguments starting at column `lead` and followed by `tail` characters. */
  printArgs(args: readonly unknown[], lead: number, tail: number): string {
    return printArgs(args, { lead, tail, width: this.width });
  }

  private readonly plans = new Map<unknown, Plan | 0>();

  /** The materialized plan of `key` (a schema, or a method's params), built once per printer. */
  private plan(key: unknown, build: () => ReturnType<PlanBuilder['tree']>): Plan | 0 {
    let p = this.plans.get(key);
    if (p === undefined) this.plans.set(key, (p = materialize(build())));
    return p;
  }

  /** The client member a method is reached by: `node.wallet.getBalance`. */
  accessor(method: MethodModel): string {
    return `${this.names.variable}${member(method.namespace || this.service.name)}${member(method.member)}`;
  }

  /** The client member of a method's plain GET form (`x-http-get`): `node.health.http.readiness`. */
  getAccessor(method: MethodModel): string {
    return `${this.names.variable}${member(method.namespace || this.service.name)}${member('http')}${member(method.member)}`;
  }

  call(method: MethodModel, example: ExampleModel): Call {
    const wireParams = this.wireParams(method, example.params);
    const request = { jsonrpc: '2.0', id: 1, method: method.name, params: wireParams };
    const prefix = method.subscriptions ? 'const events = ' : example.result ? 'const result = await ' : 'await ';
    const args = this.printArgs(this.args(method, method.params, example.params), prefix.length + this.accessor(method).length + 1, 2);
    const lines = [...this.setup()];
    const invocation = `${this.accessor(method)}(${args})`;
    lines.push(`${prefix}${invocation};`);
    // A secret result (a private key the method returns) is shown by its shape only.
    const result = example.result ? (method.result?.secret ? hideSecret(example.result.value) : example.result.value) : undefined;
    if (!method.subscriptions && example.result) lines.push(...this.resultComment(method, result));
    return {
      request: JSON.stringify(request),
      requestPretty: JSON.stringify(request, null, 2),
      ...(example.result ? { response: JSON.stringify({ jsonrpc: '2.0', id: 1, result }, null, 2) } : {}),
      ts: lines.join('\n'),
    };
  }

  /** A method served to plain GETs, called that way with an example's params: `node.health.http.health()`. */
  httpGet(method: MethodModel, example: ExampleModel): string {
    const accessor = `${this.names.variable}${member(method.namespace || this.service.name)}.http${member(method.member)}`;
    const prefix = 'const { status, ok, body } = await ';
    const args = this.printArgs(this.args(method, method.params, example.params), prefix.length + accessor.length + 1, 2);
    return [...this.setup(), `${prefix}${accessor}(${args});`, 'console.log(status, ok, body);'].join('\n');
  }

  /** The params of an example as sent (wire form), for a method taking them by name or by position. */
  wire(method: MethodModel, example: ExampleModel): unknown {
    return this.wireParams(method, example.params);
  }

  /**
   * A paginated method's iterator over every item, with an example's params (less the cursor, which the
   * iterator passes itself): `for await (const item of node.ns.paginateList({ ... }))`.
   */
  paginate(method: MethodModel, example: ExampleModel): string {
    const cursor = method.pagination!.cursorParam;
    const given = example.params.filter((p) => p.name !== cursor);
    const accessor = `${this.names.variable}${member(method.namespace || this.service.name)}${member(`paginate${pascalCase(method.member)}`)}`;
    const prefix = 'for await (const item of ';
    const args = this.printArgs(this.args(method, method.params, given), prefix.length + accessor.length + 1, ')) {'.length);
    return [...this.setup(), `${prefix}${accessor}(${args})) {`, '  console.log(item);', '}'].join('\n');
  }

  /** A subscription kind's example: the subscribe request, its notifications, and the async iterator. */
  subscription(method: MethodModel, kind: SubscriptionKindModel, example: SubscriptionKindModel['examples'][number], subscriptionId: string): Call & { readonly notifications: string } {
    const notification = method.subscriptions!.notification;
    const secretNames = new Set(kind.params.filter((p) => p.secret).map((p) => p.name));
    const wire = [kind.name, ...positional(kind.params, example.params).map((p) => (p === undefined ? null : secretNames.has(p.name) ? `<${p.name}>` : p.value))];
    const request = { jsonrpc: '2.0', id: 1, method: method.name, params: wire };
    const notifications = example.notifications.map((payload) => JSON.stringify({ jsonrpc: '2.0', method: notification, params: { subscription: subscriptionId, result: payload } }, null, 2));
    const lead = 'for await (const event of '.length + this.accessor(method).length + 1;
    const args = this.printArgs([kind.name, ...this.args({ positional: true }, kind.params, example.params)], lead, ')) {'.length);
    const plan = this.plan(kind.result.schema, () => this.builder.tree(kind.result.schema));
    const first = example.notifications[0];
    const lines = [...this.setup(), `for await (const event of ${this.accessor(method)}(${args})) {`];
    if (first !== undefined) {
      lines.push('  // event (the first notification, decoded):');
      lines.push(...commentLines(this.show(safeDecode(plan, first), 0, 2 + 3, 0)).map((l) => `  ${l}`));
    }
    lines.push('  break;', '}');
    return {
      request: JSON.stringify(request),
      requestPretty: JSON.stringify(request, null, 2),
      notifications: notifications.join('\n'),
      ts: lines.join('\n'),
    };
  }

  private setup(): string[] {
    const lead = `const ${this.names.variable} = ${this.names.factory}(`.length;
    return [`import { ${this.names.factory} } from ${this.show(this.names.pkg, 0)};`, '', `const ${this.names.variable} = ${this.names.factory}(${this.printArgs([{ url: this.names.baseUrl }], lead, 2)});`];
  }

  private resultComment(method: MethodModel, value: unknown): string[] {
    const schema = method.result?.schema;
    const plan = schema === undefined ? 0 : this.plan(schema, () => this.builder.tree(schema));
    const printed = this.show(safeDecode(plan, value), 0, '// result: '.length, 0);
    return printed.includes('\n') ? ['// result:', ...commentLines(printed)] : [`// result: ${printed}`];
  }

  /** The params as sent: an array in declared order when positional (by position, or `either`), else an object. */
  private wireParams(method: MethodModel, given: ExampleModel['params']): unknown {
    const secret = new Set(method.params.filter((p) => p.secret).map((p) => p.name));
    const value = (p: { name: string; value: unknown }) => (secret.has(p.name) ? `<${p.name}>` : p.value);
    if (!method.positional) return Object.fromEntries(given.map((p) => [p.name, value(p)]));
    return positional(method.params, given).map((p) => (p === undefined ? null : value(p)));
  }

  /**
   * The client call's arguments in value form: one object (by name) or the positional values, up to the
   * last one given; secrets as placeholders.
   */
  args(method: Pick<MethodModel, 'positional'>, params: readonly ParamModel[], given: ExampleModel['params']): unknown[] {
    if (!given.length) return [];
    const secret = new Set(params.filter((p) => p.secret).map((p) => p.name));
    if (!method.positional) {
      const plan = this.plan(params, () => this.builder.object(params.map((p) => [p.name, p.schema] as const)));
      const wire = Object.fromEntries(given.filter((p) => !secret.has(p.name)).map((p) => [p.name, p.value]));
      const decoded = safeDecode(plan, wire) as Record<string, unknown>;
      return [Object.fromEntries(given.map((p) => [p.name, secret.has(p.name) ? new Placeholder(p.name) : decoded[p.name]] as const))];
    }
    const slots = positional(params, given);
    const plan = this.plan(params, () => this.builder.tuple(params.map((p) => p.schema)));
    const decoded = safeDecode(plan, slots.map((p) => (p === undefined || secret.has(p.name) ? null : p.value))) as unknown[];
    return slots.map((p, i) => (p === undefined ? undefined : secret.has(p.name) ? new Placeholder(p.name) : decoded[i]));
  }
}

/** Example params laid out by declared position, up to the last one given (gaps stay undefined). */
function positional(params: readonly ParamModel[], given: ExampleModel['params']): ({ name: string; value: unknown } | undefined)[] {
  const byName = new Map(given.map((p) => [p.name, p]));
  const known = params.some((p) => byName.has(p.name));
  if (!known) return [...given];
  const slots = params.map((p) => byName.get(p.name));
  while (slots.length && slots[slots.length - 1] === undefined) slots.pop();
  return slots;
}

function safeDecode(plan: Plan | 0, value: unknown): unknown {
  try {
    return decode(plan, value);
  } catch {
    // Examples are checked against their schemas before any emitter runs; a value the codec cannot
    // convert is shown as written rather than failing the docs.
    return value;
  }
}

/** A copy of a secret value with every string replaced by a placeholder named after where it is. */
export function hideSecret(value: unknown, name = 'secret'): unknown {
  if (typeof value === 'string') return `<${name}>`;
  if (Array.isArray(value)) return value.map((v) => hideSecret(v, name));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, hideSecret(v, k)]));
  return value;
}


function member(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? `.${name}` : `[${quote(name)}]`;
}

function commentLines(printed: string): string[] {
  const lines = printed.split('\n');
  if (lines.length <= MAX_RESULT_LINES) return lines.map((l) => `// ${lineCommentText(l)}`.trimEnd());
  return [...lines.slice(0, CUT_RESULT_LINES).map((l) => `// ${lineCommentText(l)}`.trimEnd()), `// ... (${lines.length - CUT_RESULT_LINES} more lines: see the JSON response)`];
}




