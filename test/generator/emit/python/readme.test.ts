/**
 * generated/python/README.md as a reader uses it: each Python block is a whole program, run by Debian's python3
 * (httpx, websockets) with generated/python on its path against the generated mock on 127.0.0.1. The block's
 * node URL (the client's DEFAULT_URL, written out or left implied) becomes the mock's; each must exit 0, print
 * what it says it prints, and never take the path it keeps for a failed call.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../../helpers/paths.js';
import { run } from '../clients/run.js';

const PKG = resolve(ROOT, 'generated/python');
const text = readFileSync(join(PKG, 'README.md'), 'utf8');
const blocks = [...text.matchAll(/^```python\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
const DEFAULT_URL = /^DEFAULT_URL = "(.*)"$/m.exec(readFileSync(join(PKG, 'noderpc_client/client.py'), 'utf8'))![1]!;

let mock: { url: string; close(): Promise<void> };
beforeAll(async () => {
  const { startNodeMock } = await import('../../../../generated/client/mock/index.js');
  mock = await startNodeMock();
});
afterAll(async () => {
  await mock?.close();
});

/** The block with its node URL made the mock's (passed as argv[1]); throws if the block names no node. */
function pointedAtMock(block: string): string {
  const source = block
    .replaceAll(JSON.stringify(DEFAULT_URL), 'sys.argv[1]')
    .replace(/\b(Async)?NodeClient\(\)/g, (_, a: string | undefined) => `${a ?? ''}NodeClient(sys.argv[1])`);
  if (!source.includes('sys.argv[1]')) throw new Error(`a README block makes no client:\n${block}`);
  return `import sys\n${source}`;
}

describe('the Python README', () => {
  it('has install, call, errors, batches, pagination, plain GETs and subscriptions', () => {
    for (const heading of ['## Install', '## Create a client, call', '## Errors', '## Batches', '## Pagination', '## Plain GETs', '## Subscriptions']) expect(text).toContain(`\n${heading}\n`);
    expect(blocks.length).toBe(5);
  });

  it.each(blocks.map((b, i) => [i, b] as const))('runs block %i against the mock', async (_, block) => {
    const ran = await run('/usr/bin/python3', ['-c', pointedAtMock(block), mock.url], { env: { ...process.env, PYTHONPATH: PKG }, timeoutMs: 60_000 });
    expect(ran.stderr).toBe('');
    expect(ran.status).toBe(0);
    const printed = ran.stdout.trim().split('\n').filter(Boolean);
    // A block prints once per print() it runs; the errors block prints only if the call failed.
    const prints = block.match(/^\s*print\(/gm)?.length ?? 0;
    if (/except .*Error/.test(block)) expect(printed).toEqual([]);
    else expect(printed.length).toBe(prints);
  }, 90_000);
});
