/**
 * The generated mock node in node mode, on every path of the node's gorilla/rpc services, answering what the
 * node answers for a method it does not serve: -32000 `rpc: can't find method "svc.Method"` (the first
 * letter after the dot upper-cased) for an unknown method and for one removed in an earlier release, and
 * Go's `404 page not found` for a service removed whole (the Keystore API, gone in v1.12.2). In standard
 * mode a removed method is still answered from its examples. Live servers on 127.0.0.1, port 0.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface Mock {
  url: string;
  close(): Promise<void>;
}
let node: Mock;
let standard: Mock;

beforeAll(async () => {
  const { startNodeMock } = await import('../../../generated/client/mock/index.js');
  node = await startNodeMock({ mode: 'node' });
  standard = await startNodeMock({});
});

afterAll(async () => {
  await node?.close();
  await standard?.close();
});

interface Reply {
  status: number;
  contentType: string | null;
  body: string;
}

async function post(mock: Mock, path: string, method: string, params: unknown): Promise<Reply> {
  const res = await fetch(mock.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }),
  });
  return { status: res.status, contentType: res.headers.get('content-type'), body: await res.text() };
}

const notFound = (goName: string): Reply => ({
  status: 200,
  contentType: 'application/json; charset=utf-8',
  body: `${JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: `rpc: can't find method "${goName}"`, data: null }, id: 7 })}\n`,
});

const PAGE_NOT_FOUND: Reply = { status: 404, contentType: 'text/plain; charset=utf-8', body: '404 page not found\n' };

// [path, method, params, what the node answers]
const CASES: readonly [string, string, unknown, Reply][] = [
  ['/ext/bc/X', 'avm.getBlockByHight', { height: '1' }, notFound('avm.GetBlockByHight')],
  ['/ext/bc/X', 'avm.createAddress', { username: 'myUsername', password: 'myPassword' }, notFound('avm.CreateAddress')],
  ['/ext/bc/X', 'avm.getAddressTxs', { address: 'X-avax18jma8ppw3nhx5r4ap8clazz0dps7rv5ukulre5', assetID: 'NATIVE' }, notFound('avm.GetAddressTxs')],
  ['/ext/bc/X/wallet', 'wallet.send', { amount: '1', assetID: 'NATIVE', to: 'X-avax18jma8ppw3nhx5r4ap8clazz0dps7rv5ukulre5', username: 'u', password: 'p' }, notFound('wallet.Send')],
  ['/ext/health', 'health.status', {}, notFound('health.Status')],
  ['/ext/index/X/tx', 'index.getLatest', { encoding: 'hex' }, notFound('index.GetLatest')],
  ['/ext/admin', 'admin.restart', {}, notFound('admin.Restart')],
  ['/ext/bc/P/proposervm', 'proposervm.getEpoch', {}, notFound('proposervm.GetEpoch')],
  ['/ext/bc/X/proposervm', 'proposervm.getProposedHight', {}, notFound('proposervm.GetProposedHight')],
  ['/ext/keystore', 'keystore.listUsers', {}, PAGE_NOT_FOUND],
  ['/ext/keystore', 'keystore.createUser', { username: 'myUsername', password: 'Tr0ub4dour&3-horse' }, PAGE_NOT_FOUND],
];

describe('the mock in node mode: methods the node does not serve, on each path', () => {
  it.each(CASES)('%s %s', async (path, method, params, want) => {
    expect(await post(node, path, method, params)).toEqual(want);
  });

  it('still serves the methods beside them (a control for each path)', async () => {
    for (const [path, method] of [
      ['/ext/bc/X', 'avm.getHeight'],
      ['/ext/health', 'health.liveness'],
      ['/ext/index/X/tx', 'index.getIndex'],
      ['/ext/admin', 'admin.stacktrace'],
      ['/ext/bc/P/proposervm', 'proposervm.getProposedHeight'],
    ] as const) {
      const params = method === 'index.getIndex' ? { id: '6fXf5hncR8LXvwtM8iezFQBpK5cubV6y1dWgpJCcNyzGB1EzY' } : {};
      const reply = await post(node, path, method, params);
      expect(reply.status, `${path} ${method}`).toBe(200);
      expect(JSON.parse(reply.body), `${path} ${method}: ${reply.body}`).toHaveProperty('result');
    }
  });
});

describe('the mock in node mode with serveRemoved: an older node', () => {
  it('answers removed methods from their examples and mounts the removed service', async () => {
    const { startNodeMock } = await import('../../../generated/client/mock/index.js');
    const older = await startNodeMock({ mode: 'node', serveRemoved: true });
    try {
      expect(JSON.parse((await post(older, '/ext/bc/X', 'avm.createAddress', { username: 'myUsername', password: 'myPassword' })).body)).toEqual({
        jsonrpc: '2.0',
        result: { address: 'X-avax18jma8ppw3nhx5r4ap8clazz0dps7rv5ukulre5' },
        id: 7,
      });
      expect(await post(older, '/ext/keystore', 'keystore.fooBar', {})).toEqual(notFound('keystore.FooBar'));
    } finally {
      await older.close();
    }
  });
});

describe('the mock in standard mode: removed methods answered from their examples', () => {
  it('answers a removed keystore method and a removed service with their first example', async () => {
    expect(JSON.parse((await post(standard, '/ext/bc/X', 'avm.createAddress', { username: 'myUsername', password: 'myPassword' })).body)).toEqual({
      jsonrpc: '2.0',
      id: 7,
      result: { address: 'X-avax18jma8ppw3nhx5r4ap8clazz0dps7rv5ukulre5' },
    });
    expect(JSON.parse((await post(standard, '/ext/keystore', 'keystore.listUsers', {})).body)).toEqual({
      jsonrpc: '2.0',
      id: 7,
      result: { users: ['treasury', 'validator-ops'] },
    });
  });
});
