/**
 * Params validation costs work linear in the input, and an invalid-params reply lists a few issues with
 * their count, however many the params hold. The work is counted, not timed: the elements ajv's error
 * collection copies (`Array.prototype.concat`, which the standalone code used to append each item's
 * errors to all the errors so far) per element of the params.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { validate } from '../../../generated/client/validators/evm/eth_getLogs.params.js';
import { createNodeServer } from '../../../generated/client/server/index.js';

/** Runs `fn`, counting the elements every `concat` call copies from its receiver (until it settles). */
async function concatWork<T>(fn: () => T): Promise<{ out: Awaited<T>; copied: number }> {
  const original = Array.prototype.concat;
  let copied = 0;
  Array.prototype.concat = function (this: unknown[], ...rest: unknown[]) {
    copied += this.length;
    return original.apply(this, rest as never);
  } as typeof original;
  try {
    const out = await fn();
    return { out, copied };
  } finally {
    Array.prototype.concat = original;
  }
}

describe('params validation is linear in the input', () => {
  it('copies a bounded number of error entries per item, at every size', async () => {
    for (const n of [1_000, 4_000, 16_000]) {
      const { out, copied } = await concatWork(() => validate([{ address: new Array(n).fill(0) }]));
      // Every zero is wrong (not an address string): each is reported.
      expect(out?.length).toBeGreaterThanOrEqual(n);
      // A quadratic collection copies ~n²/2 entries (8 million at 4,000); linear work stays within a few per item.
      expect(copied).toBeLessThanOrEqual(4 * n);
    }
  });

  describe('the server', () => {
    const server = createNodeServer({ handlers: { eth: { getLogs: async () => [] } } as never });
    afterAll(() => server.close());

    it('answers a params array of 48,000 wrong items with a few issues and their count', async () => {
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getLogs', params: [{ address: new Array(48_000).fill(0) }] });
      const request = new Request('http://node.test/ext/bc/C/rpc', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      const { out: res, copied } = await concatWork(() => server.fetch(request));
      expect(copied).toBeLessThanOrEqual(4 * 48_000);
      const text = await res.text();
      const reply = JSON.parse(text) as { error: { code: number; message: string; data: unknown[] } };
      expect(reply.error.code).toBe(-32602);
      expect(reply.error.data.length).toBeLessThanOrEqual(10);
      expect(reply.error.message).toMatch(/\(and \d{5} more\)$/);
      expect(text.length).toBeLessThan(10_000);
    });
  });
});
