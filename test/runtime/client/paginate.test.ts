import { describe, expect, it } from 'vitest';
import { call } from '../../../runtime/client/call.js';
import { createHttpTransport } from '../../../runtime/transports/http.js';
import type { MethodMeta } from '../../../runtime/client/meta.js';
import { UTXO_PAGINATION, paginate, paginateByIndex, type IndexPagination } from '../../../runtime/client/paginate.js';
import { jsonReply, startHttpServer, type RpcRequest, type TestHttpServer } from '../transports/servers.js';

interface Cursor {
  address: string;
  utxo: string;
}
interface GetUtxosParams {
  addresses: string[];
  limit?: number;
  startIndex?: Cursor;
  sourceChain?: string;
}
interface UtxoPage {
  numFetched: bigint;
  utxos: string[];
  endIndex: Cursor;
  encoding: string;
}

/**
 * A fake node's UTXO set, answering like the real one: at most `limit` (0 or > 1024 → 1024) UTXOs after
 * `startIndex`, endIndex = the last one returned, and (rule 6) each page after the first also repeats the
 * last UTXO of the previous page.
 */
function utxoNode(all: readonly string[]) {
  const calls: GetUtxosParams[] = [];
  const page = (p: GetUtxosParams) => {
    calls.push(structuredClone(p));
    const asked = Number(p.limit ?? 0); // the wire form is a decimal string, as the node accepts
    const limit = !asked || asked > 1024 ? 1024 : asked;
    const from = p.startIndex ? all.indexOf(p.startIndex.utxo) : 0;
    const utxos = all.slice(from, from + limit);
    const last = utxos.at(-1) ?? p.startIndex?.utxo ?? '';
    return { numFetched: String(utxos.length), utxos, endIndex: { address: 'P-avax1abc', utxo: last }, encoding: 'hex' };
  };
  return { calls, page };
}

const utxos = (n: number): string[] => Array.from({ length: n }, (_, i) => `0x${i.toString(16).padStart(8, '0')}`);

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

