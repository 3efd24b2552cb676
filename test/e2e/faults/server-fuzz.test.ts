/**
 * Fault and fuzz tests of the generated server (issue #7): `createNodeServer` with a few real typed handlers
 * and the generated mock (`startNodeMock`, the raw example handler), each in standard and node mode, on
 * 127.0.0.1 port 0, hit over real sockets with node:http (arbitrary bytes, content types, methods, chunked
 * bodies) and raw TCP / WebSocket clients that stall.
 *
 * Properties checked for every request (fast-check, fixed seed, bounded runs):
 * - the reply is an HTTP status from the documented set with a well-formed body for it, or a JSON-RPC 2.0
 *   response (single or array) whose ids are values the request carried, echoed exactly (numbers compared
 *   digit for digit, so `1e400` or a 400-digit id must come back as that number), and whose error codes are
 *   those of the mode and dialect; for well-formed envelopes, exactly the replies JSON-RPC (or the node's
 *   dialect) calls for, in order;
 * - every request completes within REQUEST_TIMEOUT_MS, and a normal call succeeds after every run;
 * - `Object.prototype` and `Array.prototype` are unchanged (no new keys, no replaced members, no
 *   `({}).polluted`), handlers receive plain params, and the server never logs `server-failed`.
 * Plus: a stalled partial request, a trickling client, a client that never reads its responses and a
 * WebSocket that never reads do not delay concurrent well-behaved requests.
 */
import { EventEmitter, once } from 'node:events';
import { request, type IncomingHttpHeaders } from 'node:http';
import { connect, type Socket } from 'node:net';
import fc from 'fast-check';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeClient } from '../../../generated/client/index.js';
import { startNodeMock } from '../../../generated/client/mock/index.js';
import {
  createNodeServer,
  services,
  type LogEntry,
  type NodeServerHandlers,
  type RpcServer,
  type ServerServiceDef,
} from '../../../generated/client/server/index.js';

const SEED = 20260707;
const REQUEST_TIMEOUT_MS = 10_000;
const MiB = 1024 * 1024;
/** Per-test bound: generous, the properties take a few seconds each. */
const TEST_TIMEOUT = 120_000;

let requestsSent = 0;
let wsMessagesSent = 0;
let runsDone = 0;
const started = performance.now();

type Mode = 'standard' | 'node';
type Flavor = 'standard' | 'geth' | 'gorilla';

// ---------------------------------------------------------------------------------------------------------
// Lossless JSON: numbers keep their text, objects keep their members in order (duplicates too), so an
// echoed id can be compared digit for digit with the one sent.
// ---------------------------------------------------------------------------------------------------------

class Num {
  constructor(readonly raw: string) {}
}
class Obj {
  constructor(readonly entries: readonly (readonly [string, Lossless])[]) {}
  get(key: string): Lossless | undefined {
    let found: Lossless | undefined;
    for (const [k, v] of this.entries) if (k === key) found = v;
    return found;
  }
  has(key: string): boolean {
    return this.entries.some(([k]) => k === key);
  }
  keys(): string[] {
    return this.entries.map(([k]) => k);
  }
}
type Lossless = null | boolean | string | Num | Obj | Lossless[];

const HEX4 = /^[0-9a-fA-F]{4}$/;
const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

/** Parses JSON text; numbers stay text. `prefix`: the first value only, and where it ended. */
function parseLossless(text: string, prefix = false): { value: Lossless; end: number } {
  let i = 0;
  let depth = 0;
  const ws = (): void => {
    while (i < text.length && ' \t\n\r'.includes(text[i] as string)) i++;
  };
  const fail = (what: string): never => {
    throw new SyntaxError(`${what} at ${i}`);
  };
  const str = (): string => {
    if (text[i] !== '"') fail('string');
    const start = i++;
    for (;;) {
      if (i >= text.length) fail('unterminated string');
      const c = text.charCodeAt(i);
      if (c === 34) break;
      if (c < 0x20) fail('control character in string');
      if (c === 92) {
        const e = text[i + 1];
        if (e === 'u') {
          if (!HEX4.test(text.slice(i + 2, i + 6))) fail('\\u escape');
          i += 6;
          continue;
        }
        if (e === undefined || !'"\\/bfnrt'.includes(e)) fail('escape');
        i += 2;
        continue;
      }
      i++;
    }
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const num = (): Num => {
    const start = i;
    if (text[i] === '-') i++;
    if (text[i] === '0') i++;
    else if (isDigit(text[i]) && text[i] !== '0') while (isDigit(text[i])) i++;
    else fail('number');
    if (text[i] === '.') {
      i++;
      if (!isDigit(text[i])) fail('fraction');
      while (isDigit(text[i])) i++;
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      if (!isDigit(text[i])) fail('exponent');
      while (isDigit(text[i])) i++;
    }
    return new Num(text.slice(start, i));
  };
  const value = (): Lossless => {
    ws();
    const c = text[i];
    if (c === '{' || c === '[') {
      if (++depth > 400) fail('too deep for the test parser');
      i++;
      ws();
      if (c === '{') {
        const entries: [string, Lossless][] = [];
        if (text[i] === '}') {
          i++;
        } else {
          for (;;) {
            ws();
            const k = str();
            ws();
            if (text[i++] !== ':') fail('colon');
            entries.push([k, value()]);
            ws();
            if (text[i] === ',') i++;
            else if (text[i] === '}') {
              i++;
              break;
            } else fail('object');
          }
        }
        depth--;
        return new Obj(entries);
      }
      const items: Lossless[] = [];
      if (text[i] === ']') {
        i++;
      } else {
        for (;;) {
          items.push(value());
          ws();
          if (text[i] === ',') i++;
          else if (text[i] === ']') {
            i++;
            break;
          } else fail('array');
        }
      }
      depth--;
      return items;
    }
    if (c === '"') return str();
    if (text.startsWith('true', i)) return (i += 4), true;
    if (text.startsWith('false', i)) return (i += 5), false;
    if (text.startsWith('null', i)) return (i += 4), null;
    return num();
  };
  const v = value();
  ws();
  if (!prefix && i !== text.length) fail('trailing text');
  return { value: v, end: i };
}

/** The exact value of a JSON number as `<sign><digits>e<exponent>` (no rounding: `1e400` stays 1e400). */
function canonNumber(raw: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(raw);
  if (!m) throw new Error(`not a JSON number: ${raw}`);
  const sign = m[1] as string;
  const frac = m[3] ?? '';
  let digits = `${m[2]}${frac}`.replace(/^0+/, '');
  let exp = BigInt(m[4] ?? '0') - BigInt(frac.length);
  if (digits === '') return `${sign}0`;
  const trimmed = digits.replace(/0+$/, '');
  exp += BigInt(digits.length - trimmed.length);
  digits = trimmed;
  return `${sign}${digits}e${exp}`;
}

/** A canonical text of a lossless value: equal texts = equal JSON values (object member order kept). */
function canon(v: Lossless): string {
  if (v === null || typeof v === 'boolean') return String(v);
  if (typeof v === 'string') return JSON.stringify(v);
  if (v instanceof Num) return `#${canonNumber(v.raw)}`;
  if (Array.isArray(v)) return `[${v.map(canon).join(',')}]`;
  return `{${v.entries.map(([k, x]) => `${JSON.stringify(k)}:${canon(x)}`).join(',')}}`;
}

const canonRaw = (raw: string): string => canon(parseLossless(raw).value);

// ---------------------------------------------------------------------------------------------------------
// Raw HTTP over node:http: exactly the bytes given, a fresh connection per request, bounded in time.
// ---------------------------------------------------------------------------------------------------------

interface RawRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Sent with a Content-Length (unless one is in `headers`). */
  readonly body?: Buffer;
  /** Sent chunked, without a Content-Length. */
  readonly chunks?: readonly Buffer[];
}

interface RawResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  readonly text: string;
}

function describeRequest(r: RawRequest): string {
  const body = r.body ?? Buffer.concat(r.chunks ?? []);
  const shown = body.length > 300 ? `${body.subarray(0, 300).toString('utf8')}... (${body.length} bytes)` : body.toString('utf8');
  return `${r.method} ${r.path} ${JSON.stringify(r.headers)} ${JSON.stringify(shown)}`;
}

