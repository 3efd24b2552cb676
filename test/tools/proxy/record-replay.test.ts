/**
 * Record from a real node once, answer from the recording ever after. viem talks to anvil through the
 * proxy with `record` on; then the same viem calls go to the generated mock replaying that folder, and
 * must get the same answers (anvil's, not the spec's examples). Secrets never reach a fixture; a fixture
 * that departs from the spec stops the replay with an error naming its file; and the two commands work as
 * users run them.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createPublicClient, http } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeMock } from '../../../generated/client/mock/index.js';
import { createConformance } from '../../../generator/lifecycle/conform/index.js';
import { checkFixture, createInspector, createRedactor } from '../../../tools/proxy/inspect.js';
import { FixtureError, loadRecordings, type Fixture } from '../../../runtime/mock/replay.js';
import { startProxy } from '../../../tools/proxy/index.js';
import { createRecorder } from '../../../tools/proxy/record.js';
import { ANVIL_START_TIMEOUT, startAnvil, type Anvil } from '../../helpers/anvil.js';
import { projectModel } from '../../helpers/model.js';
import { ROOT, SHARED, scratch } from '../../helpers/paths.js';
import { resolveConfig } from '../../../generator/config/index.js';
import { loadProject } from '../../../generator/load/index.js';

const conformance = () => createConformance(projectModel().services);
const check = (f: Fixture) => checkFixture(conformance(), f);

/** Proxy with recording, as the command wires it: only exchanges that conform are written. */
async function recordingProxy(upstream: string, dir: string, c = conformance()) {
  const recorder = createRecorder(dir, createRedactor(c));
  const proxy = await startProxy({ upstream, inspector: createInspector(c), onExchange: (e) => (e.findings.some((f) => f.severity === 'violation') ? undefined : recorder.record(e)) });
  // Closed, then every fixture written.
  return { url: proxy.url, close: () => proxy.close().then(() => recorder.flush()) };
}

/** What a viem client reads from a node: the same calls, in the same order, every time. */
async function readWithViem(url: string, tx: `0x${string}`) {
  const client = createPublicClient({ transport: http(url) });
  const number = await client.getBlockNumber({ cacheTime: 0 });
  const block = await client.getBlock({ blockNumber: number });
  return {
    chainId: await client.getChainId(),
    number,
    block: { hash: block.hash, transactions: block.transactions, timestamp: block.timestamp },
    balance: await client.getBalance({ address: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' }),
    receipt: await client.getTransactionReceipt({ hash: tx }),
    tx: await client.getTransaction({ hash: tx }),
  };
}

describe('record from anvil through the proxy, replay from the mock', () => {
  let anvil: Anvil;
  let tx: `0x${string}`;
  const dir = scratch('recording');

  beforeAll(async () => {
    anvil = await startAnvil(43114);
    const node = `http://127.0.0.1:${anvil.port}`;
    const rpc = async (method: string, params: unknown[]) =>
      ((await (await fetch(node, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })).json()) as { result: unknown }).result;
    const [from, to] = (await rpc('eth_accounts', [])) as string[];
    tx = (await rpc('eth_sendTransaction', [{ from, to, value: '0x2a' }])) as `0x${string}`;
    for (let i = 0; i < 400 && !(await rpc('eth_getTransactionReceipt', [tx])); i++) await new Promise((r) => setTimeout(r, 25));
  }, ANVIL_START_TIMEOUT + 15_000);
  afterAll(() => anvil?.stop());

  it('gives the same replies from the recording as the node gave', async () => {
    const proxy = await recordingProxy(`http://127.0.0.1:${anvil.port}`, dir);
    let live: Awaited<ReturnType<typeof readWithViem>>;
    try {
      live = await readWithViem(proxy.url, tx);
    } finally {
      await proxy.close();
    }
    const files = readdirSync(dir).sort();
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const f of files) expect(f).toMatch(/^eth_[A-Za-z]+\.[0-9a-f]{12}\.json$/);

    const recordings = loadRecordings(dir, check);
    const mock = await startNodeMock({ mode: 'node', recordings });
    try {
      const replayed = await readWithViem(`${mock.url}/ext/bc/C/rpc`, tx);
      expect(replayed).toEqual(live);
      // Anvil's answers, not the spec's examples: the examples name another chain's blocks.
      expect(replayed.block.transactions).toEqual([tx]);
    } finally {
      await mock.close();
    }
  }, 60_000);
});

