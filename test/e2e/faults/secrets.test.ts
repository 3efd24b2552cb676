/**
 * Secrets (issue #7): keystore passwords and the other `x-secret` params never appear where they should not.
 *
 * (a) generated/docs shows placeholders, never the example values;
 * (b) the generated server, in both modes, with a logger collecting every entry: every method taking a secret
 *     (the keystore methods of native.json and the personal_ methods), called with valid params, invalid
 *     params (-32602 and the node's equivalents, data included), secrets of the wrong type, a handler that
 *     throws an Error naming the password, and one that throws a JSON-RPC error echoing it: no log entry
 *     and no reply holds a secret (raw, JSON-escaped or Go-escaped);
 * (c) the generated client: EncodeError for bad params, and RpcError / ProtocolError / HttpError from a
 *     server that echoes the password back are redacted (message, data, body, stack, inspect, JSON);
 * (d) the mock's logs and replies.
 * The values are the spec's own examples (`myPassword`, `myUsername`, `correct horse battery staple`) plus
 * a password with quotes, backslashes and characters Go's encoder escapes.
 */
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFiles } from '../../../generator/write/index.js';
import {
  createNodeClient,
  decode,
  EncodeError,
  HttpError,
  NodeRpcError,
  ProtocolError,
  RpcError,
} from '../../../generated/client/index.js';
import { startNodeMock } from '../../../generated/client/mock/index.js';
import { createNodeServer, services, type LogEntry, type NodeServerHandlers, type ServerServiceDef } from '../../../generated/client/server/index.js';
import { ROOT } from '../../helpers/paths.js';

type Mode = 'standard' | 'node';
const MODES: readonly Mode[] = ['standard', 'node'];

// ---------------------------------------------------------------------------------------------------------
// The spec's secrets: every x-secret param of every method, with its examples.
// ---------------------------------------------------------------------------------------------------------

interface ContentDescriptor {
  readonly name: string;
  readonly 'x-secret'?: boolean;
  readonly $ref?: string;
  readonly required?: boolean;
}
interface Example {
  readonly name: string;
  readonly params: readonly { readonly name: string; readonly value: unknown }[];
  readonly result?: { readonly value: unknown };
}
interface DocMethod {
  readonly name: string;
  readonly paramStructure?: string;
  readonly params: readonly ContentDescriptor[];
  readonly result?: ContentDescriptor;
  readonly examples: readonly Example[];
  readonly 'x-keystore'?: unknown;
}
interface Doc {
  readonly methods: readonly DocMethod[];
  readonly components?: { readonly contentDescriptors?: Readonly<Record<string, ContentDescriptor>> };
}

const DOCS = ['info', 'platform', 'native', 'admin', 'evm'].map((s) => [s, JSON.parse(readFileSync(join(ROOT, 'generated/openrpc', `${s}.json`), 'utf8')) as Doc] as const);

function resolved(doc: Doc, cd: ContentDescriptor): ContentDescriptor {
  if (!cd.$ref) return cd;
  const name = cd.$ref.split('/').pop() as string;
  return doc.components?.contentDescriptors?.[name] as ContentDescriptor;
}

interface SecretMethod {
  readonly service: string;
  readonly method: DocMethod;
  /** Names of the secret params. */
  readonly secrets: readonly string[];
  /** Declared param names, in order. */
  readonly params: readonly string[];
  readonly byPosition: boolean;
  readonly keystore: boolean;
}

const SECRET_METHODS: readonly SecretMethod[] = DOCS.flatMap(([service, doc]) =>
  doc.methods.flatMap((m) => {
    const params = m.params.map((p) => resolved(doc, p));
    const secrets = params.filter((p) => p['x-secret'] === true).map((p) => p.name);
    return secrets.length === 0
      ? []
      : [{ service, method: m, secrets, params: params.map((p) => p.name), byPosition: m.paramStructure === 'by-position', keystore: m['x-keystore'] !== undefined }];
  }),
);

/** Every secret value the examples hold, per method. */
const exampleSecrets = (m: SecretMethod): string[] =>
  m.method.examples.flatMap((ex) => ex.params.filter((p) => m.secrets.includes(p.name) && typeof p.value === 'string').map((p) => p.value as string));

/** Secret values of the examples, long enough not to occur by chance (a 6-digit PIN would). */
const SPEC_SECRETS = [...new Set(SECRET_METHODS.flatMap(exampleSecrets))].filter((s) => s.length >= 8);