describe('paginateByIndex (UTXO rules)', () => {
  it('follows endIndex as the next startIndex, drops repeated UTXOs, and stops when numFetched < limit', async () => {
    const node = utxoNode(utxos(10));
    const got = await collect(paginateByIndex<string, GetUtxosParams>(async (p) => node.page(p), { addresses: ['P-avax1abc'], limit: 4 }));
    expect(got).toEqual(utxos(10));
    // Pages: 0-3, 3-6, 6-9, then 9 alone (1 < 4): the last page ends the listing.
    expect(node.calls.map((c) => c.startIndex?.utxo)).toEqual([undefined, utxos(10)[3], utxos(10)[6], utxos(10)[9]]);
    expect(node.calls.every((c) => c.limit === 4)).toBe(true);
  });

  it('defaults the limit to 1024 and caps it there; 0 means the default', async () => {
    for (const [asked, sent] of [
      [undefined, 1024],
      [5000, 1024],
      [0, 1024],
      [10, 10],
    ] as const) {
      const node = utxoNode(utxos(3));
      await collect(paginateByIndex(async (p: GetUtxosParams) => node.page(p), { addresses: ['a'], limit: asked }));
      expect(node.calls).toHaveLength(1);
      expect(node.calls[0]!.limit).toBe(sent);
    }
  });

  it('makes one call when the first page is short, and none more for an empty set', async () => {
    const node = utxoNode([]);
    expect(await collect(paginateByIndex(async (p: GetUtxosParams) => node.page(p), { addresses: ['a'] }))).toEqual([]);
    expect(node.calls).toHaveLength(1);
  });

  it('stops when a full page brings nothing new or the cursor does not move (never loops forever)', async () => {
    let calls = 0;
    const stuck = async (): Promise<UtxoPage> => {
      calls++;
      return { numFetched: 2n, utxos: ['0xa', '0xb'], endIndex: { address: 'a', utxo: '0xb' }, encoding: 'hex' };
    };
    expect(await collect(paginateByIndex(stuck, { addresses: ['a'], limit: 2 }))).toEqual(['0xa', '0xb']);
    expect(calls).toBe(2);
    calls = 0;
    let n = 0;
    const sameCursor = async (): Promise<UtxoPage> => {
      calls++;
      n += 2;
      return { numFetched: 2n, utxos: [`0x${n}`, `0x${n + 1}`], endIndex: { address: 'a', utxo: '0xsame' }, encoding: 'hex' };
    };
    expect(await collect(paginateByIndex(sameCursor, { addresses: ['a'], limit: 2 }))).toHaveLength(4);
    expect(calls).toBe(2);
  });

  it('resumes from a startIndex given in the params', async () => {
    const all = utxos(6);
    const node = utxoNode(all);
    const got = await collect(paginateByIndex(async (p: GetUtxosParams) => node.page(p), { addresses: ['a'], limit: 10, startIndex: { address: 'a', utxo: all[2]! } }));
    expect(got).toEqual(all.slice(2));
    expect(node.calls[0]!.startIndex).toEqual({ address: 'a', utxo: all[2] });
  });

  it('stops fetching when the loop breaks', async () => {
    const node = utxoNode(utxos(100));
    for await (const u of paginateByIndex(async (p: GetUtxosParams) => node.page(p), { addresses: ['a'], limit: 5 })) {
      if (u === utxos(100)[6]) break;
    }
    expect(node.calls).toHaveLength(2);
  });

  it('takes its field names as parameters (the spec\'s x-pagination)', async () => {
    const fields: IndexPagination = { items: 'entries', count: 'count', cursor: 'next', start: 'after', limit: 'pageSize', maxLimit: 3 };
    const data = ['a', 'b', 'c', 'd'];
    const seen: Record<string, unknown>[] = [];
    const fetchPage = async (p: Record<string, unknown>) => {
      seen.push(p);
      const from = p.after === undefined ? 0 : data.indexOf(p.after as string) + 1;
      const entries = data.slice(from, from + (p.pageSize as number));
      return { count: entries.length, entries, next: entries.at(-1) };
    };
    expect(await collect(paginateByIndex(fetchPage, { pageSize: 99, filter: 'x' }, fields))).toEqual(data);
    expect(seen).toEqual([
      { pageSize: 3, filter: 'x' },
      { pageSize: 3, filter: 'x', after: 'c' },
    ]);
  });

  it('sends no page size for a listing without a limit param, counting items when there is no count field', async () => {
    const data = ['a', 'b', 'c'];
    const seen: Record<string, unknown>[] = [];
    const fetchPage = async (p: Record<string, unknown>) => {
      seen.push(p);
      const from = p.after === undefined ? 0 : data.indexOf(p.after as string) + 1;
      const entries = data.slice(from, from + 2);
      return { entries, next: entries.at(-1) };
    };
    const fields: IndexPagination = { items: 'entries', count: '', cursor: 'next', start: 'after', limit: '', maxLimit: 2 };
    expect(await collect(paginateByIndex(fetchPage, { q: 1 }, fields))).toEqual(data);
    expect(seen).toEqual([{ q: 1 }, { q: 1, after: 'b' }]);
  });

  it('works end to end through call() against an HTTP node, decoding numFetched to bigint', async () => {
    const all = utxos(2500);
    const node = utxoNode(all);
    const server: TestHttpServer = await startHttpServer((ex) => {
      const req = ex.json as RpcRequest;
      return jsonReply({ jsonrpc: '2.0', id: req.id, result: node.page(req.params as GetUtxosParams) });
    });
    try {
      const meta: MethodMeta = {
        name: 'platform.getUTXOs',
        service: 'platform',
        structure: 'by-name',
        params: ['addresses', 'sourceChain', 'limit', 'startIndex', 'encoding'],
        required: ['addresses'],
        encode: { o: { limit: 'u32' } },
        decode: { o: { numFetched: 'u64' } },
      };
      const t = createHttpTransport({ url: server.url.replace('/ext/bc/C/rpc', '/ext/bc/P') });
      const list = paginateByIndex<string, GetUtxosParams>((p) => call<UtxoPage>(t, meta, p), { addresses: ['P-avax1abc'] }, UTXO_PAGINATION);
      const got = await collect(list);
      expect(got).toEqual(all);
      expect(new Set(got).size).toBe(2500);
      expect(server.received.map((ex) => (ex.json as RpcRequest).params)).toEqual([
        { addresses: ['P-avax1abc'], limit: '1024' },
        { addresses: ['P-avax1abc'], limit: '1024', startIndex: { address: 'P-avax1abc', utxo: all[1023] } },
        { addresses: ['P-avax1abc'], limit: '1024', startIndex: { address: 'P-avax1abc', utxo: all[2046] } },
      ]);
    } finally {
      await server.close();
    }
  });
});

describe('paginate', () => {
  it('de-duplicates with a custom key and honours done()', async () => {
    const pages = [[{ id: 1 }, { id: 2 }], [{ id: 2 }, { id: 3 }], [{ id: 4 }]];
    const fetched: (number | undefined)[] = [];
    const it = paginate<{ id: number }, { id: number }[], number>({
      fetchPage: async (cursor) => {
        fetched.push(cursor);
        return pages[cursor ?? 0]!;
      },
      items: (page) => page,
      next: (page) => pages.indexOf(page) + 1,
      done: (page, limit) => page.length < limit!,
      key: (item) => String(item.id),
      limit: 2,
    });
    expect((await collect(it)).map((x) => x.id)).toEqual([1, 2, 3, 4]);
    expect(fetched).toEqual([undefined, 1, 2]);
  });

  it('stops at maxPages and when next() gives no cursor', async () => {
    let n = 0;
    const endless = paginate<number, number, number>({ fetchPage: async () => ++n, items: (p) => [p], next: (p) => p, maxPages: 5 });
    expect(await collect(endless)).toEqual([1, 2, 3, 4, 5]);
    const single = paginate<number, number, number>({ fetchPage: async () => 1, items: () => [1, 2], next: () => undefined });
    expect(await collect(single)).toEqual([1, 2]);
  });

  it('propagates a failing page fetch', async () => {
    const failing = paginate<number, number[], number>({
      fetchPage: async (c) => {
        if (c === 1) throw new Error('node down');
        return [1];
      },
      items: (p) => p,
      next: () => 1,
    });
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const x of failing) seen.push(x);
      })(),
    ).rejects.toThrow('node down');
    expect(seen).toEqual([1]);
  });
});
