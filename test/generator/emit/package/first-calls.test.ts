/**
 * The config's `firstCalls`: the package README's first example calls those methods, in that order, each
 * with its first example; a name no document defines is a problem of the config, and nothing is written.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../../../../generator/index.js';
import { ROOT } from '../../../helpers/paths.js';

const FIXTURE = join(ROOT, 'test/fixtures/emit/by-name');
const readmeOf = (files: readonly { path: string; contents: string }[]) => files.find((f) => f.path === 'client/README.md')!.contents;
const firstBlock = (readme: string) => /## Create a client and call\n\n```ts\n([\s\S]*?)```/.exec(readme)![1]!;

describe('firstCalls', () => {
  it('the first example calls the named methods, in order, with their first examples', async () => {
    const r = await generate({ root: FIXTURE, write: false, cache: false, emit: ['package'], firstCalls: ['ledger.getBalance', 'ledger.listEntries'] });
    expect(r.problems.filter((p) => p.severity !== 'warning')).toEqual([]);
    const calls = firstBlock(readmeOf(r.files)).split('\n').filter((l) => l.startsWith('const ') && l.includes('await'));
    expect(calls.map((l) => /^const (\w+) = await ledger\.ledger\.(\w+)\(/.exec(l)?.slice(1))).toEqual([
      ['balance', 'getBalance'],
      ['listEntries', 'listEntries'],
    ]);
    // The tree-shaken call is one of them too (the first with params).
    expect(readmeOf(r.files)).toMatch(/^const result = await ledgerGetBalance\(transport, /m);
  });

  it('a method no document defines is a config problem, and nothing is written', async () => {
    const r = await generate({ root: FIXTURE, write: false, cache: false, emit: ['package'], firstCalls: ['ledger.getBalance', 'ledger.nope'] });
    expect(r.ok).toBe(false);
    expect(r.problems).toEqual([
      { code: 'config-first-calls', message: '"firstCalls" names "ledger.nope", which no document defines; name a method of the documents.', file: 'noderpc.config.json', pointer: '/firstCalls' },
    ]);
    expect(r.files).toEqual([]);
  });
});