/** Results the spec marks x-secret (a private key), and their example values. */
const SECRET_RESULTS = DOCS.flatMap(([, doc]) =>
  doc.methods.filter((m) => m.result && resolved(doc, m.result)['x-secret'] === true).map((m) => ({ method: m.name, values: m.examples.flatMap((ex) => strings(ex.result?.value)) })),
);

function strings(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.flatMap(strings);
  if (v !== null && typeof v === 'object') return Object.values(v).flatMap(strings);
  return [];
}

/** A password every encoder writes differently: JSON escapes `"` and `\`, Go's also `<`, `>`, `&`, U+2028. */
const TRICKY = 'pa"ss\\w<o>rd&\u2028é-hunter2';

/** The forms a secret takes in text: raw, JSON-escaped, and JSON-escaped the way Go's encoder does. */
function forms(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  const go = json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028');
  return [...new Set([secret, json, go])];
}

/** Asserts that no form of any secret occurs in `text` (and, when it is JSON, in any of its strings). */
function expectClean(text: string, secrets: readonly string[], where: string): void {
  for (const s of secrets) {
    for (const f of forms(s)) {
      if (text.includes(f)) throw new Error(`${where} holds the secret ${JSON.stringify(s)} (as ${JSON.stringify(f)}):\n${text.slice(0, 2000)}`);
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return;
  }
  for (const str of strings(parsed)) for (const s of secrets) if (str.includes(s)) throw new Error(`${where} holds the secret ${JSON.stringify(s)} in ${JSON.stringify(str)}`);
}

it('the spec has secrets to protect (the keystore passwords of native.json among them)', () => {
  expect(SECRET_METHODS.filter((m) => m.keystore).map((m) => m.method.name)).toEqual([
    'native.export',
    'native.exportNATIVE',
    'native.exportKey',
    'native.import',
    'native.importNATIVE',
    'native.importKey',
  ]);
  expect(SPEC_SECRETS).toEqual(expect.arrayContaining(['myPassword', 'myUsername', 'correct horse battery staple']));
  for (const m of SECRET_METHODS.filter((x) => x.keystore)) expect(m.secrets).toEqual(expect.arrayContaining(['username', 'password']));
});

// ---------------------------------------------------------------------------------------------------------
// (a) Docs.
// ---------------------------------------------------------------------------------------------------------

describe('(a) generated/docs', () => {
  const dir = join(ROOT, 'generated/docs');
  const files = listFiles(dir).filter((f) => !f.includes('/dist/') && !f.includes('/cache/'));
  const secretResultValues = new Set(SECRET_RESULTS.flatMap((r) => r.values));

  it('holds no x-secret param value of any example; keystore examples show placeholders', () => {
    expect(files.length).toBeGreaterThan(3);
    // Values that are also an x-secret *result* (a private key exportKey returns) are checked below.
    const secrets = SPEC_SECRETS.filter((s) => !secretResultValues.has(s));
    expect(secrets).toEqual(expect.arrayContaining(['myPassword', 'myUsername', 'correct horse battery staple']));
    for (const f of files) expectClean(readFileSync(join(dir, f), 'utf8'), secrets, `generated/docs/${f}`);
    const native = readFileSync(join(dir, 'native.md'), 'utf8');
    for (const m of SECRET_METHODS.filter((x) => x.keystore)) {
      // Each keystore method's curl example shows the placeholders.
      expect(native).toMatch(new RegExp(`"method":"${m.method.name.replace('.', '\\.')}","params":\\{[^}]*"password":"<password>"`));
    }
  });

  it('x-secret results (the key native.exportKey returns, the mnemonic of personal_initializeWallet) are not shown in docs', () => {
    const values = [...secretResultValues];
    expect(values.length).toBeGreaterThan(0);
    for (const f of files) expectClean(readFileSync(join(dir, f), 'utf8'), values, `generated/docs/${f}`);
  });
});

// ---------------------------------------------------------------------------------------------------------
// (b) The generated server.
// ---------------------------------------------------------------------------------------------------------

const defs = services as readonly ServerServiceDef[];
const metaOf = (m: SecretMethod): ServerServiceDef['methods'][string] =>
  (defs.find((d) => d.name === m.service) as ServerServiceDef).methods[m.method.name] as ServerServiceDef['methods'][string];

/** Wire params from an example, with secret values replaced (`swap`), by name or by position. */
function paramsOf(m: SecretMethod, example: Example, swap?: (name: string, value: unknown) => unknown): { params: unknown; secrets: string[] } {
  const values = new Map(example.params.map((p) => [p.name, p.value]));
  // A secret the example leaves out (an optional passphrase) is added, so every secret is sent.
  for (const s of m.secrets) if (!values.has(s)) values.set(s, 'opt-in-secret-value');
  const secrets: string[] = [];
  const pick = (name: string): unknown => {
    let v = values.get(name);
    if (m.secrets.includes(name) && swap) v = swap(name, v);
    if (m.secrets.includes(name) && typeof v === 'string' && v.length >= 8) secrets.push(v);
    return v;
  };
  if (!m.byPosition) return { params: Object.fromEntries(m.params.filter((n) => values.has(n)).map((n) => [n, pick(n)])), secrets };
  const last = Math.max(...m.params.map((n, i) => (values.has(n) ? i : -1)));
  return { params: m.params.slice(0, last + 1).map((n) => (values.has(n) ? pick(n) : null)), secrets };
}

/** What the typed handlers do, per call. */
type Behaviour = 'answer' | 'throw-error' | 'throw-rpc-error';
let behaviour: Behaviour = 'answer';
/** The secrets of the call in flight (the handlers name them in what they throw). */
let current: readonly string[] = [];

function handlersFor(): NodeServerHandlers {
  const tree: Record<string, Record<string, (params: unknown) => unknown>> = {};
  for (const m of SECRET_METHODS) {
    const meta = metaOf(m);
    const example = m.method.examples[0] as Example;
    (tree[meta.namespace] ??= {})[meta.member] = () => {
      const pw = current[0] ?? 'none';
      if (behaviour === 'throw-error') {
        throw new Error(`keystore rejected user ${current.join('/')}: password ${pw} (escaped ${JSON.stringify(pw)}) is wrong`);
      }
      if (behaviour === 'throw-rpc-error') {
        throw { code: -32000, message: `incorrect password ${pw}`, data: { password: pw, tried: [...current], note: `you sent ${JSON.stringify(pw)}` } };
      }
      return decode(meta.decode, example.result?.value ?? null);
    };
  }
  return tree as NodeServerHandlers;
}

interface Case {
  readonly label: string;
  readonly behaviour: Behaviour;
  /** The request body and the secrets it carries. */
  build(m: SecretMethod): { body: string; secrets: string[] } | undefined;
}

const envelope = (m: SecretMethod, params: unknown, jsonrpc = '2.0'): string => JSON.stringify({ jsonrpc, id: 1, method: m.method.name, params });
const first = (m: SecretMethod): Example => m.method.examples[0] as Example;
/** A non-secret param to break, if the method has one. */
const otherParam = (m: SecretMethod): string | undefined => m.params.find((n) => !m.secrets.includes(n) && first(m).params.some((p) => p.name === n));

function withParams(m: SecretMethod, swap: ((name: string, value: unknown) => unknown) | undefined, edit?: (params: unknown, secrets: string[]) => unknown, jsonrpc?: string): { body: string; secrets: string[] } {
  const { params, secrets } = paramsOf(m, first(m), swap);
  return { body: envelope(m, edit ? edit(params, secrets) : params, jsonrpc), secrets };
}

/** Replaces passwords, passphrases and usernames (any string is valid there); keys and PINs have a format. */
const tricky = (name: string, value: unknown): unknown => (name === 'privateKey' || name === 'pin' ? value : TRICKY);

const CASES: readonly Case[] = [
  { label: 'valid params (the example)', behaviour: 'answer', build: (m) => withParams(m, undefined) },
  { label: 'valid params, a tricky password', behaviour: 'answer', build: (m) => withParams(m, tricky) },
  {
    label: 'invalid params: another param of the wrong type (-32602 with data)',
    behaviour: 'answer',
    build: (m) => {
      const other = otherParam(m);
      if (other === undefined) return undefined;
      const wrong = { wrong: [1, 2, 3], nested: { deeper: true } };
      return withParams(m, tricky, (params) => {
        if (Array.isArray(params)) return params.map((v, i) => (m.params[i] === other ? wrong : v));
        return { ...(params as object), [other]: wrong };
      });
    },
  },
  { label: 'invalid params: the password is a number', behaviour: 'answer', build: (m) => withParams(m, (n, v) => (n === 'password' || n === 'passphrase' ? 31415926535 : v)) },
  { label: 'invalid params: the password is an array holding it', behaviour: 'answer', build: (m) => withParams(m, (n, v) => (n === 'password' || n === 'passphrase' ? [TRICKY] : v)) },
  { label: 'invalid params: a missing required param', behaviour: 'answer', build: (m) => withParams(m, tricky, (params) => (Array.isArray(params) ? params.slice(0, -1) : Object.fromEntries(Object.entries(params as object).filter(([k]) => k !== otherParam(m))))) },
  { label: 'a handler throws an Error naming the password', behaviour: 'throw-error', build: (m) => withParams(m, tricky) },
  { label: 'a handler throws a JSON-RPC error echoing the password', behaviour: 'throw-rpc-error', build: (m) => withParams(m, tricky) },
  { label: 'the example password, a handler echoing it', behaviour: 'throw-rpc-error', build: (m) => withParams(m, undefined) },
  { label: 'params wrapped in a one-element array', behaviour: 'answer', build: (m) => (m.byPosition ? undefined : withParams(m, tricky, (params) => [params])) },
  { label: 'a wrong jsonrpc version (the node echoes the request in data)', behaviour: 'answer', build: (m) => withParams(m, tricky, undefined, '1.0') },
];


function pathOf(m: SecretMethod): string {
  return m.service === 'native' ? '/ext/bc/C/native' : '/ext/bc/C/rpc';
}

async function post(base: string, path: string, body: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  return { status: res.status, text: await res.text() };
}

describe('(b) the generated server: logs and error replies', () => {
  for (const mode of MODES) {
    describe(`${mode} mode`, () => {
      const logs: LogEntry[] = [];
      let base: string;
      let close: () => Promise<void>;
      beforeAll(async () => {
        // Every method taking a secret was removed with the keystore; node mode serves them only when asked.
        const server = createNodeServer({ mode, handlers: handlersFor(), enable: 'all', serveRemoved: true, logger: (e) => logs.push(e) });
        const at = await server.listen(0, '127.0.0.1');
        base = at.url;
        close = () => server.close();
      });
      afterAll(() => close());

      for (const c of CASES) {
        it(c.label, async () => {
          let calls = 0;
          for (const m of SECRET_METHODS) {
            const built = c.build(m);
            if (!built) continue;
            const secrets = built.secrets;
            // A 6-digit PIN alone is too short to search for without false alarms.
            if (secrets.length === 0) continue;
            current = built.secrets;
            behaviour = c.behaviour;
            logs.length = 0;
            const res = await post(base, pathOf(m), built.body);
            calls++;
            const where = `${mode} ${m.method.name} (${c.label})`;
            expect(res.status, where).toBe(200);
            expectClean(res.text, secrets, `the reply to ${where}`);
            expectClean(JSON.stringify(logs), secrets, `the log of ${where}`);
            // Every dispatched call is logged (a wrong version is refused before dispatch).
            if (!c.label.startsWith('a wrong jsonrpc')) expect(logs.some((e) => e.event === 'call'), `${where}: the call was logged`).toBe(true);
            if (c.behaviour === 'throw-error') {
              const failed = logs.find((e) => e.event === 'handler-failed');
              expect(failed, `${where}: ${res.text}`).toBeDefined();
              expect(failed?.error?.message, where).toMatch(/keystore rejected user \*\*\*/);
              expect(failed?.error?.stack, where).toContain('***');
            }
            if (c.behaviour === 'throw-rpc-error') expect(res.text, where).toMatch(/incorrect password \*\*\*/);
            if (c.label.startsWith('invalid params') && c.label.includes('-32602') && mode === 'standard') {
              expect(JSON.parse(res.text)).toMatchObject({ error: { code: -32602, data: expect.any(Array) } });
            }
            if (c.label === 'valid params (the example)') expect(JSON.parse(res.text).error, `${where}: ${res.text}`).toBeUndefined();
          }
          expect(calls).toBeGreaterThan(0);
        });
      }

      it('a by-position password after an object param is masked in the log', async () => {
        for (const name of ['personal_sendTransaction', 'personal_signTransaction']) {
          const m = SECRET_METHODS.find((x) => x.method.name === name) as SecretMethod;
          const built = withParams(m, undefined);
          logs.length = 0;
          behaviour = 'answer';
          current = built.secrets;
          const res = await post(base, pathOf(m), built.body);
          expect(JSON.parse(res.text).error).toBeUndefined();
          expect(built.secrets).toContain('correct horse battery staple');
          expectClean(JSON.stringify(logs), built.secrets, `the log of ${name}`);
        }
      });

      it('a password sent in a malformed shape is neither logged nor echoed', async () => {
        const exportMethod = SECRET_METHODS.find((m) => m.method.name === 'native.export') as SecretMethod;
        const exportKey = SECRET_METHODS.find((m) => m.method.name === 'native.exportKey') as SecretMethod;
        const bodies = [
          JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'native.export', params: ['x', { password: 'myPassword' }] }),
          JSON.stringify({ jsonrpc: '1.0', id: 1, method: 'native.export', params: ['x', { password: 'myPassword' }] }),
          JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'native.exportKey', params: { username: 'u', Password: 'myPassword', address: '0x2d98f0c1c8b92d58fc6df99d4987efed2ecf0720' } }),
        ];
        expect([exportMethod, exportKey].every(Boolean)).toBe(true);
        for (const body of bodies) {
          logs.length = 0;
          behaviour = 'answer';
          const res = await post(base, '/ext/bc/C/native', body);
          expectClean(res.text, ['myPassword'], `the reply to ${body}`);
          expectClean(JSON.stringify(logs), ['myPassword'], `the log of ${body}`);
        }
      });
    });
  }
});

