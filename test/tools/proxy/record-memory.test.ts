/**
 * The recorder tells a changed answer from an unchanged one without holding the answers: what it keeps per
 * fixture file is the same whether the exchange was a few bytes or a hundred kilobytes.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ProxyExchange } from '../../../tools/proxy/index.js';
import { createRecorder } from '../../../tools/proxy/record.js';
import { scratch } from '../../helpers/paths.js';

function exchange(i: number, size: number): ProxyExchange {
  return {
    call: { transport: 'http', path: '/ext/bc/C/rpc', method: 'eth_getBalance', params: [`0x${i.toString(16).padStart(40, '0')}`, 'x'.repeat(size)] },
    answer: { result: `0x${'f'.repeat(size)}` },
    findings: [],
  };
}

describe('recorder memory', () => {
  it('keeps a fixed amount per distinct exchange, not its text', async () => {
    const held = async (size: number): Promise<number> => {
      const dir = scratch(`record-memory-${size > 10 ? 'l' : 's'}`);
      const recorder = createRecorder(dir);
      for (let i = 0; i < 40; i++) recorder.record(exchange(i, size));
      await recorder.flush();
      expect(readdirSync(dir).filter((f) => f.endsWith('.json'))).toHaveLength(40);
      const one = readdirSync(dir).find((f) => f.endsWith('.json')) as string;
      expect(readFileSync(join(dir, one), 'utf8').length).toBeGreaterThan(size);
      return recorder.retained();
    };
    const small = await held(10);
    const large = await held(100_000);
    expect(large).toBe(small);
    expect(small).toBeLessThan(40 * 1_000);
  });

  it('still skips an unchanged answer and rewrites a changed one', async () => {
    const dir = scratch('record-memory-dedup');
    const recorder = createRecorder(dir);
    const a = recorder.record(exchange(1, 10));
    await recorder.flush();
    const before = readFileSync(a, 'utf8');
    recorder.record(exchange(1, 10));
    await recorder.flush();
    expect(readFileSync(a, 'utf8')).toBe(before);
    recorder.record({ ...exchange(1, 10), answer: { result: '0x1' } });
    await recorder.flush();
    expect(JSON.parse(readFileSync(a, 'utf8')).result).toBe('0x1');
  });
});