function send(port: number, r: RawRequest): Promise<RawResponse> {
  requestsSent++;
  return new Promise((resolve, reject) => {
    let settled = false;
    let responded = false;
    const headers: Record<string, string> = { ...r.headers };
    if (r.body !== undefined && !Object.keys(headers).some((k) => k.toLowerCase() === 'content-length')) {
      headers['content-length'] = String(r.body.length);
    }
    const req = request({ host: '127.0.0.1', port, method: r.method, path: r.path, headers, agent: false });
    const finish = (error: Error | undefined, res?: RawResponse): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      if (error) reject(error);
      else resolve(res as RawResponse);
    };
    const timer = setTimeout(
      () => finish(new Error(`no complete reply within ${REQUEST_TIMEOUT_MS} ms to ${describeRequest(r)}`)),
      REQUEST_TIMEOUT_MS,
    );
    req.on('response', (res) => {
      responded = true;
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => {
        const body = Buffer.concat(parts);
        finish(undefined, { status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('utf8') });
      });
      res.on('error', (e) => finish(e));
    });
    req.on('error', (e) => {
      // Writing the rest of a body the server already refused may fail; the reply is what counts.
      if (!responded) finish(new Error(`${e.message} on ${describeRequest(r)}`));
    });
    if (r.chunks) {
      for (const c of r.chunks) req.write(c);
      req.end();
    } else req.end(r.body);
  });
}

