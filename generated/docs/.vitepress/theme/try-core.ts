/**
 * The docs console's logic, free of the DOM and of imports: the docs emitter copies this file into the
 * site's theme (`.vitepress/theme/try-core.ts`), where the console component runs it in the browser, and
 * the emitter itself prints the static samples of every method page with the same functions, so a sample
 * on the page and the console's code for the same params are the same text.
 */

/** What the docs emitter writes per method (`.vitepress/theme/try/<service>.json`). */
export interface TryMethod {
  readonly name: string;
  readonly structure: 'by-name' | 'by-position' | 'either';
  /** Whether params go on the wire as an array (by position, or `either`). */
  readonly positional: boolean;
  /** Endpoint path with variables at their defaults (`/ext/bc/C/rpc`); `''` for the base URL itself. */
  readonly path: string;
  /** The WebSocket endpoint path, when the service has one. */
  readonly wsPath?: string;
  readonly wsOnly: boolean;
  /** The first example's params in wire form, in the method's form (object or array); `undefined`: none. */
  readonly example: unknown;
  /** Validator modules below `client/validators/` (`info/info.acps.params.js`). */
  readonly validators: { readonly params: string; readonly result?: string };
  /** Codec plan trees (see generator/schema/codec.ts): params and result, wire → value form. */
  readonly plans: { readonly params: PlanTree; readonly result?: PlanTree };
  /** Units the spec names for values of the result, by pointer (`*` for any array index). */
  readonly units: Readonly<Record<string, string>>;
  /** The client member the method is called through (`node.platform.getBalance`). */
  readonly accessor: string;
  /** Subscription kinds of a `*_subscribe` method. */
  readonly kinds?: readonly TryKind[];
  readonly unsubscribe?: string;
  readonly notification?: string;
  /** The plain GET form of a method the spec also serves to HTTP GET requests (`x-http-get`). */
  readonly get?: TryGet;
}

/** A method's plain GET form: where it is served, how params become the query string, which status means what. */
export interface TryGet {
  /** Paths after the HTTP endpoint's (`''`: the endpoint itself, `/readiness`); the client calls the first. */
  readonly paths: readonly string[];
  /** Query parameter name → the param it carries; a list param repeats the query parameter, one per item. */
  readonly query: Readonly<Record<string, { readonly param: string; readonly list: boolean }>>;
  /** In order, the first that matches the body gives the status; the last has no `when`. */
  readonly status: readonly StatusRule[];
  /** The client member of the GET form (`node.health.http.readiness`). */
  readonly accessor: string;
}

/** The HTTP status of a body: `when` the value at `pointer` equals `equals`; without `when`, always. */
export interface StatusRule {
  readonly code: number;
  readonly when?: { readonly pointer: string; readonly equals: unknown };
}

export interface TryKind {
  readonly name: string;
  /** The first example's params after the kind, in wire form. */
  readonly example: readonly unknown[];
  readonly validator: string;
  readonly plans: { readonly params: PlanTree; readonly notification: PlanTree };
  readonly units: Readonly<Record<string, string>>;
}

export interface TryService {
  readonly service: string;
  /** The base URL the docs call (the config's `url`): where `npm run mock` listens. */
  readonly baseUrl: string;
  /** The spec's servers of the HTTP endpoint: absolute URLs, or paths relative to the node's base URL. */
  readonly servers: readonly { readonly name: string; readonly url: string }[];
  readonly client: ClientSetup;
  readonly methods: Readonly<Record<string, TryMethod>>;
}

export interface ClientSetup {
  readonly factory: string;
  readonly pkg: string;
  readonly variable: string;
}

/** A codec plan before materializing: recursive parts refer to `defs` by name (`{ ref }`). */
export interface PlanTree {
  readonly root: unknown;
  readonly defs: Readonly<Record<string, unknown>>;
}

/** One problem a validator found (the shape of the generated validators' issues). */
export interface Issue {
  readonly path: string;
  readonly message: string;
}

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

// ---- plans ---------------------------------------------------------------------------------------------

