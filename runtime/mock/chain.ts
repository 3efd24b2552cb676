/**
 * The mock's chain: a head that advances one block every `blockTimeMs`, starting at the number the spec's
 * `eth_blockNumber` example gives, so the mock's subscriptions, `eth_blockNumber` and `eth_getBlockByNumber`
 * tell one story. Blocks are made from the examples: the example block (or head notification, or log) with
 * its number, hash, parent hash and time set to the block's. The head is derived from the clock, so no timer
 * runs unless a subscription is open.
 */
import { isRecord } from '../guards.js';

const HEX_QUANTITY = /^0x[0-9a-fA-F]+$/;

function quantity(n: number): string {
  return `0x${n.toString(16)}`;
}

/** A block's hash: 32 bytes made from its number, distinct per number, the same on every call. */
export function blockHash(n: number): string {
  let out = '';
  let x = (n + 1) * 0x9e3779b1;
  for (let i = 0; i < 8; i++) {
    x = Math.imul(x ^ (x >>> 15), 0x85ebca6b) >>> 0;
    x = (x + n + i) >>> 0;
    out += x.toString(16).padStart(8, '0');
  }
  return `0x${out}`;
}

export class MockChain {
  readonly #start: number;
  readonly #startedAt: number;
  readonly #blockTimeMs: number;
  readonly #listeners = new Set<(n: number) => void>();
  #timer: ReturnType<typeof setInterval> | undefined;
  #last: number;
  readonly #now: () => number;

  /** `start`: the first head's number; `blockTimeMs`: how often a block comes (> 0). */
  constructor(start: number, blockTimeMs: number, now: () => number = Date.now) {
    this.#start = start;
    this.#blockTimeMs = blockTimeMs;
    this.#now = now;
    this.#startedAt = now();
    this.#last = start;
  }

  /** The head's number now. */
  head(): number {
    return this.#start + Math.floor((this.#now() - this.#startedAt) / this.#blockTimeMs);
  }

  /** Calls `listener` with each new block's number, in order, until the returned function is called. */
  onBlock(listener: (n: number) => void): () => void {
    this.#last = Math.max(this.#last, this.head());
    this.#listeners.add(listener);
    if (this.#timer === undefined) {
      this.#timer = setInterval(() => this.#tick(), Math.max(1, Math.floor(this.#blockTimeMs / 2)));
      this.#timer.unref?.();
    }
    return () => {
      this.#listeners.delete(listener);
      if (this.#listeners.size === 0 && this.#timer !== undefined) {
        clearInterval(this.#timer);
        this.#timer = undefined;
      }
    };
  }

  #tick(): void {
    const head = this.head();
    while (this.#last < head) {
      const n = ++this.#last;
      for (const listener of [...this.#listeners]) listener(n);
    }
  }

  /**
   * `template` as block `n`'s: a block or head (`number` and `parentHash`) gets the number, hash, parent hash
   * and a timestamp moved by the blocks between; a log or transaction (`blockNumber`) gets the block's number
   * and hash. Anything else is given as it is.
   */
  stamp(template: unknown, n: number): unknown {
    if (!isRecord(template)) return template;
    const out: Record<string, unknown> = { ...template };
    if ('number' in out && 'parentHash' in out) {
      const from = typeof out.number === 'string' && HEX_QUANTITY.test(out.number) ? Number.parseInt(out.number, 16) : n;
      out.number = quantity(n);
      out.hash = blockHash(n);
      out.parentHash = blockHash(n - 1);
      if (typeof out.timestamp === 'string' && HEX_QUANTITY.test(out.timestamp)) {
        const seconds = Number.parseInt(out.timestamp, 16) + Math.round(((n - from) * this.#blockTimeMs) / 1000);
        out.timestamp = quantity(Math.max(0, seconds));
      }
      if (typeof out.timestampMilliseconds === 'string' && HEX_QUANTITY.test(out.timestampMilliseconds)) {
        out.timestampMilliseconds = quantity(Math.max(0, Number.parseInt(out.timestampMilliseconds, 16) + (n - from) * this.#blockTimeMs));
      }
    }
    if ('blockNumber' in out) {
      out.blockNumber = quantity(n);
      if ('blockHash' in out) out.blockHash = blockHash(n);
    }
    return out;
  }
}

/** The first head: the number a `eth_blockNumber` example answers, else 0. */
export function startingHead(examples: readonly { readonly result?: unknown }[] | undefined): number {
  const result = examples?.find((e) => typeof e.result === 'string' && HEX_QUANTITY.test(e.result))?.result as string | undefined;
  return result === undefined ? 0 : Number.parseInt(result, 16);
}
