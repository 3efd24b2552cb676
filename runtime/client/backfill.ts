/**
 * Backfill for `newHeads` and `logs` subscriptions: after a reconnect (the subscription's id changes), what
 * the subscription missed while it was away is fetched and delivered first, in order and without
 * duplicates: for `newHeads` the blocks between the last head seen and the first new one
 * (`eth_getBlockByNumber`), for `logs` the logs of that range (`eth_getLogs` with the subscription's filter).
 * Works on the wire form (before decoding). Its own module: subscriptions without `backfill` carry none of it.
 */
import type { Subscription, Transport } from '../transports/transport.js';

export interface BackfillOptions {
  /** At most this many blocks are fetched after one reconnect (default 1 000); older ones are skipped. */
  readonly maxBlocks?: number;
}

type Payload = Record<string, unknown>;

const num = (v: unknown): bigint | undefined => (typeof v === 'string' && /^0x[0-9a-fA-F]+$/.test(v) ? BigInt(v) : undefined);
const hex = (n: bigint): string => `0x${n.toString(16)}`;
const record = (v: unknown): Payload => (v !== null && typeof v === 'object' ? (v as Payload) : {});

/** Where a payload sits in the chain: block number, then log index (heads: -1). */
function position(kind: 'newHeads' | 'logs', v: unknown): [bigint, bigint] | undefined {
  const p = record(v);
  const block = num(kind === 'newHeads' ? p.number : p.blockNumber);
  if (block === undefined) return undefined;
  return [block, kind === 'logs' ? (num(p.logIndex) ?? 0n) : -1n];
}

function identity(kind: 'newHeads' | 'logs', v: unknown): string {
  const p = record(v);
  return kind === 'newHeads' ? String(p.hash) : `${String(p.blockHash)}:${String(p.logIndex)}`;
}

const before = (a: [bigint, bigint], b: [bigint, bigint]): boolean => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

/**
 * `inner` with what it missed across reconnects filled in. `filter` is the `logs` subscription's filter
 * (its `fromBlock`/`toBlock` are replaced by the missed range).
 */
export function withBackfill(inner: Subscription<unknown>, transport: Transport, kind: 'newHeads' | 'logs', filter: unknown, options: BackfillOptions = {}): Subscription<unknown> {
  const maxBlocks = BigInt(options.maxBlocks ?? 1000);
  const queue: unknown[] = [];
  // Identities delivered recently (kept bounded): a payload seen again after a reconnect is not repeated.
  const seen = new Set<string>();
  let lastId: string | undefined;
  let last: [bigint, bigint] | undefined;
  // Set by a reconnect; the gap is filled when the first payload past the last one seen arrives.
  let gap = false;

  function remember(v: unknown): boolean {
    const key = identity(kind, v);
    if (seen.has(key)) return false;
    seen.add(key);
    if (seen.size > 4096) seen.delete(seen.values().next().value as string);
    const at = position(kind, v);
    if (at && (!last || before(last, at))) last = at;
    return true;
  }

  async function missed(upTo: [bigint, bigint]): Promise<unknown[]> {
    if (!last) return [];
    let from = kind === 'newHeads' ? last[0] + 1n : last[0];
    const to = kind === 'newHeads' ? upTo[0] - 1n : upTo[0];
    if (to < from) return [];
    if (to - from + 1n > maxBlocks) from = to - maxBlocks + 1n;
    if (kind === 'newHeads') {
      const blocks: unknown[] = [];
      for (let n = from; n <= to; n++) blocks.push(await transport.request({ method: 'eth_getBlockByNumber', params: [hex(n), false], effects: 'read' }));
      return blocks.filter((b) => b !== null);
    }
    const logs = (await transport.request({ method: 'eth_getLogs', params: [{ ...record(filter), fromBlock: hex(from), toBlock: hex(to) }], effects: 'read' })) as unknown[];
    return (Array.isArray(logs) ? logs : [])
      .filter((l) => {
        const at = position(kind, l);
        return at !== undefined && before(at, upTo) && !record(l).removed;
      })
      .sort((a, b) => (before(position(kind, a)!, position(kind, b)!) ? -1 : 1));
  }

  const self: Subscription<unknown> = {
    get id(): string | undefined {
      return inner.id;
    },
    ready: inner.ready,
    unsubscribe: () => inner.unsubscribe(),
    async next(): Promise<IteratorResult<unknown, undefined>> {
      for (;;) {
        if (queue.length > 0) return { done: false, value: queue.shift() };
        const r = await inner.next();
        if (r.done) return r;
        const id = inner.id;
        if (lastId !== undefined && id !== lastId) gap = true;
        lastId = id;
        const at = position(kind, r.value);
        if (gap && at && (!last || before(last, at))) {
          // A reconnect happened: fetch what was missed before handing over the new payload.
          gap = false;
          for (const v of await missed(at)) if (remember(v)) queue.push(v);
        }
        if (remember(r.value)) queue.push(r.value);
      }
    },
    return: (value?: unknown) => inner.return(value),
    [Symbol.asyncIterator]: () => self,
  };
  return self;
}