/** The runtime plan of a tree (what the codec's `decode` walks); recursive references become lazy. */
export function materializePlan(tree: PlanTree): unknown {
  const built = new Map<string, unknown>();
  const build = (node: unknown): unknown => {
    if (node === 0 || typeof node === 'string' || node === null || typeof node !== 'object') return node;
    const n = node as Record<string, unknown>;
    if (typeof n.ref === 'string') {
      const name = n.ref;
      return { l: () => built.get(name) };
    }
    if ('a' in n) return { a: build(n.a) };
    if ('t' in n) return { t: (n.t as unknown[]).map(build), ...(n.r ? { r: build(n.r) } : {}) };
    if ('u' in n) return { u: (n.u as [unknown, unknown][]).map(([g, p]) => [g, build(p)]) };
    const o = n.o as Record<string, unknown> | undefined;
    return { ...(o ? { o: Object.fromEntries(Object.entries(o).map(([k, v]) => [k, build(v)])) } : {}), ...(n.m ? { m: build(n.m) } : {}) };
  };
  for (const [name, def] of Object.entries(tree.defs)) built.set(name, build(def));
  return build(tree.root);
}

// ---- input ---------------------------------------------------------------------------------------------

/** Where in `text` a JSON.parse error points, as `line L, column C` (when the engine says). */
function jsonErrorAt(text: string, message: string): string {
  const m = /position (\d+)/.exec(message);
  if (!m) return message;
  const at = Number(m[1]);
  const before = text.slice(0, at).split('\n');
  return `${message.replace(/ in JSON at position \d+.*$/, '')} at line ${before.length}, column ${before[before.length - 1]!.length + 1}`;
}

/** The params editor's text as the params to send, in the method's form. Empty text: no params. */
export function parseParams(text: string, method: Pick<TryMethod, 'structure' | 'name'>): Parsed<unknown> {
  if (text.trim() === '') return { ok: true, value: undefined };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `the params are not JSON: ${jsonErrorAt(text, (e as Error).message)}` };
  }
  const isArray = Array.isArray(value);
  const isObject = value !== null && typeof value === 'object' && !isArray;
  if (method.structure === 'by-name' && !isObject) return { ok: false, message: `${method.name} takes its params by name: one JSON object, not ${kindOf(value)}` };
  if (method.structure === 'by-position' && !isArray) return { ok: false, message: `${method.name} takes its params by position: a JSON array, not ${kindOf(value)}` };
  if (method.structure === 'either' && !isArray && !isObject) return { ok: false, message: `the params are a JSON array or object, not ${kindOf(value)}` };
  return { ok: true, value };
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Extra headers, one `Name: value` per line (blank lines skipped). */
export function parseHeaders(text: string): Parsed<readonly (readonly [string, string])[]> {
  const out: [string, string][] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    const colon = line.indexOf(':');
    const name = colon < 0 ? line : line.slice(0, colon).trim();
    if (colon < 0 || !HEADER_NAME.test(name)) return { ok: false, message: `header line ${i + 1} is not \`Name: value\`: ${line}` };
    out.push([name, line.slice(colon + 1).trim()]);
  }
  return { ok: true, value: out };
}

/** Validator issues as lines: the JSON pointer (`(root)` for the value itself), then what was expected. */
export function issueLines(issues: readonly Issue[], prefix = ''): string[] {
  return issues.map((i) => `${prefix}${i.path === '' ? '' : i.path}${i.path === '' && prefix === '' ? '(root)' : ''}: ${i.message}`);
}

// ---- targets -------------------------------------------------------------------------------------------

/** An endpoint's URL under a base URL (`http://127.0.0.1:9650` + `/ext/info`); an absolute server URL stays. */
export function joinUrl(base: string, path: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) return path;
  if (path === '') return base;
  return `${base.replace(/\/+$/, '')}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** The WebSocket URL of an endpoint under an HTTP base URL. */
export function wsUrl(base: string, path: string): string {
  return joinUrl(base, path).replace(/^http(s?):/i, 'ws$1:');
}

/** A base URL a reader typed: `http(s)://host[:port][/path]`, or why not. */
export function parseBaseUrl(text: string): Parsed<string> {
  const t = text.trim();
  let url: URL;
  try {
    url = new URL(t);
  } catch {
    return { ok: false, message: `not a URL: ${t || '(empty)'}; type one like http://127.0.0.1:9650` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, message: `use an http:// or https:// URL, not ${url.protocol}` };
  return { ok: true, value: t.replace(/\/+$/, '') };
}

// ---- requests and samples ------------------------------------------------------------------------------

export function requestBody(method: string, params: unknown, id: number | string = 1): string {
  return JSON.stringify(params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params });
}

/**
 * `?tag=a&tag=b`: the query string of a GET from its params in wire form (one object, by name), each query
 * parameter from its param, a list repeated; params the GET does not carry, and absent ones, are left out.
 */
