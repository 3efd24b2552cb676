/**
 * Which example the generated mock node answers with, against the spec's own examples over HTTP on
 * 127.0.0.1: the example whose params equal the call's, else the one with the most params equal (a list
 * param covered by the example's list counts), and a `warn` log entry whenever no example matched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogEntry } from '../../../runtime/server/types.js';

let mock: { url: string; close(): Promise<void> };
const log: LogEntry[] = [];

beforeAll(async () => {
  const { startNodeMock } = await import('../../../generated/client/mock/index.js');
  mock = await startNodeMock({ logger: (entry: LogEntry) => log.push(entry) });
});

afterAll(async () => {
  await mock?.close();
});

let id = 0;
async function call(path: string, method: string, params: unknown): Promise<unknown> {
  const res = await fetch(mock.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
  });
  const body = (await res.json()) as { result?: unknown; error?: unknown };
  expect(body.error).toBeUndefined();
  return body.result;
}

const warned = (method: string): LogEntry[] => log.filter((e) => e.event === 'example-unmatched' && e.method === method);

interface Validators {
  validators: { nodeID: string }[];
}

describe('the mock answers from the example whose params match the call', () => {
  it('platform.getCurrentValidators: the validators of the nodeIDs asked for', async () => {
    const nodes = async (params: object): Promise<string[]> => ((await call('/ext/bc/P', 'platform.getCurrentValidators', params)) as Validators).validators.map((v) => v.nodeID);
    log.length = 0;
    // Exactly the params of an example.
    expect(await nodes({ nodeIDs: ['NodeID-GdtA5o1LYVp3yhDNpmkH6ZW45vNuVWrz3'] })).toEqual(['NodeID-GdtA5o1LYVp3yhDNpmkH6ZW45vNuVWrz3']);
    const both = ['NodeID-CwqhM4rrUmRYsjYAsTGoTB3q36yMsbzGk', 'NodeID-53GECUQqBMdJoz4SmBHPMBjy7ppuKZ2Fe'];
    expect(await nodes({ subnetID: '11111111111111111111111111111111LpoYY', nodeIDs: both })).toEqual(expect.arrayContaining(both));
    expect(warned('platform.getCurrentValidators')).toEqual([]);
    // No example has these params: the one whose nodeIDs hold the node asked for is closest.
    expect(await nodes({ nodeIDs: ['NodeID-53GECUQqBMdJoz4SmBHPMBjy7ppuKZ2Fe'] })).toContain('NodeID-53GECUQqBMdJoz4SmBHPMBjy7ppuKZ2Fe');
    // The subnet equal, the node not in any example: the example of that subnet.
    expect(await nodes({ subnetID: '2H2mq4uYNbZ3VAamX5nc3jUWMkmZELkAMTcyo8X4c4rv8ZTAe9', nodeIDs: ['NodeID-111111111111111111116DBWJs'] })).toEqual(
      (await call('/ext/bc/P', 'platform.getCurrentValidators', { subnetID: '2H2mq4uYNbZ3VAamX5nc3jUWMkmZELkAMTcyo8X4c4rv8ZTAe9' }) as Validators).validators.map(
        (v) => v.nodeID,
      ),
    );
    const entries = warned('platform.getCurrentValidators');
    expect(entries.map((e) => [e.level, e.service, e.message])).toEqual([
      [
        'warn',
        'platform',
        'platform.getCurrentValidators: no example has the call\'s params; answered with the closest, "documented-form-without-bls-key" (1 of its 2 params equal)',
      ],
      [
        'warn',
        'platform',
        'platform.getCurrentValidators: no example has the call\'s params; answered with the closest, "l1-with-legacy-poa-and-l1-validators" (1 of its 1 params equal)',
      ],
    ]);
  });

  it('platform.getBlockchainStatus: each blockchainID its own status; an unknown one is logged', async () => {
    log.length = 0;
    expect(await call('/ext/bc/P', 'platform.getBlockchainStatus', { blockchainID: 'X' })).toEqual({ status: 'Validating' });
    expect(await call('/ext/bc/P', 'platform.getBlockchainStatus', { blockchainID: '3NrnMqzskob8Mfx175n2WX3QNspHYjAy76gKCUUqZkadtjMJZ' })).toEqual({
      status: 'Created',
    });
    expect(warned('platform.getBlockchainStatus')).toEqual([]);
    expect(await call('/ext/bc/P', 'platform.getBlockchainStatus', { blockchainID: 'P' })).toEqual({ status: 'Validating' });
    expect(warned('platform.getBlockchainStatus').map((e) => e.message)).toEqual([
      'platform.getBlockchainStatus: no example has the call\'s params; answered with the first, "validated-chain"',
    ]);
  });
});