describe('with a document from elsewhere', () => {
  it('checks anvil\'s traffic against the execution-API document, and records what conforms', async () => {
    const doc = loadProject(resolveConfig(ROOT, { documents: [`${SHARED}/conformance/execution-apis/openrpc.json`], strict: false } as never)).model!;
    const c = createConformance(doc.services);
    const anvil = await startAnvil(1);
    const dir = scratch('foreign-recording');
    const proxy = await recordingProxy(`http://127.0.0.1:${anvil.port}`, dir, c);
    try {
      const client = createPublicClient({ transport: http(proxy.url) });
      expect(await client.getChainId()).toBe(1);
      await client.getBlock();
      await client.getBalance({ address: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' });
    } finally {
      await proxy.close();
      await anvil.stop();
    }
    const recordings = loadRecordings(dir, (f) => checkFixture(c, f));
    expect(recordings.map((r) => r.method).sort()).toEqual(['eth_chainId', 'eth_getBalance', 'eth_getBlockByNumber']);
  }, ANVIL_START_TIMEOUT + 30_000);
});

describe('fixtures', () => {
  it('never hold a secret: x-secret params and results are recorded as ***, and replay ignores them', async () => {
    const upstream = await startNodeMock({});
    const dir = scratch('secrets');
    const proxy = await recordingProxy(upstream.url, dir);
    const password = 'hunter2-hunter2';
    const call = { jsonrpc: '2.0', id: 1, method: 'native.exportKey', params: { username: 'alice', password, address: '0xb1b8a1dbf97b438e7ddd19cf33aae2e62d89a4e7' } };
    try {
      const res = await fetch(`${proxy.url}/ext/bc/C/native`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(call) });
      expect(((await res.json()) as { result: object }).result).toHaveProperty('privateKey');
      // The exchange is checked and recorded after it has been passed on.
      await new Promise((r) => setTimeout(r, 50));
    } finally {
      await proxy.close();
      await upstream.close();
    }
    const [file] = readdirSync(dir);
    const text = readFileSync(join(dir, file!), 'utf8');
    expect(text).not.toContain(password);
    expect(text).not.toContain('alice');
    expect(text).not.toContain('PrivateKey-');
    const fixture = JSON.parse(text) as Fixture;
    // The spec marks the keystore user's name and password secret, and the exported key.
    expect(fixture.params).toEqual({ ...call.params, username: '***', password: '***' });
    expect(fixture.result).toBe('***');
    expect(fixture.redacted).toEqual(['/params/username', '/params/password', '/result']);
    // It loads (the redacted values are not judged), and a redacted result is answered from the examples.
    const recordings = loadRecordings(dir, check);
    expect(recordings.map((r) => r.method)).toEqual(['native.exportKey']);
    const replaying = await startNodeMock({ recordings });
    try {
      const res = await fetch(`${replaying.url}/ext/bc/C/native`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...call, params: { ...call.params, password: 'another' } }) });
      const { result } = (await res.json()) as { result: { privateKey: string } };
      expect(result.privateKey).toMatch(/^PrivateKey-/);
    } finally {
      await replaying.close();
    }
  });

  const cases: [string, unknown, RegExp][] = [
    ['not JSON', '{"method":', /: not JSON: /],
    ['not an exchange', { method: 'eth_chainId', path: '/ext/bc/C/rpc' }, /: must hold exactly one of "result" and "error"$/],
    ['a method the spec lacks', { path: '/ext/bc/C/rpc', method: 'eth_nothing', params: [], result: '0x1' }, /: the spec has no method "eth_nothing"$/],
    ['a result off the spec', { path: '/ext/bc/C/rpc', method: 'eth_chainId', params: [], result: 43114 }, /: result must be of type string \(spec: HexQuantity: string matching .*\)$/],
    ['params off the spec', { path: '/ext/bc/P', method: 'platform.getBlockByHeight', params: { height: 'tall' }, result: { block: '0x', encoding: 'hex' } }, /: params\/height must match /],
  ];
  for (const [name, content, message] of cases) {
    it(`stop the replay when one is ${name}, naming the file`, () => {
      const dir = scratch('bad-fixture');
      writeFileSync(join(dir, 'a-good-one.json'), JSON.stringify({ path: '/ext/bc/C/rpc', method: 'eth_chainId', params: [], result: '0xa86a' }));
      const file = join(dir, 'the-bad-one.json');
      writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
      let error: unknown;
      try {
        loadRecordings(dir, check);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(FixtureError);
      expect((error as FixtureError).file).toBe(file);
      expect((error as Error).message.startsWith(`${file}: `)).toBe(true);
      expect((error as Error).message).toMatch(message);
    });
  }
});