export function getQuery(get: Pick<TryGet, 'query'>, params: unknown): string {
  const wire = params !== null && typeof params === 'object' && !Array.isArray(params) ? (params as Record<string, unknown>) : {};
  const parts: string[] = [];
  for (const [name, { param }] of Object.entries(get.query)) {
    const value = Object.prototype.hasOwnProperty.call(wire, param) ? wire[param] : undefined;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(typeof item === 'string' ? item : JSON.stringify(item))}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Params the GET form cannot send: every param must travel in a query parameter. */
export function getLeftOut(get: Pick<TryGet, 'query'>, params: unknown): string[] {
  if (params === null || typeof params !== 'object' || Array.isArray(params)) return [];
  const carried = new Set(Object.values(get.query).map((q) => q.param));
  return Object.keys(params).filter((k) => !carried.has(k));
}

/** The value at a JSON pointer (`/healthy`), or undefined. */
function valueAt(value: unknown, pointer: string): unknown {
  let at = value;
  for (const seg of pointer.split('/').slice(1)) {
    const key = seg.replace(/~1/g, '/').replace(/~0/g, '~');
    at = at !== null && typeof at === 'object' && Object.prototype.hasOwnProperty.call(at, key) ? (at as Record<string, unknown>)[key] : undefined;
  }
  return at;
}

/** The rule that gives a body its status: the first whose `when` holds. */
export function ruleFor(rules: readonly StatusRule[], body: unknown): StatusRule | undefined {
  return rules.find((r) => !r.when || JSON.stringify(valueAt(body, r.when.pointer)) === JSON.stringify(r.when.equals));
}

/** A rule in words: `503 when /healthy is false`, `200 otherwise`. */
export function ruleText(rule: StatusRule): string {
  return rule.when ? `${rule.code} when ${rule.when.pointer} is ${JSON.stringify(rule.when.equals)}` : `${rule.code} otherwise`;
}

/**
 * What the spec's status rules say of a GET's reply: whether the status is one they list, whether it is the
 * one they give this body, and, when it is, whether it means ok (2xx: for a health report, healthy).
 * `body` is the parsed body (undefined: not JSON).
 */
export function getVerdict(rules: readonly StatusRule[], status: number, body: unknown): { ok: boolean; lines: string[] } {
  const listed = [...new Set(rules.map((r) => r.code))];
  if (!listed.includes(status)) return { ok: false, lines: [`HTTP ${status} is not a status the spec lists for this GET (${listed.join(', ')})`] };
  if (body === undefined) return { ok: false, lines: ['the body is not JSON'] };
  const rule = ruleFor(rules, body);
  if (rule && rule.code !== status) return { ok: false, lines: [`the status rules give this body ${rule.code} (${ruleText(rule)}), but the server answered ${status}`] };
  const ok = status >= 200 && status < 300;
  return { ok: true, lines: [`HTTP ${status} is the status the rules give this body (${rule ? ruleText(rule) : 'no rule'}): ${ok ? 'ok' : 'not ok'}.`] };
}

/** The same GET with curl. */
export function curlGetSample(url: string, headers: readonly (readonly [string, string])[] = []): string {
  return `curl -s -i${headers.map(([k, v]) => ` -H ${shellWord(`${k}: ${v}`)}`).join('')} ${shellWord(url)}`;
}

/** The same GET with fetch: the status, then the body. */
export function fetchGetSample(url: string, headers: readonly (readonly [string, string])[] = []): string {
  const h = headers.length ? `, { headers: { ${headers.map(([k, v]) => `${jsString(k)}: ${jsString(v)}`).join(', ')} } }` : '';
  return [`const response = await fetch(${jsString(url)}${h});`, 'console.log(response.status, await response.json());'].join('\n');
}

/** The same GET with Python's requests: the status, then the body (a 503 is an answer here, not a failure). */
export function pythonGetSample(url: string, headers: readonly (readonly [string, string])[] = []): string {
  const h = headers.length ? `    headers={${headers.map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(', ')}},\n` : '';
  return ['import json', 'import requests', '', `response = requests.get(\n    ${JSON.stringify(url)},\n${h}    timeout=30,\n)`, 'print(response.status_code)', 'print(json.dumps(response.json(), indent=2))'].join('\n');
}

/** A shell single-quoted word. */
export function shellWord(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

export function curlSample(url: string, body: string, headers: readonly (readonly [string, string])[] = []): string {
  const h = [['content-type', 'application/json'] as const, ...headers].map(([k, v]) => ` -H ${shellWord(`${k}: ${v}`)}`).join('');
  // Every value a single-quoted word: a URL may hold ; & $ ( ) ` # and spaces (a server URL is document text).
  return `curl -s -X POST${h} --data ${shellWord(body)} ${shellWord(url)}`;
}

export function fetchSample(url: string, body: string, headers: readonly (readonly [string, string])[] = []): string {
  const h = [['content-type', 'application/json'] as const, ...headers].map(([k, v]) => `${jsString(k)}: ${jsString(v)}`).join(', ');
  return [
    `const response = await fetch(${jsString(url)}, {`,
    `  method: 'POST',`,
    `  headers: { ${h} },`,
    `  body: JSON.stringify(${jsLiteral(JSON.parse(body), 2)}),`,
    `});`,
    `const reply: { result?: unknown; error?: { code: number; message: string; data?: unknown } } = await response.json();`,
    `console.log(reply.error ?? reply.result);`,
  ].join('\n');
}

export function pythonSample(url: string, body: string, headers: readonly (readonly [string, string])[] = []): string {
  const h = headers.length ? `    headers={${headers.map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(', ')}},\n` : '';
  return [
    'import json',
    'import requests',
    '',
    'response = requests.post(',
    `    ${JSON.stringify(url)},`,
    `    json=${pyLiteral(JSON.parse(body), 4)},`,
    `${h}    timeout=30,`,
    ')',
    'response.raise_for_status()',
    'print(json.dumps(response.json(), indent=2))',
  ].join('\n');
}

/** The generated client called with value-form arguments (`args`: one object by name, or the positional values). */
export function clientSample(setup: ClientSetup, baseUrl: string, accessor: string, args: readonly unknown[], subscribe = false): string {
  const call = `${accessor}(${args.map((a) => jsLiteral(a, 0)).join(', ')})`;
  return [
    `import { ${setup.factory} } from ${jsString(setup.pkg)};`,
    '',
    `const ${setup.variable} = ${setup.factory}({ url: ${jsString(baseUrl)} });`,
    ...(subscribe ? [`for await (const event of ${call}) {`, '  console.log(event);', '}'] : [`const result = await ${call};`, 'console.log(result);']),
  ].join('\n');
}

/** A single-quoted JavaScript string literal of `s`: backslash, quote and every line terminator escaped. */
function jsString(s: string): string {
  return `'${s
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')}'`;
}

/** A value as a JavaScript literal (bigints as `123n`), on one line when short, else indented. */
export function jsLiteral(value: unknown, indent: number): string {
  const one = jsOneLine(value);
  if (one.length + indent <= 96) return one;
  const pad = ' '.repeat(indent + 2);
  const end = ' '.repeat(indent);
  if (Array.isArray(value)) return `[\n${value.map((v) => `${pad}${jsLiteral(v, indent + 2)},`).join('\n')}\n${end}]`;
  if (value !== null && typeof value === 'object') {
    return `{\n${Object.entries(value).map(([k, v]) => `${pad}${jsKey(k)}: ${jsLiteral(v, indent + 2)},`).join('\n')}\n${end}}`;
  }
  return one;
}

function jsKey(k: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(k) ? k : jsString(k);
}

function jsOneLine(value: unknown): string {
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'string') return jsString(value);
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return `[${value.map(jsOneLine).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length ? `{ ${entries.map(([k, v]) => `${jsKey(k)}: ${jsOneLine(v)}`).join(', ')} }` : '{}';
  }
  return String(value);
}

/** A JSON value as a Python literal. */
export function pyLiteral(value: unknown, indent: number): string {
  const one = pyOneLine(value);
  if (one.length + indent <= 92) return one;
  const pad = ' '.repeat(indent + 4);
  const end = ' '.repeat(indent);
  if (Array.isArray(value)) return `[\n${value.map((v) => `${pad}${pyLiteral(v, indent + 4)},`).join('\n')}\n${end}]`;
  if (value !== null && typeof value === 'object') {
    return `{\n${Object.entries(value).map(([k, v]) => `${pad}${JSON.stringify(k)}: ${pyLiteral(v, indent + 4)},`).join('\n')}\n${end}}`;
  }
  return one;
}

function pyOneLine(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(pyOneLine).join(', ')}]`;
  if (typeof value === 'object') return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${pyOneLine(v)}`).join(', ')}}`;
  return String(value);
}

// ---- showing values ------------------------------------------------------------------------------------

/** The unit the spec names for the value at `pointer`, array indexes matching `*`. */
export function unitAt(units: Readonly<Record<string, string>>, pointer: string): string | undefined {
  return units[pointer] ?? units[pointer.replace(/\/\d+(?=\/|$)/g, '/*')];
}

/** The unit name the spec gives unix times (see the docs emitter's `unitOf`): shown as an ISO date. */
export const UNIX_TIME = 'unix time';

/** What is noted beside a number: its unit, and for a unix time the date it stands for. */
function note(value: bigint | number, unit: string): string {
  if (unit !== UNIX_TIME) return unit;
  const ms = Number(value) * 1000;
  // Past what a Date holds (±8.64e15 ms) there is no date to show, only the unit.
  return Math.abs(ms) <= 8.64e15 ? `${new Date(ms).toISOString().replace('.000Z', 'Z')} (unix seconds)` : 'unix seconds';
}

/**
 * A value-form result for reading, in two texts of as many lines: `json`, valid JSON (bigints as plain
 * decimal numbers, which JSON allows at any size), to copy as it is; and `notes`, beside each line the unit
 * the spec names for its number (`wei`, `nNATIVE`) and for a unix time the date (ISO 8601), empty elsewhere.
 */
export function showValue(value: unknown, units: Readonly<Record<string, string>> = {}): { json: string; notes: string } {
  const json: string[] = [];
  const notes: string[] = [];
  const walk = (v: unknown, pointer: string, indent: number, head: string, tail: string): void => {
    const unit = unitAt(units, pointer);
    const pad = ' '.repeat(indent);
    if (typeof v === 'bigint' || typeof v === 'number') {
      json.push(`${pad}${head}${typeof v === 'number' ? JSON.stringify(v) : String(v)}${tail}`);
      notes.push(unit ? note(v, unit) : '');
      return;
    }
    if (v === null || typeof v !== 'object') {
      json.push(`${pad}${head}${v === undefined ? 'null' : JSON.stringify(v)}${tail}`);
      notes.push('');
      return;
    }
    const entries: [string, unknown, string][] = Array.isArray(v)
      ? v.map((x, i) => [`${i}`, x, ''])
      : Object.entries(v).map(([k, x]) => [k.replace(/~/g, '~0').replace(/\//g, '~1'), x, `${JSON.stringify(k)}: `]);
    const [open, close] = Array.isArray(v) ? ['[', ']'] : ['{', '}'];
    if (!entries.length) {
      json.push(`${pad}${head}${open}${close}${tail}`);
      notes.push('');
      return;
    }
    json.push(`${pad}${head}${open}`);
    notes.push('');
    entries.forEach(([seg, x, key], i) => walk(x, `${pointer}/${seg}`, indent + 2, key, i < entries.length - 1 ? ',' : ''));
    json.push(`${pad}${close}${tail}`);
    notes.push('');
  };
  walk(value, '', 0, '', '');
  return { json: json.join('\n'), notes: notes.join('\n') };
}

/**
 * A JSON text laid out with two-space indents, its tokens untouched (a number past 2^53 keeps every digit,
 * which parsing and printing again would not); a text that is not JSON comes back as it is.
 */
export function prettyJson(text: string): string {
  try {
    JSON.parse(text);
  } catch {
    return text;
  }
  let out = '';
  let depth = 0;
  const line = () => `\n${'  '.repeat(depth)}`;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j;
    } else if (c === '{' || c === '[') {
      // An empty object or array stays on its line.
      let j = i + 1;
      while (/\s/.test(text[j] ?? '')) j++;
      if (text[j] === (c === '{' ? '}' : ']')) {
        out += c + text[j];
        i = j;
      } else {
        depth++;
        out += c + line();
      }
    } else if (c === '}' || c === ']') {
      depth--;
      out += line() + c;
    } else if (c === ',') out += `,${line()}`;
    else if (c === ':') out += ': ';
    else if (!/\s/.test(c)) out += c;
  }
  return out;
}

/**
 * Why a call could not be sent, and what to do. On the mock node target (the console's default) nothing
 * answering most likely means no mock is running: say how to start one.
 */
export function unreachable(endpoint: string, reason: string, onMock: boolean): string {
  const why = `could not reach ${endpoint}: ${reason}.`;
  if (onMock) return `${why} No mock node answers there: start one with \`npx noderpc mock\` (\`npm run mock\` in a project with that script), then send again; or pick another target.`;
  return `${why} Is the node running, and does it allow this page's origin (CORS)?`;
}

/** Client call arguments from wire params in value form: `[object]` by name, the values by position. */
export function clientArgs(_method: Pick<TryMethod, 'positional'>, valueParams: unknown): unknown[] {
  if (valueParams === undefined) return [];
  if (Array.isArray(valueParams)) return valueParams;
  // A method without params by name is called with no argument (an object there would be the options).
  if (valueParams !== null && typeof valueParams === 'object' && Object.keys(valueParams).length === 0) return [];
  return [valueParams];
}