const JSON_HEADERS = { 'content-type': 'application/json' } as const;
const postJson = (port: number, path: string, body: string | Buffer): Promise<RawResponse> =>
  send(port, { method: 'POST', path, headers: JSON_HEADERS, body: Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8') });

// ---------------------------------------------------------------------------------------------------------
// The servers under test and what each may answer.
// ---------------------------------------------------------------------------------------------------------

const STANDARD_CODES = [-32700, -32600, -32601, -32602, -32603];
const defs = services as readonly ServerServiceDef[];
const defByName = new Map(defs.map((d) => [d.name, d]));

/** Concrete HTTP paths with the service behind each. */
const ROUTES: Readonly<Record<string, string>> = {
  '/ext/info': 'info',
  '/ext/bc/P': 'platform',
  '/ext/bc/C/native': 'native',
  '/ext/bc/C/admin': 'admin',
  '/ext/bc/C/rpc': 'evm',
  '/ext/bc/X/rpc': 'evm',
  '/ext/bc/2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5/rpc': 'evm',
};
const WS_PATH = '/ext/bc/C/ws';
const FUZZ_PATHS = [...Object.keys(ROUTES), WS_PATH, '/', '/nowhere', '/ext/bc/C', '/ext/bc//rpc', '/ext/bc/C/rpc/', '/ext/bc/C/rpc?x=1', '/ext/bc/%43/rpc', '/EXT/INFO', '/ext/info/../bc/P', '/ext/bc/C/rpc#f'];

function serviceOfPath(path: string): ServerServiceDef | undefined {
  const q = path.indexOf('?');
  const name = ROUTES[q < 0 ? path : path.slice(0, q)];
  return name === undefined ? undefined : defByName.get(name);
}

function flavorOf(mode: Mode, def: ServerServiceDef): Flavor {
  if (mode === 'standard' || def.dialect === 'standard') return 'standard';
  return def.dialect === 'geth' ? 'geth' : 'gorilla';
}

interface Target {
  readonly name: string;
  readonly mode: Mode;
  readonly port: number;
  readonly url: string;
  /** Batch limit of the evm endpoint (the only one taking arrays in node mode). */
  readonly batchLimit: number;
  /** Error codes a handler of this target may throw on top of the dialect's own. */
  readonly handlerCodes: readonly number[];
  readonly logs: LogEntry[];
  /** Whether typed handlers run (then `handler-failed` entries come only from the failing handler). */
  readonly typed: boolean;
}

function codesFor(target: Target, flavor: Flavor | undefined): Set<number> {
  const dialect =
    flavor === 'gorilla' ? [-32700, -32600, -32000] : flavor === 'geth' ? [...STANDARD_CODES, -32000] : flavor === 'standard' ? STANDARD_CODES : [...STANDARD_CODES, -32000];
  return new Set([...dialect, ...target.handlerCodes]);
}

const STATUSES: Readonly<Record<Mode, readonly number[]>> = {
  standard: [200, 204, 404, 405, 413, 415, 426],
  node: [200, 400, 404, 405, 413, 415],
};

// ---------------------------------------------------------------------------------------------------------
// Checking a reply.
// ---------------------------------------------------------------------------------------------------------

interface Reply {
  readonly id: Lossless;
  readonly error?: { readonly code: number; readonly message: string };
}

function fail(message: string, req: RawRequest, res?: RawResponse): never {
  const got = res ? ` -> ${res.status} ${JSON.stringify(res.headers['content-type'])} ${JSON.stringify(res.text.slice(0, 400))}` : '';
  throw new Error(`${message}\n  request: ${describeRequest(req)}${got}`);
}

/** One JSON-RPC response object, checked for its dialect. */
function checkReplyObject(v: Lossless, flavor: Flavor | undefined, codes: Set<number>, req: RawRequest, res: RawResponse): Reply {
  if (!(v instanceof Obj)) fail('a reply item is not an object', req, res);
  const allowed = new Set(['jsonrpc', 'id', 'result', 'error']);
  for (const k of v.keys()) if (!allowed.has(k)) fail(`a reply has the unexpected member ${JSON.stringify(k)}`, req, res);
  if (new Set(v.keys()).size !== v.keys().length) fail('a reply repeats a member', req, res);
  if (v.get('jsonrpc') !== '2.0') fail('a reply lacks "jsonrpc": "2.0"', req, res);
  if (!v.has('id')) fail('a reply has no id', req, res);
  const id = v.get('id') as Lossless;
  const scalarId = id === null || typeof id === 'string' || id instanceof Num;
  // gorilla echoes any JSON id (json.RawMessage), geth any non-object one; standard only strings, numbers, null.
  if (flavor === 'standard' && !scalarId) fail('a standard reply id is not a string, number or null', req, res);
  if (flavor === 'geth' && !(scalarId || typeof id === 'boolean')) fail('a geth reply id is an object', req, res);
  const hasResult = v.has('result');
  const hasError = v.has('error');
  if (hasResult && hasError) fail('a reply has both result and error', req, res);
  // gorilla leaves out a null result (Go's omitempty), so its success can carry neither.
  if (!hasResult && !hasError && flavor !== 'gorilla') fail('a reply has neither result nor error', req, res);
  if (!hasError) return { id };
  const e = v.get('error');
  if (!(e instanceof Obj)) fail('a reply error is not an object', req, res);
  for (const k of e.keys()) if (!['code', 'message', 'data'].includes(k)) fail(`an error has the unexpected member ${k}`, req, res);
  const code = e.get('code');
  const message = e.get('message');
  if (!(code instanceof Num) || !/^-?\d+$/.test(code.raw)) fail('an error code is not an integer', req, res);
  if (typeof message !== 'string') fail('an error message is not a string', req, res);
  if (flavor === 'gorilla' && !e.has('data')) fail('a gorilla error has no data member', req, res);
  const n = Number(code.raw);
  if (!codes.has(n)) fail(`error code ${n} is not one the ${flavor ?? 'any'} dialect uses (${[...codes].join(', ')})`, req, res);
  return { id, error: { code: n, message } };
}

interface Checked {
  /** Parsed JSON-RPC replies of a 200 (none for an empty body); for other statuses, the error body if JSON. */
  readonly replies: Reply[] | null;
  /** Whether the 200 body was an array. */
  readonly array: boolean;
}

/** The checks every reply passes, whatever was sent. */
function checkHttp(target: Target, req: RawRequest, res: RawResponse): Checked {
  const { mode } = target;
  if (!STATUSES[mode].includes(res.status)) fail(`status ${res.status} is not one the ${mode} server documents`, req, res);
  if (!Buffer.from(res.text, 'utf8').equals(res.body)) fail('the reply body is not valid UTF-8', req, res);
  if (req.method === 'HEAD') {
    if (res.body.length !== 0) fail('a HEAD reply has a body', req, res);
    return { replies: null, array: false };
  }
  const def = serviceOfPath(req.path);
  const flavor = def ? flavorOf(mode, def) : undefined;
  const codes = codesFor(target, flavor);
  const ct = String(res.headers['content-type'] ?? '');
  if (res.status === 204) {
    if (mode !== 'standard' || res.body.length !== 0) fail('a 204 has a body or comes from node mode', req, res);
    return { replies: [], array: false };
  }
  if (res.body.length === 0) {
    // Nothing to say: notifications only (node mode), or geth's health check and empty bodies.
    if (mode === 'standard' || res.status !== 200) fail('an empty body where a reply was due', req, res);
    return { replies: [], array: false };
  }
  if (!ct.startsWith('application/json')) {
    // Go's plain-text errors (node mode only) for HTTP-level refusals.
    if (mode === 'standard' || res.status === 200) fail(`a ${res.status} reply is ${ct}, not JSON`, req, res);
    if (!ct.startsWith('text/plain')) fail(`a ${res.status} reply has the content type ${ct}`, req, res);
    return { replies: null, array: false };
  }
  if (mode === 'node' && !res.text.endsWith('\n')) fail("a node-mode JSON reply does not end with Go's newline", req, res);
  let parsed: Lossless;
  try {
    parsed = parseLossless(res.text).value;
  } catch (e) {
    return fail(`the reply is not JSON (${(e as Error).message})`, req, res);
  }
  if (res.status !== 200) {
    // An HTTP-level refusal with a JSON-RPC error body: id null, Invalid Request.
    const reply = checkReplyObject(parsed, flavor ?? 'standard', new Set([-32600]), req, res);
    if (reply.id !== null) fail('an HTTP-level error names an id', req, res);
    return { replies: [reply], array: false };
  }
  if (Array.isArray(parsed)) {
    if (parsed.length === 0) fail('an empty reply array', req, res);
    if (flavor === 'gorilla') fail('a gorilla endpoint answered with an array', req, res);
    return { replies: parsed.map((item) => checkReplyObject(item, flavor, codes, req, res)), array: true };
  }
  return { replies: [checkReplyObject(parsed, flavor, codes, req, res)], array: false };
}

/** Ids a body carries (any `id` member, any case, of the body or its items; the first value too). */
function idsIn(text: string): Set<string> {
  const out = new Set<string>();
  const collect = (v: Lossless): void => {
    if (!(v instanceof Obj)) return;
    for (const [k, x] of v.entries) if (k.toLowerCase() === 'id') out.add(canon(x));
  };
  const take = (v: Lossless): void => {
    if (Array.isArray(v)) v.forEach(collect);
    else collect(v);
  };
  try {
    take(parseLossless(text).value);
  } catch {
    try {
      take(parseLossless(text, true).value);
    } catch {
      // Not JSON at all: no ids to echo.
    }
  }
  return out;
}

/** Every reply id is null or one the request carried, value for value. */
function checkIdsEchoed(checked: Checked, req: RawRequest, res: RawResponse): void {
  if (!checked.replies || res.status !== 200) return;
  const sent = idsIn((req.body ?? Buffer.concat(req.chunks ?? [])).toString('utf8'));
  for (const r of checked.replies) {
    if (r.id === null) continue;
    if (!sent.has(canon(r.id))) fail(`reply id ${canon(r.id)} is not an id the request carried (${[...sent].join(', ')})`, req, res);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Global invariants: prototypes untouched, handlers got plain params, the server never failed.
// ---------------------------------------------------------------------------------------------------------

function snapshot(proto: object): Map<string | symbol, unknown> {
  const out = new Map<string | symbol, unknown>();
  for (const key of Reflect.ownKeys(proto)) {
    const d = Object.getOwnPropertyDescriptor(proto, key) as PropertyDescriptor;
    out.set(key, 'value' in d ? d.value : [d.get, d.set]);
  }
  return out;
}
const PROTOS: readonly [string, object][] = [
  ['Object.prototype', Object.prototype],
  ['Array.prototype', Array.prototype],
  ['Function.prototype', Function.prototype],
  ['String.prototype', String.prototype],
];
const PRISTINE = PROTOS.map(([name, p]) => [name, snapshot(p)] as const);
const PRISTINE_KEYS = Object.keys(Object.prototype);

function checkPrototypes(): void {
  expect(Object.keys(Object.prototype)).toEqual(PRISTINE_KEYS);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(([] as unknown as Record<string, unknown>).polluted).toBeUndefined();
  PROTOS.forEach(([name, proto], i) => {
    const before = (PRISTINE[i] as readonly [string, Map<string | symbol, unknown>])[1];
    const now = snapshot(proto);
    expect([...now.keys()].map(String), `${name} keys`).toEqual([...before.keys()].map(String));
    for (const [k, v] of before) {
      const after = now.get(k);
      const same = Array.isArray(v) ? Array.isArray(after) && after[0] === v[0] && after[1] === v[1] : after === v;
      if (!same) throw new Error(`${name}.${String(k)} was replaced`);
    }
  });
}

/** Params a typed handler received that are not plain objects (a `__proto__` key turned into a prototype). */
const oddParams: string[] = [];
function plainParams(method: string, params: unknown): void {
  if (params !== null && typeof params === 'object' && !Array.isArray(params)) {
    const proto = Object.getPrototypeOf(params) as unknown;
    if (proto !== Object.prototype && proto !== null) oddParams.push(method);
  }
}

const HEIGHT = 18_062_144n;
const BLOCK = 0x1234n;

/** Real typed handlers: two that answer, one that crashes, one that throws a JSON-RPC error. */
const handlers: NodeServerHandlers = {
  platform: {
    getHeight: (params) => {
      plainParams('platform.getHeight', params);
      return { height: HEIGHT };
    },
    getBalance: (params) => {
      plainParams('platform.getBalance', params);
      const n = BigInt(params.addresses.length);
      return {
        balance: n,
        unlocked: n,
        lockedStakeable: 0n,
        lockedNotStakeable: 0n,
        balances: {},
        unlockeds: {},
        lockedStakeables: {},
        lockedNotStakeables: {},
        utxoIDs: null,
      };
    },
  },
  info: {
    getNetworkID: () => {
      throw { code: -32000, message: 'network ID not known yet' };
    },
  },
  eth: {
    blockNumber: () => BLOCK,
    chainId: () => {
      throw new Error('the chain ID store is offline');
    },
  },
};

function checkLogs(target: Target): void {
  const failed = target.logs.filter((e) => e.event === 'server-failed');
  expect(failed, 'the server failed on a request').toEqual([]);
  const crashed = target.logs.filter((e) => e.event === 'handler-failed' && !(target.typed && e.method === 'eth_chainId'));
  expect(crashed, 'a handler failed unexpectedly').toEqual([]);
  expect(oddParams, 'handlers received params that are not plain objects').toEqual([]);
  // Keep memory flat over thousands of calls.
  target.logs.length = 0;
}

/** A normal call over a fresh connection, and through the generated client. */
async function probe(target: Target): Promise<void> {
  const res = await postJson(target.port, '/ext/bc/P', '{"jsonrpc":"2.0","id":"probe","method":"platform.getHeight"}');
  expect(res.status).toBe(200);
  const body = JSON.parse(res.text) as { id: string; result: { height: string } };
  expect(body.id).toBe('probe');
  expect(typeof body.result.height).toBe('string');
}

async function clientProbe(target: Target): Promise<void> {
  const node = createNodeClient({ url: target.url, timeout: REQUEST_TIMEOUT_MS });
  try {
    const height = await node.platform.getHeight();
    const block = await node.eth.blockNumber();
    if (target.typed) {
      expect(height).toEqual({ height: HEIGHT });
      expect(block).toBe(BLOCK);
    } else {
      expect(typeof height.height).toBe('bigint');
      expect(typeof block).toBe('bigint');
    }
  } finally {
    await node.close();
  }
}

/** Runs a property with the fixed seed; after every run: a normal call succeeds, prototypes are intact. */
async function runProperty<T>(target: Target, name: string, arb: fc.Arbitrary<T>, numRuns: number, body: (input: T) => Promise<void>): Promise<void> {
  const seed = SEED + [...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 0);
  await fc.assert(
    fc.asyncProperty(arb, async (input) => {
      runsDone++;
      await body(input);
      await probe(target);
      checkPrototypes();
    }),
    { seed, numRuns, endOnFailure: true },
  );
  checkLogs(target);
  await clientProbe(target);
}

// ---------------------------------------------------------------------------------------------------------
// Arbitraries.
// ---------------------------------------------------------------------------------------------------------

const FOUR_HUNDRED_DIGITS = `9${'8'.repeat(399)}`;
const HUGE_NUMBERS = ['1e400', '-1e400', '1e-400', FOUR_HUNDRED_DIGITS, `-${FOUR_HUNDRED_DIGITS}`, '-0', '-0.0', '0.0', '9007199254740993', '1.5', '1E+2', `0.${'0'.repeat(398)}1`];

/** Raw JSON text of an id JSON-RPC allows: null, a number (of any size or form), a string. */
const validIdRaw: fc.Arbitrary<string> = fc.oneof(
  fc.constant('null'),
  fc.integer({ min: -1_000_000, max: 1_000_000 }).map(String),
  fc.constantFrom(...HUGE_NUMBERS),
  fc.bigInt({ min: -(10n ** 400n), max: 10n ** 400n }).map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)),
  fc.string({ maxLength: 24, unit: 'binary' }).map((s) => JSON.stringify(s)),
  fc.constantFrom('"1"', '""', '"\\u0000"', '"\\ud800"', '"__proto__"', '"constructor"', '"\\u2028<&>"'),
);
/** Ids JSON-RPC does not allow. */
const invalidIdRaw = fc.constantFrom('true', 'false', '{}', '[]', '[1]', '{"__proto__":{"polluted":1}}', '{"a":[1e400]}');

/** Raw JSON text of an object with `__proto__`, `constructor`, `prototype` keys at every level. */
const protoTree: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('1', '"x"', 'null', 'true', '{"polluted":"yes"}', '{"toString":"x","valueOf":1}', '[{"polluted":1}]'),
    fc
      .array(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'prototype', 'polluted', 'addresses', 'hasOwnProperty'), tie('node')), { maxLength: 4 })
      .map((members) => `{${members.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
    fc.array(tie('node'), { maxLength: 3 }).map((items) => `[${items.join(',')}]`),
  ),
})).node;

/** Params: absent, null, random JSON, the method's example params, values with `__proto__` keys, huge numbers. */
function paramsRaw(def: ServerServiceDef, method: string | undefined): fc.Arbitrary<string | undefined> {
  const examples = exampleParams(def, method);
  return fc.oneof(
    fc.constant(undefined),
    fc.constant('null'),
    fc.constantFrom('[]', '{}', '1', '"x"', 'true'),
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
    protoTree,
    fc.constantFrom(...HUGE_NUMBERS).map((n) => `[${n}]`),
    fc.constantFrom(...HUGE_NUMBERS).map((n) => `{"addresses":[${n}],"height":${n}}`),
    ...(examples.length ? [fc.constantFrom(...examples)] : []),
  );
}

/** The example params of a method (or of every method of the service), in wire form as JSON text. */
function exampleParams(def: ServerServiceDef, method: string | undefined): string[] {
  const doc = def.document as { methods: { name: string; paramStructure?: string; examples: { params: { name: string; value: unknown }[] }[] }[] };
  return doc.methods
    .filter((m) => method === undefined || m.name === method)
    .flatMap((m) =>
      m.examples.map((ex) =>
        JSON.stringify(m.paramStructure === 'by-position' ? ex.params.map((p) => p.value) : Object.fromEntries(ex.params.map((p) => [p.name, p.value]))),
      ),
    );
}

/** One JSON-RPC message as parts, so the expected reply can be worked out; `raw` is its text. */
interface Envelope {
  readonly jsonrpc?: string;
  readonly id?: string;
  readonly method?: string;
  readonly params?: string;
  readonly raw: string;
}

function envelopeText(e: Omit<Envelope, 'raw'>, order: readonly number[], extra: string | undefined): string {
  const members: string[] = [];
  const parts: [string, string | undefined][] = [
    ['jsonrpc', e.jsonrpc],
    ['id', e.id],
    ['method', e.method],
    ['params', e.params],
  ];
  for (const i of order) {
    const [k, v] = parts[i] as [string, string | undefined];
    if (v !== undefined) members.push(`"${k}":${v}`);
  }
  if (extra !== undefined) members.push(extra);
  return `{${members.join(',')}}`;
}

/** A message for the service at `path`: mostly well formed, with every member sometimes broken or absent. */
function envelope(def: ServerServiceDef, wellFormedOnly = false): fc.Arbitrary<Envelope> {
  const names = Object.keys(def.methods);
  const methodRaw = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...names, 'rpc.discover') },
    { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 30, unit: 'binary' }) },
    { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'toString', 'platform.__proto__', 'eth_', 'info.', '.x', 'a.b.c', 'platform.GetHeight') },
  );
  const good = fc.record({
    jsonrpc: fc.constant('"2.0"'),
    id: fc.option(validIdRaw, { nil: undefined, freq: 4 }),
    method: methodRaw,
  });
  const broken = fc.record({
    jsonrpc: fc.option(fc.constantFrom('"2.0"', '"1.0"', '"2"', '2.0', '2', 'null', '"2.0 "', 'true', '{}'), { nil: undefined }),
    id: fc.option(fc.oneof(validIdRaw, invalidIdRaw), { nil: undefined }),
    method: fc.option(fc.oneof(methodRaw, fc.constantFrom('', 'M')), { nil: undefined }),
  });
  return (wellFormedOnly ? good : fc.oneof({ weight: 3, arbitrary: good }, { weight: 1, arbitrary: broken })).chain((base) => {
    // The method as JSON text: its name as a string, or (broken messages only) something that is not one.
    const asString = fc.constant(base.method === undefined ? undefined : JSON.stringify(base.method));
    const methodText: fc.Arbitrary<string | undefined> = wellFormedOnly
      ? asString
      : fc.oneof({ weight: 5, arbitrary: asString }, { weight: 1, arbitrary: fc.constantFrom('1', 'null', '[]', '""', undefined) });
    return fc
      .record({
        method: methodText,
        params: paramsRaw(def, base.method),
        order: fc.shuffledSubarray([0, 1, 2, 3], { minLength: 4, maxLength: 4 }),
        extra: wellFormedOnly ? fc.constant(undefined) : fc.option(protoTree.map((t) => `"__proto__":${t}`), { nil: undefined, freq: 5 }),
      })
      .map(({ method, params, order, extra }) => {
        const parts = { jsonrpc: base.jsonrpc, id: base.id, method, params };
        return { ...parts, raw: envelopeText(parts, order, extra) };
      });
  });
}

// ---------------------------------------------------------------------------------------------------------
// What a well-formed message must get, per dialect.
// ---------------------------------------------------------------------------------------------------------

const isString = (raw: string | undefined): boolean => raw?.startsWith('"') === true;
const isNumber = (raw: string | undefined): boolean => raw !== undefined && /^-?\d/.test(raw);

/** The id the reply to this message carries (canonical), `'none'` for no reply. Only for envelopes whose parts are all present as generated. */
function expectedReply(flavor: Flavor, e: Envelope): string | 'none' {
  const idValid = e.id === undefined || e.id === 'null' || isString(e.id) || isNumber(e.id);
  const paramsOk = e.params === undefined || e.params === 'null' || e.params.startsWith('{') || e.params.startsWith('[');
  const methodOk = isString(e.method) && e.method !== '""';
  const idOrNull = (): string => (e.id === undefined ? 'null' : canonRaw(e.id));
  switch (flavor) {
    case 'standard': {
      if (!idValid) return 'null';
      if (e.jsonrpc !== '"2.0"' || !methodOk || !paramsOk) return idOrNull();
      return e.id === undefined ? 'none' : canonRaw(e.id);
    }
    case 'geth': {
      const gethId = e.id === undefined || !(e.id.startsWith('{') || e.id.startsWith('['));
      const version = e.jsonrpc === '"2.0"';
      if (version && methodOk) {
        if (e.id === undefined) return 'none';
        return gethId ? canonRaw(e.id) : 'null';
      }
      return gethId ? idOrNull() : 'null';
    }
    case 'gorilla': {
      const typeError = (e.jsonrpc !== undefined && e.jsonrpc !== 'null' && !isString(e.jsonrpc)) || (e.method !== undefined && e.method !== 'null' && !isString(e.method));
      const id = e.id === undefined || e.id === 'null' ? undefined : canonRaw(e.id);
      if (typeError) return id ?? 'null';
      return id ?? 'none';
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// The suites.
// ---------------------------------------------------------------------------------------------------------

interface Started {
  readonly target: Target;
  close(): Promise<void>;
}

async function startTyped(mode: Mode): Promise<Started> {
  const logs: LogEntry[] = [];
  const server = createNodeServer({ mode, handlers, logger: (e) => logs.push(e) });
  const at = await server.listen(0, '127.0.0.1');
  return {
    target: { name: `createNodeServer ${mode}`, mode, port: at.port, url: at.url, batchLimit: mode === 'standard' ? 40 : 1000, handlerCodes: [-32000], logs, typed: true },
    close: () => server.close(),
  };
}

async function startMock(mode: Mode): Promise<Started> {
  const logs: LogEntry[] = [];
  // CORS off: the fuzz holds the mock to the server's framing (an OPTIONS is a 405 like any other non-POST);
  // the preflights the mock answers by default are pinned by test/runtime/server/cors.test.ts.
  const mock = await startNodeMock({ mode, logger: (e) => logs.push(e), cors: false });
  // The mock may answer with any error the spec lists, and says so with -32602/-32603 when asked oddly.
  const listed = defs.flatMap((d) => Object.values(d.methods).flatMap((m) => m.errors.map((x) => x.code)));
  return {
    target: {
      name: `startNodeMock ${mode}`,
      mode,
      port: mock.port,
      url: mock.url,
      batchLimit: 1000,
      handlerCodes: [...new Set([-32602, -32603, ...listed])],
      logs,
      typed: false,
    },
    close: () => mock.close(),
  };
}

const httpPaths = Object.keys(ROUTES);

function fuzzSuite(label: string, start: (mode: Mode) => Promise<Started>, runs: { scale: number }): void {
  for (const mode of ['standard', 'node'] as const) {
    describe(`${label}, ${mode} mode`, () => {
      let s: Started;
      let t: Target;
      const n = (base: number): number => Math.max(5, Math.round(base * runs.scale));
      beforeAll(async () => {
        s = await start(mode);
        t = s.target;
      });
      afterAll(async () => {
        await s.close();
      });

      it('random bytes, any endpoint', { timeout: TEST_TIMEOUT }, async () => {
        const arb = fc.record({
          path: fc.constantFrom(...FUZZ_PATHS),
          body: fc.oneof(fc.uint8Array({ maxLength: 2048 }), fc.string({ maxLength: 300, unit: 'binary' }).map((s) => new TextEncoder().encode(s))),
        });
        await runProperty(t, `bytes ${label} ${mode}`, arb, n(120), async ({ path, body }) => {
          const req: RawRequest = { method: 'POST', path, headers: JSON_HEADERS, body: Buffer.from(body) };
          const res = await send(t.port, req);
          checkIdsEchoed(checkHttp(t, req, res), req, res);
        });
      });

      it('random JSON values, bare and as params', { timeout: TEST_TIMEOUT }, async () => {
        const arb = fc.record({
          path: fc.constantFrom(...httpPaths),
          json: fc.oneof(fc.json({ maxDepth: 8, depthSize: 'medium' }), fc.jsonValue({ maxDepth: 40, depthSize: 'large' }).map((v) => JSON.stringify(v))),
          wrap: fc.constantFrom('bare', 'params', 'batch'),
          method: fc.constantFrom('platform.getBalance', 'eth_blockNumber', 'platform.getHeight', 'info.getNodeID', 'eth_getBalance'),
        });
        await runProperty(t, `json ${label} ${mode}`, arb, n(120), async ({ path, json, wrap, method }) => {
          const text =
            wrap === 'bare' ? json : wrap === 'params' ? `{"jsonrpc":"2.0","id":7,"method":"${method}","params":${json}}` : `[${json},{"jsonrpc":"2.0","id":8,"method":"${method}","params":${json}}]`;
          const req: RawRequest = { method: 'POST', path, headers: JSON_HEADERS, body: Buffer.from(text) };
          const res = await send(t.port, req);
          const checked = checkHttp(t, req, res);
          checkIdsEchoed(checked, req, res);
          if (wrap === 'params') {
            // A well-formed envelope always gets its own reply (deep values beyond the limit aside).
            const deep = /(\[|\{)/.test(json) && depthOf(text) > 64;
            if (!deep) expect(checked.replies?.map((r) => canon(r.id))).toEqual(['#7e0']);
          }
        });
      });

      it('random JSON-RPC envelopes get exactly the replies their dialect calls for', { timeout: TEST_TIMEOUT }, async () => {
        const arb = fc.constantFrom(...httpPaths).chain((path) => {
          const def = serviceOfPath(path) as ServerServiceDef;
          return fc.record({ path: fc.constant(path), env: envelope(def) });
        });
        await runProperty(t, `envelopes ${label} ${mode}`, arb, n(300), async ({ path, env }) => {
          const def = serviceOfPath(path) as ServerServiceDef;
          const flavor = flavorOf(mode, def);
          const req: RawRequest = { method: 'POST', path, headers: JSON_HEADERS, body: Buffer.from(env.raw) };
          const res = await send(t.port, req);
          const checked = checkHttp(t, req, res);
          checkIdsEchoed(checked, req, res);
          const want = expectedReply(flavor, env);
          const got = (checked.replies ?? []).map((r) => canon(r.id));
          if (want === 'none') expect(got, describeRequest(req)).toEqual([]);
          else expect(got, describeRequest(req)).toEqual([want]);
          expect(checked.array).toBe(false);
          if (mode === 'standard') expect(res.status).toBe(want === 'none' ? 204 : 200);
        });
      });

      it('batches of random length around the limit', { timeout: TEST_TIMEOUT }, async () => {
        const arb = fc.constantFrom('/ext/bc/C/rpc', '/ext/bc/P').chain((path) => {
          const def = serviceOfPath(path) as ServerServiceDef;
          const limit = mode === 'standard' ? t.batchLimit : def.batchLimit ?? 1000;
          const item = fc.oneof({ weight: 8, arbitrary: envelope(def, true).map((e) => e as Envelope | string) }, { weight: 1, arbitrary: fc.constantFrom('1', '"x"', 'null', '[]', '[{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber"}]') });
          const length = fc.oneof(fc.integer({ min: 0, max: 6 }), fc.constantFrom(limit - 1, limit, limit + 1));
          return fc.record({ path: fc.constant(path), items: length.chain((len) => fc.array(item, { minLength: len, maxLength: len })) });
        });
        await runProperty(t, `batches ${label} ${mode}`, arb, n(40), async ({ path, items }) => {
          const def = serviceOfPath(path) as ServerServiceDef;
          const flavor = flavorOf(mode, def);
          const limit = mode === 'standard' ? t.batchLimit : def.batchLimit ?? 1000;
          const text = `[${items.map((x) => (typeof x === 'string' ? x : x.raw)).join(',')}]`;
          const req: RawRequest = { method: 'POST', path, headers: JSON_HEADERS, body: Buffer.from(text) };
          const res = await send(t.port, req);
          const checked = checkHttp(t, req, res);
          checkIdsEchoed(checked, req, res);
          if (req.body!.length > MiB) {
            expect(res.status).toBe(413);
            return;
          }
          const got = (checked.replies ?? []).map((r) => canon(r.id));
          const codes = (checked.replies ?? []).map((r) => r.error?.code);
          if (flavor === 'gorilla') {
            // The node's gorilla endpoints take no arrays: one parse error.
            expect(got).toEqual(['null']);
            expect(codes).toEqual([-32700]);
            return;
          }
          if (items.length === 0 || items.length > limit) {
            expect(got).toEqual([items.length === 0 || flavor === 'standard' ? 'null' : got[0]]);
            expect(codes).toEqual([-32600]);
            expect(checked.array).toBe(flavor === 'geth' && items.length > 0);
            return;
          }
          const want = items.flatMap((x) => {
            if (typeof x === 'string') return ['null'];
            const r = expectedReply(flavor, x);
            return r === 'none' ? [] : [r];
          });
          expect(got).toEqual(want);
          if (want.length > 0) expect(checked.array).toBe(true);
        });
      });

      it('content types, HTTP methods and paths', { timeout: TEST_TIMEOUT }, async () => {
        const arb = fc.record({
          method: fc.constantFrom('GET', 'POST', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'HEAD'),
          path: fc.constantFrom(...FUZZ_PATHS),
          ct: fc.constantFrom(
            undefined,
            'application/json',
            'application/json; charset=utf-8',
            'Application/JSON',
            'application/json-rpc',
            'application/jsonrequest',
            'text/plain',
            'text/html; charset=latin1',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            '',
            'application/jsonx',
            ';',
            'application/json;;;',
          ),
          body: fc.constantFrom(undefined, '', '{"jsonrpc":"2.0","id":1,"method":"platform.getHeight"}', '{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber"}', '[{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber"}]'),
        });
        await runProperty(t, `http ${label} ${mode}`, arb, n(120), async ({ method, path, ct, body }) => {
          const headers: Record<string, string> = ct === undefined ? {} : { 'content-type': ct };
          const req: RawRequest = { method, path, headers, ...(body === undefined ? {} : { body: Buffer.from(body) }) };
          const res = await send(t.port, req);
          checkIdsEchoed(checkHttp(t, req, res), req, res);
          const def = serviceOfPath(path);
          if (mode === 'standard' && def) {
            if (method !== 'POST') expect(res.status).toBe(405);
            else if (ct === undefined || !/^application\/json\s*(;|$)/i.test(ct)) expect(res.status).toBe(415);
          }
          if (path === '/nowhere') expect(res.status).toBe(404);
        });
      });

      it('objects with __proto__, constructor and prototype keys at every level', { timeout: TEST_TIMEOUT }, async () => {
        const arb = fc.record({
          path: fc.constantFrom('/ext/bc/P', '/ext/bc/C/rpc', '/ext/info', '/ext/bc/C/native'),
          method: fc.constantFrom('platform.getBalance', 'platform.getHeight', 'eth_blockNumber', 'eth_getBalance', 'info.getNodeID', 'native.exportKey', 'rpc.discover', '__proto__'),
          tree: protoTree,
          where: fc.constantFrom('params', 'params-array', 'envelope', 'batch', 'id', 'bare'),
        });
        await runProperty(t, `proto ${label} ${mode}`, arb, n(150), async ({ path, method, tree, where }) => {
          const m = JSON.stringify(method);
          const text = {
            params: `{"jsonrpc":"2.0","id":1,"method":${m},"params":{"__proto__":${tree},"addresses":["P-avax1ppq8wlwdt366jwl87dxev3a03cxlg6znj9rnax"],"constructor":${tree}}}`,
            'params-array': `{"jsonrpc":"2.0","id":1,"method":${m},"params":[${tree},{"__proto__":${tree}}]}`,
            envelope: `{"__proto__":${tree},"constructor":{"prototype":${tree}},"jsonrpc":"2.0","id":1,"method":${m}}`,
            batch: `[{"__proto__":${tree},"jsonrpc":"2.0","id":1,"method":${m}},${tree}]`,
            id: `{"jsonrpc":"2.0","id":${tree},"method":${m}}`,
            bare: tree,
          }[where];
          const req: RawRequest = { method: 'POST', path, headers: JSON_HEADERS, body: Buffer.from(text) };
          const res = await send(t.port, req);
          checkIdsEchoed(checkHttp(t, req, res), req, res);
        });
      });

      it('huge numbers and huge strings', { timeout: TEST_TIMEOUT }, async () => {
        const big = fc.oneof(fc.constantFrom(...HUGE_NUMBERS), fc.bigInt({ min: 10n ** 300n, max: 10n ** 400n }).map(String));
        const arb = fc.record({
          path: fc.constantFrom('/ext/bc/P', '/ext/bc/C/rpc'),
          num: big,
          size: fc.constantFrom(10, 1000, 100_000, 900_000),
          where: fc.constantFrom('id', 'params', 'string-param', 'string-id', 'string-method', 'key'),
        });
        await runProperty(t, `huge ${label} ${mode}`, arb, n(60), async ({ path, num, size, where }) => {
          const s = JSON.stringify('a'.repeat(size - 2) + '\u00e9');
          const method = path === '/ext/bc/P' ? 'platform.getBalance' : 'eth_getBalance';
          const text = {
            id: `{"jsonrpc":"2.0","id":${num},"method":"${method}","params":${path === '/ext/bc/P' ? `{"addresses":[${num}]}` : `["0x1111111111111111111111111111111111111111",${num}]`}}`,
            params: `{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":[${num},{"x":${num}}]}`,
            'string-param': `{"jsonrpc":"2.0","id":2,"method":"${method}","params":${path === '/ext/bc/P' ? `{"addresses":[${s}]}` : `[${s}]`}}`,
            'string-id': `{"jsonrpc":"2.0","id":${s},"method":"platform.getHeight"}`,
            'string-method': `{"jsonrpc":"2.0","id":3,"method":${s}}`,
            key: `{"jsonrpc":"2.0","id":4,"method":"${method}","params":{${s}:${num}}}`,
          }[where];
          const req: RawRequest = { method: 'POST', path, headers: JSON_HEADERS, body: Buffer.from(text) };
          const res = await send(t.port, req);
          const checked = checkHttp(t, req, res);
          checkIdsEchoed(checked, req, res);
          // Every one of these is a well-formed single request: it gets exactly one reply, for its own id.
          const wantId = where === 'id' ? canonRaw(num) : where === 'string-id' ? canonRaw(s) : `#${where === 'params' ? 1 : where === 'string-param' ? 2 : where === 'string-method' ? 3 : 4}e0`;
          expect(checked.replies?.map((r) => canon(r.id))).toEqual([wantId]);
          // No amplification: a reply is never much larger than the request it answers.
          expect(res.body.length).toBeLessThan(2 * text.length + 4096);
        });
      });

      it('invalid UTF-8 anywhere in a request', { timeout: TEST_TIMEOUT }, async () => {
        const badBytes = fc.constantFrom(
          [0xff],
          [0xfe, 0xff],
          [0xc0, 0xaf], // overlong '/'
          [0xe0, 0x80, 0x80],
          [0xed, 0xa0, 0x80], // a surrogate in UTF-8
          [0x80],
          [0xf8, 0x88, 0x80, 0x80, 0x80],
          [0xf4, 0x90, 0x80, 0x80], // above U+10FFFF
          [0xc3], // truncated
        );
        const arb = fc.record({
          path: fc.constantFrom('/ext/bc/P', '/ext/bc/C/rpc', '/ext/info'),
          bad: badBytes,
          where: fc.constantFrom('method', 'param', 'key', 'between', 'start', 'end'),
        });
        await runProperty(t, `utf8 ${label} ${mode}`, arb, n(60), async ({ path, bad, where }) => {
          const b = Buffer.from(bad);
          const parts: Record<string, Buffer[]> = {
            method: [Buffer.from('{"jsonrpc":"2.0","id":5,"method":"'), b, Buffer.from('"}')],
            param: [Buffer.from('{"jsonrpc":"2.0","id":5,"method":"platform.getBalance","params":{"addresses":["'), b, Buffer.from('"]}}')],
            key: [Buffer.from('{"jsonrpc":"2.0","id":5,"method":"eth_blockNumber","params":{"'), b, Buffer.from('":1}}')],
            between: [Buffer.from('{"jsonrpc":"2.0",'), b, Buffer.from('"id":5,"method":"eth_blockNumber"}')],
            start: [b, Buffer.from('{"jsonrpc":"2.0","id":5,"method":"eth_blockNumber"}')],
            end: [Buffer.from('{"jsonrpc":"2.0","id":5,"method":"eth_blockNumber"}'), b],
          };
          const req: RawRequest = { method: 'POST', path, headers: JSON_HEADERS, body: Buffer.concat(parts[where] as Buffer[]) };
          const res = await send(t.port, req);
          const checked = checkHttp(t, req, res);
          checkIdsEchoed(checked, req, res);
          // Inside a string the bytes are just an odd character: the request is still answered for its id.
          if (where === 'method' || where === 'param' || where === 'key') expect(checked.replies?.map((r) => canon(r.id))).toEqual(['#5e0']);
        });
      });

      it('nesting just below, at and far above the depth limit (built as text)', { timeout: TEST_TIMEOUT }, async () => {
        const cases: { path: string; text: string; depth: number; unbalanced?: boolean }[] = [];
        for (const path of ['/ext/bc/P', '/ext/bc/C/rpc']) {
          for (const d of [62, 63, 64, 65, 66, 1000, 100_000]) {
            const inner = d - 1; // the envelope object is one level
            cases.push({ path, depth: d, text: `{"jsonrpc":"2.0","id":9,"method":"eth_blockNumber","params":${'['.repeat(inner)}${']'.repeat(inner)}}` });
            cases.push({ path, depth: d, text: `{"jsonrpc":"2.0","id":9,"method":"platform.getBalance","params":${'{"a":'.repeat(inner)}1${'}'.repeat(inner)}}` });
          }
          // Bare nesting, unbalanced nesting up to the body limit, and brackets inside strings (not nesting).
          cases.push({ path, depth: 65, text: `${'['.repeat(65)}${']'.repeat(65)}` });
          cases.push({ path, depth: 64, text: `${'['.repeat(64)}${']'.repeat(64)}` });
          cases.push({ path, depth: MiB - 10, text: '['.repeat(MiB - 10), unbalanced: true });
          cases.push({ path, depth: 500_000, text: `{"a":${'{"a":'.repeat(200_000)}`, unbalanced: true });
          cases.push({ path, depth: 1, text: `{"jsonrpc":"2.0","id":9,"method":"eth_blockNumber","params":["${'['.repeat(100_000)}\\"${'{'.repeat(1000)}"]}` });
        }
        for (const c of cases) {
          const req: RawRequest = { method: 'POST', path: c.path, headers: JSON_HEADERS, body: Buffer.from(c.text) };
          const res = await send(t.port, req);
          const checked = checkHttp(t, req, res);
          checkIdsEchoed(checked, req, res);
          const def = serviceOfPath(c.path) as ServerServiceDef;
          const flavor = flavorOf(mode, def);
          const replies = checked.replies ?? [];
          if (c.depth > 64) {
            // Refused before anything runs: standard says Invalid Request (a parse error when the text is not
            // JSON at all), Go's decoders a parse error.
            const code = flavor === 'standard' && !c.unbalanced ? -32600 : -32700;
            expect(replies.map((r) => [canon(r.id), r.error?.code]), c.text.slice(0, 80)).toEqual([['null', code]]);
          } else if (c.text.startsWith('{')) {
            expect(replies.map((r) => canon(r.id)), c.text.slice(0, 80)).toEqual(['#9e0']);
          }
          checkPrototypes();
        }
        await probe(t);
        checkLogs(t);
      });

      it('bodies over 1 MiB (declared, chunked, exactly at the limit)', { timeout: TEST_TIMEOUT }, async () => {
        const envelope1 = '{"jsonrpc":"2.0","id":1,"method":"platform.getHeight"}';
        const atLimit = Buffer.from(envelope1 + ' '.repeat(MiB - envelope1.length));
        const overLimit = Buffer.concat([atLimit, Buffer.from(' ')]);
        for (const path of ['/ext/bc/P', '/ext/bc/C/rpc', '/ext/info']) {
          const exact = await send(t.port, { method: 'POST', path, headers: JSON_HEADERS, body: atLimit });
          checkHttp(t, { method: 'POST', path, headers: JSON_HEADERS, body: atLimit }, exact);
          expect(exact.status).toBe(200);
          expect(exact.text).toContain('"id":1');
          for (const req of [
            { method: 'POST', path, headers: JSON_HEADERS, body: overLimit },
            { method: 'POST', path, headers: JSON_HEADERS, chunks: Array.from({ length: 24 }, () => Buffer.alloc(64 * 1024, 0x20)) },
            { method: 'POST', path, headers: JSON_HEADERS, chunks: [Buffer.from('['), ...Array.from({ length: 40 }, () => Buffer.from(`${envelope1},`.repeat(600)))] },
            // A batch of small requests whose body is over the limit.
            { method: 'POST', path, headers: JSON_HEADERS, body: Buffer.from(`[${Array.from({ length: 20_000 }, () => envelope1).join(',')}]`) },
          ] satisfies RawRequest[]) {
            const res = await send(t.port, req);
            checkHttp(t, req, res);
            expect(res.status, describeRequest(req)).toBe(413);
          }
          // A declared length over the limit is refused before a byte of the body is read.
          const declared: RawRequest = { method: 'POST', path, headers: { ...JSON_HEADERS, 'content-length': String(64 * MiB) }, body: Buffer.from(envelope1) };
          const refused = await send(t.port, declared);
          expect(refused.status).toBe(413);
        }
        await probe(t);
        checkPrototypes();
        checkLogs(t);
      });

      it('WebSocket: random messages get JSON-RPC replies and the connection keeps serving', { timeout: TEST_TIMEOUT }, async () => {
        const evm = defByName.get('evm') as ServerServiceDef;
        const arb = fc.oneof(
          envelope(evm).map((e) => ({ text: e.raw, binary: false })),
          fc.json({ maxDepth: 6 }).map((text) => ({ text, binary: false })),
          fc.uint8Array({ maxLength: 512 }).map((b) => ({ text: Buffer.from(b).toString('latin1'), binary: true })),
          fc.constantFrom('[]', '[1,2]', `${'['.repeat(100)}${']'.repeat(100)}`, '{"jsonrpc":"2.0","id":1,"method":"eth_subscribe","params":["newHeads"]}').map((text) => ({ text, binary: false })),
        );
        await runProperty(t, `ws ${label} ${mode}`, arb, n(80), async ({ text, binary }) => {
          const ws = await openWs(t.port);
          try {
            const payload = binary ? Buffer.from(text, 'latin1') : text;
            ws.socket.send(payload, { binary });
            wsMessagesSent += 2;
            ws.socket.send('{"jsonrpc":"2.0","id":"sentinel","method":"eth_blockNumber"}');
            const sent = idsIn(binary ? Buffer.from(text, 'latin1').toString('utf8') : text);
            for (;;) {
              const msg = await ws.next();
              let parsed: Lossless;
              try {
                parsed = parseLossless(msg.endsWith('\n') ? msg.slice(0, -1) : msg).value;
              } catch {
                throw new Error(`a WebSocket reply is not JSON: ${msg.slice(0, 200)} (sent ${text.slice(0, 200)})`);
              }
              const req: RawRequest = { method: 'WS', path: WS_PATH, headers: {}, body: Buffer.from(text) };
              const res: RawResponse = { status: 200, headers: {}, body: Buffer.from(msg), text: msg };
              const flavor = mode === 'standard' ? 'standard' : 'geth';
              const items = Array.isArray(parsed) ? parsed : [parsed];
              let done = false;
              for (const item of items) {
                if (item instanceof Obj && item.get('method') === 'eth_subscription') continue; // a notification
                const r = checkReplyObject(item, flavor, codesFor(t, flavor), req, res);
                if (r.id === 'sentinel') done = true;
                else if (r.id !== null && !sent.has(canon(r.id))) fail(`WebSocket reply id ${canon(r.id)} was never sent`, req, res);
              }
              if (done) break;
            }
          } finally {
            await ws.close();
          }
        });
      });

      it('WebSocket: invalid UTF-8 text and oversized messages close only that connection', { timeout: TEST_TIMEOUT }, async () => {
        const bad = await openWs(t.port);
        // The ws library refuses to send invalid UTF-8 as text; write the frame ourselves (masked, FIN, text).
        bad.raw(Buffer.from([0xff, 0xfe, 0x7b]));
        expect(await bad.closed()).toBe(1007);
        const big = await openWs(t.port);
        big.socket.send(`{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":["${'a'.repeat(MiB)}"]}`);
        wsMessagesSent += 1;
        expect(await big.closed()).toBe(1009);
        const good = await openWs(t.port);
        good.socket.send('{"jsonrpc":"2.0","id":"ok","method":"eth_blockNumber"}');
        wsMessagesSent += 1;
        expect(JSON.parse(await good.next())).toMatchObject({ id: 'ok' });
        await good.close();
        await probe(t);
        checkLogs(t);
      });
    });
  }
}