function run(args: readonly string[], until?: RegExp): Promise<{ status: number | null; stdout: string; stderr: string; child: ReturnType<typeof spawn> }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin/noderpc.js'), ...args], { cwd: ROOT });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString('utf8');
      if (until?.test(stdout)) resolve({ status: null, stdout, stderr, child });
    });
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('close', (status) => resolve({ status, stdout, stderr, child }));
  });
}

describe('the commands', () => {
  it('noderpc proxy logs findings with counts, records, and sums up on Ctrl-C', async () => {
    const upstream = await startNodeMock({ mode: 'node' });
    const dir = scratch('cli-record');
    const started = await run(['proxy', '--upstream', upstream.url, '--port', '0', '--record', dir], /listening on (http:\/\/127\.0\.0\.1:\d+)/);
    try {
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(started.stdout)![1]!;
      const post = (body: unknown) => fetch(`${url}/ext/bc/C/rpc`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(((await (await post({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] })).json()) as { result: string }).result).toBe('0xa86a');
      await post({ jsonrpc: '2.0', id: 2, method: 'eth_getBalance', params: ['0x12', 'latest'] });
      const ended = new Promise<string>((resolve) => {
        let out = started.stdout;
        started.child.stdout!.on('data', (c: Buffer) => (out += c.toString('utf8')));
        started.child.on('close', () => resolve(out));
      });
      await new Promise((r) => setTimeout(r, 100));
      started.child.kill('SIGINT');
      const out = await ended;
      expect(out).toContain('violation [1] request eth_getBalance /params/0: must match ^0x[0-9a-fA-F]{40}$ (spec: EvmAddress: string matching ^0x[0-9a-fA-F]{40}$)');
      expect(out).toContain('not recorded: eth_getBalance on /ext/bc/C/rpc departs from the spec (see above)');
      expect(out).toMatch(/1 finding:\n {2}violation \[1\] request eth_getBalance/);
      expect(readdirSync(dir)).toEqual([expect.stringMatching(/^eth_chainId\.[0-9a-f]{12}\.json$/)]);
    } finally {
      started.child.kill('SIGKILL');
      await upstream.close();
    }
  }, 60_000);

  it('noderpc mock --replay refuses a fixture off the spec, naming the file', async () => {
    const dir = scratch('cli-replay');
    writeFileSync(join(dir, 'chain.json'), JSON.stringify({ path: '/ext/bc/C/rpc', method: 'eth_chainId', params: [], result: 43114 }));
    const r = await run(['mock', '--port', '0', '--replay', dir]);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(`cannot replay: ${join(dir, 'chain.json')}: result must be of type string (spec: HexQuantity: string matching ^0x(0|[1-9a-f][0-9a-f]*)$)\n`);
  }, 60_000);
});