// ---------------------------------------------------------------------------------------------------------
// (c) The generated client.
// ---------------------------------------------------------------------------------------------------------

/** Every text an error offers a user or a log: message, stack, inspect, JSON, own fields, cause chain. */
function errorTexts(e: unknown): string {
  const parts: string[] = [String(e), inspect(e, { depth: 10, showHidden: false })];
  if (e instanceof Error) {
    parts.push(e.message, e.stack ?? '');
    parts.push(JSON.stringify(Object.fromEntries(Object.entries(e))));
    if (e.cause !== undefined) parts.push(errorTexts(e.cause));
  }
  return parts.join('\n');
}

describe('(c) the generated client redacts what a server echoes', () => {
  let server: Server;
  let base: string;
  /** How the server answers: given the request body text, the status, content type and body. */
  let reply: (body: string, json: { id: number; params: unknown }) => { status: number; type: string; body: string };
  beforeAll(async () => {
    server = createServer((req, res) => {
      const parts: Buffer[] = [];
      req.on('data', (c: Buffer) => parts.push(c));
      req.on('end', () => {
        const text = Buffer.concat(parts).toString('utf8');
        const r = reply(text, JSON.parse(text) as { id: number; params: unknown });
        res.writeHead(r.status, { 'content-type': r.type });
        res.end(r.body);
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const ADDRESS = '0x2d98f0c1c8b92d58fc6df99d4987efed2ecf0720' as const;

  for (const password of ['myPassword', TRICKY]) {
    const secrets = [password, 'myUsername'];

    it(`RpcError: a server echoing the request in message and data (${JSON.stringify(password)})`, async () => {
      const node = createNodeClient({ url: base, timeout: 5000 });
      try {
        reply = (text, json) => ({
          status: 200,
          type: 'application/json',
          body: JSON.stringify({ jsonrpc: '2.0', id: json.id, error: { code: -32000, message: `bad request: ${text}`, data: { request: JSON.parse(text), raw: text, params: json.params } } }),
        });
        const e = await node.native.exportKey({ username: 'myUsername', password, address: ADDRESS }).then(
          () => undefined,
          (x: unknown) => x,
        );
        expect(e).toBeInstanceOf(RpcError);
        expect((e as RpcError).message).toContain('***');
        expectClean(errorTexts(e), secrets, 'the RpcError');
        // By position too: personal_unlockAccount(address, password, duration).
        const p = await node.personal.unlockAccount(ADDRESS, password, 300n).then(
          () => undefined,
          (x: unknown) => x,
        );
        expect(p).toBeInstanceOf(RpcError);
        expectClean(errorTexts(p), [password], 'the RpcError of personal_unlockAccount');
      } finally {
        await node.close();
      }
    });

    it(`ProtocolError and HttpError: a body that is not JSON-RPC, echoing the password (${JSON.stringify(password)})`, async () => {
      const node = createNodeClient({ url: base, timeout: 5000 });
      try {
        for (const [status, type, make] of [
          [200, 'text/html', (t: string) => `<html><body>proxy saw ${t} with password=${password}</body></html>`],
          [200, 'application/json', (t: string) => `{"jsonrpc":"2.0","id":1,"result":${t}`],
          [500, 'text/html', (t: string) => `<html><body>500: upstream rejected ${t}</body></html>`],
          [502, 'text/plain', () => `bad gateway for password ${password} / ${JSON.stringify(password)}`],
        ] as const) {
          reply = (text) => ({ status, type, body: make(text) });
          const e = await node.native.exportKey({ username: 'myUsername', password, address: ADDRESS }).then(
            () => undefined,
            (x: unknown) => x,
          );
          expect(e).toBeInstanceOf(status === 200 ? ProtocolError : HttpError);
          expectClean(errorTexts(e), secrets, `the ${(e as Error).name} for a ${status} ${type}`);
        }
      } finally {
        await node.close();
      }
    });
  }

  it('EncodeError: bad params never show the password', async () => {
    const node = createNodeClient({ url: base, timeout: 5000 });
    try {
      reply = () => ({ status: 500, type: 'text/plain', body: 'must not be reached' });
      const attempts: (() => Promise<unknown>)[] = [
        () => node.native.export({ to: 'P-fuji1f34vp2txkzjqherej5c0r6qah3mnt6cmvssfrt', amount: -1n, assetID: 'NATIVE', username: 'myUsername', password: TRICKY }),
        () => node.native.export({ to: 'P-fuji1f34vp2txkzjqherej5c0r6qah3mnt6cmvssfrt', amount: TRICKY as unknown as bigint, assetID: 'NATIVE', username: 'myUsername', password: TRICKY }),
        () => node.native.exportNATIVE({ to: 'X-fuji123rpkeq7ra8h3l0w57vhfxldrw77997slawu5t', amount: 1.5 as unknown as bigint, username: 'myUsername', password: 'myPassword' }),
        () => node.native.exportKey(TRICKY as unknown as Parameters<typeof node.native.exportKey>[0]),
        () => node.native.exportKey([TRICKY] as unknown as Parameters<typeof node.native.exportKey>[0]),
        () => node.personal.unlockAccount(ADDRESS, TRICKY, -5n),
        () => node.personal.unlockAccount(ADDRESS, 'myPassword', TRICKY as unknown as bigint),
      ];
      for (const attempt of attempts) {
        const e = await attempt().then(
          () => undefined,
          (x: unknown) => x,
        );
        expect(e, String(e)).toBeInstanceOf(EncodeError);
        expect(e).toBeInstanceOf(NodeRpcError);
        expectClean(errorTexts(e), [TRICKY, 'myPassword', 'myUsername'], `the EncodeError ${String(e)}`);
      }
    } finally {
      await node.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------------------
// (d) The mock.
// ---------------------------------------------------------------------------------------------------------

afterAll(() => {
  console.log(`secrets: ${SECRET_METHODS.length} methods take secrets`);
});

describe("(d) the mock's logs and replies", () => {
  for (const mode of MODES) {
    it(`${mode} mode: every method taking a secret, valid, invalid and with its documented errors`, async () => {
      const logs: LogEntry[] = [];
      // The keystore methods were removed: node mode answers them only with serveRemoved.
      const mock = await startNodeMock({ mode, serveRemoved: true, logger: (e) => logs.push(e) });
      try {
        let calls = 0;
        for (const m of SECRET_METHODS) {
          for (const c of CASES.filter((x) => x.behaviour === 'answer')) {
            const built = c.build(m);
            if (!built) continue;
            const variants: Record<string, string>[] = [{}, { 'x-mock-error': '0' }, { 'x-mock-example': 'no-such-example' }];
            for (const headers of variants) {
              logs.length = 0;
              const res = await post(mock.url, pathOf(m), built.body, headers);
              calls++;
              const where = `mock ${mode} ${m.method.name} (${c.label}, ${JSON.stringify(headers)})`;
              expect(res.status, where).toBe(200);
              expectClean(res.text, built.secrets, `the reply to ${where}`);
              expectClean(JSON.stringify(logs), built.secrets, `the log of ${where}`);
            }
          }
        }
        expect(calls).toBeGreaterThan(100);
      } finally {
        await mock.close();
      }
    });
  }
});