/** Depth of JSON text (strings skipped), counted the simple way for the test's own expectations. */
function depthOf(text: string): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    } else if (c === '[' || c === '{') max = Math.max(max, ++depth);
    else if (c === ']' || c === '}') depth--;
  }
  return max;
}

// ---------------------------------------------------------------------------------------------------------
// WebSocket client with a queue, and a raw frame writer for what `ws` refuses to send.
// ---------------------------------------------------------------------------------------------------------

interface WsConn {
  readonly socket: WebSocket;
  next(): Promise<string>;
  raw(payload: Buffer): void;
  closed(): Promise<number>;
  close(): Promise<void>;
}

async function openWs(port: number): Promise<WsConn> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}${WS_PATH}`, { perMessageDeflate: false });
  const queue: string[] = [];
  const waiters: ((s: string) => void)[] = [];
  socket.on('message', (data: Buffer) => {
    const text = data.toString('utf8');
    const w = waiters.shift();
    if (w) w(text);
    else queue.push(text);
  });
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.once('close', (code: number) => resolve(code)));
  await bounded(once(socket, 'open'), 'WebSocket open');
  return {
    socket,
    next: () => {
      const q = queue.shift();
      if (q !== undefined) return Promise.resolve(q);
      return bounded(new Promise<string>((resolve) => waiters.push(resolve)), 'WebSocket reply');
    },
    raw(payload) {
      const mask = Buffer.from([1, 2, 3, 4]);
      const masked = Buffer.from(payload.map((b, i) => b ^ (mask[i % 4] as number)));
      const tcp = (socket as unknown as { _socket: Socket })._socket;
      tcp.write(Buffer.concat([Buffer.from([0x81, 0x80 | payload.length]), mask, masked]));
    },
    closed: () => bounded(closed, 'WebSocket close'),
    async close() {
      if (socket.readyState === WebSocket.CLOSED) return;
      socket.terminate();
      await closed;
    },
  };
}

function bounded<T>(p: Promise<T>, what: string, ms = REQUEST_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms);
    }),
  ]);
}

fuzzSuite('createNodeServer with typed handlers', startTyped, { scale: 2.5 });
fuzzSuite('startNodeMock (raw example handler)', startMock, { scale: 1 });

describe('numeric ids are echoed as sent', () => {
  it('ids such as 1e-400, 1.00000000000000000001, 1.0 and 1e2 come back as sent', async () => {
    for (const mode of ['standard', 'node'] as const) {
      const server = createNodeServer({ mode, handlers });
      const at = await server.listen(0, '127.0.0.1');
      try {
        for (const id of ['1e-400', '1.00000000000000000001', '9007199254740991.4', '1.0', '1e2', '-0.0']) {
          for (const [path, method] of [['/ext/bc/P', 'platform.getHeight'], ['/ext/bc/C/rpc', 'eth_blockNumber']] as const) {
            const res = await postJson(at.port, path, `{"jsonrpc":"2.0","id":${id},"method":"${method}"}`);
            expect(res.text, `${mode} ${path} id ${id}`).toContain(`"id":${id}`);
          }
        }
      } finally {
        await server.close();
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------------------
// Slow and stalled clients.
// ---------------------------------------------------------------------------------------------------------

/** A raw TCP connection to the server, reading nothing unless asked. */
async function tcp(port: number): Promise<Socket> {
  const s = connect({ host: '127.0.0.1', port });
  s.on('error', () => undefined);
  await bounded(once(s, 'connect'), 'connect');
  return s;
}

/** Well-behaved traffic: raw calls and generated-client calls, all at once; resolves when all are answered. */
async function wellBehaved(port: number, url: string, count: number): Promise<void> {
  const node = createNodeClient({ url, timeout: REQUEST_TIMEOUT_MS });
  try {
    const raw = Array.from({ length: count }, (_, i) =>
      postJson(port, i % 2 ? '/ext/bc/P' : '/ext/bc/C/rpc', `{"jsonrpc":"2.0","id":${i},"method":"${i % 2 ? 'platform.getHeight' : 'eth_blockNumber'}"}`).then((res) => {
        expect(res.status).toBe(200);
        expect(JSON.parse(res.text)).toMatchObject({ id: i });
      }),
    );
    const typed = Array.from({ length: count }, () => node.platform.getHeight().then((r) => expect(r).toEqual({ height: HEIGHT })));
    const blocks = Array.from({ length: count }, () => node.eth.blockNumber().then((b) => expect(b).toBe(BLOCK)));
    requestsSent += 2 * count;
    await Promise.all([...raw, ...typed, ...blocks]);
  } finally {
    await node.close();
  }
}

for (const mode of ['standard', 'node'] as const) {
  describe(`slow clients do not block others, ${mode} mode`, () => {
    let server: RpcServer;
    let port: number;
    let url: string;
    const logs: LogEntry[] = [];
    const events = new EventEmitter();
    const open: Socket[] = [];
    beforeAll(async () => {
      const logger = (e: LogEntry): void => {
        logs.push(e);
        events.emit(e.event, e);
      };
      server = createNodeServer({ mode, handlers, discover: true, logger });
      const at = await server.listen(0, '127.0.0.1');
      port = at.port;
      url = at.url;
    });
    afterAll(async () => {
      for (const s of open) s.destroy();
      await server.close();
    });

    it('a partial body, partial headers and a trickling client stay open while others are served', { timeout: TEST_TIMEOUT }, async () => {
      const partialBody = await tcp(port);
      partialBody.write('POST /ext/bc/C/rpc HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"jsonrpc":"2.0",');
      const partialHeaders = await tcp(port);
      partialHeaders.write('POST /ext/bc/P HTTP/1.1\r\nHost: x\r\nContent-Ty');
      const chunked = await tcp(port);
      chunked.write('POST /ext/bc/P HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{"jso\r\n');
      const trickle = await tcp(port);
      trickle.write('POST /ext/bc/C/rpc HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n[');
      const dribble = setInterval(() => trickle.write(' '), 5);
      open.push(partialBody, partialHeaders, chunked, trickle);
      const heard: Socket[] = [];
      for (const s of [partialBody, partialHeaders, chunked, trickle]) s.on('data', () => heard.push(s));
      try {
        await wellBehaved(port, url, 30);
        // Still open and unanswered while everybody else was served.
        for (const s of [partialBody, partialHeaders, chunked, trickle]) expect(s.destroyed).toBe(false);
        expect(heard).toEqual([]);
      } finally {
        clearInterval(dribble);
        for (const s of [partialBody, partialHeaders, chunked, trickle]) s.destroy();
      }
      expect(logs.filter((e) => e.event === 'server-failed')).toEqual([]);
    });

    it('a client that never reads its (large) responses does not delay others', { timeout: TEST_TIMEOUT }, async () => {
      const sink = await tcp(port);
      open.push(sink);
      sink.pause();
      // Pipelined requests for the evm document (about 400 kB each): far more than socket buffers hold.
      const one = 'POST /ext/bc/C/rpc HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 48\r\n\r\n{"jsonrpc":"2.0","id":1,"method":"rpc.discover"}';
      expect(Buffer.byteLength('{"jsonrpc":"2.0","id":1,"method":"rpc.discover"}')).toBe(48);
      sink.write(one.repeat(60));
      requestsSent += 60;
      await wellBehaved(port, url, 30);
      expect(sink.destroyed).toBe(false);
      sink.destroy();
    });

    it('a WebSocket that never reads is dropped at its send-queue limit and delays no one', { timeout: TEST_TIMEOUT }, async () => {
      let overflowed = false;
      const overflow = once(events, 'ws-overflow').then(() => {
        overflowed = true;
      });
      const deaf = await openWs(port);
      const tcpSocket = (deaf.socket as unknown as { _socket: Socket })._socket;
      tcpSocket.pause();
      for (let i = 0; i < 40; i++) deaf.socket.send(`{"jsonrpc":"2.0","id":${i},"method":"rpc.discover"}`);
      wsMessagesSent += 40;
      // Another WebSocket and HTTP clients are served meanwhile.
      const other = await openWs(port);
      other.socket.send('{"jsonrpc":"2.0","id":"other","method":"eth_blockNumber"}');
      wsMessagesSent += 1;
      expect(JSON.parse(await other.next())).toMatchObject({ id: 'other', result: '0x1234' });
      await wellBehaved(port, url, 20);
      await other.close();
      // Keep asking (about 400 kB a reply) until the queue passes its 8 MiB limit, however large the kernel's
      // socket buffers are: the server drops the connection rather than buffer without bound.
      for (let i = 40; i < 1000 && !overflowed; i++) {
        deaf.socket.send(`{"jsonrpc":"2.0","id":${i},"method":"rpc.discover"}`);
        wsMessagesSent++;
        if (i % 10 === 0) await new Promise<void>((resolve) => setImmediate(resolve));
      }
      await bounded(overflow, 'ws-overflow log entry', 60_000);
      await deaf.close();
      expect(logs.filter((e) => e.event === 'server-failed')).toEqual([]);
    });
  });
}

afterAll(() => {
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `server-fuzz: seed ${SEED}; ${runsDone} property runs; ${requestsSent} HTTP requests and ${wsMessagesSent} WebSocket messages sent in ${seconds} s`,
  );
});
