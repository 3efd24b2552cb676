/**
 * The fallback transport's ranking (fallback.ts): the nodes ordered by success rate, then latency, measured
 * on the calls themselves and by a light probe in the background, and sticky to the best.
 */
import type { RequestOptions, RpcCall } from './transport.js';

export interface RankOptions {
  /** Milliseconds between probes of every node (default 10 000; 0: no probe, rank from the calls alone). */
  readonly interval?: number;
  /** The probe: a cheap read (the node client uses the read the spec's service names for it). */
  readonly probe?: RpcCall;
  /** Milliseconds a probe may take before it counts as a failure (default 2 000). */
  readonly timeout?: number;
  /** Recent outcomes kept per node (default 10). */
  readonly samples?: number;
}

interface Sample {
  readonly ok: boolean;
  readonly ms: number;
}

export class Ranking {
  /** The nodes' indexes, best first; re-sorted after every outcome when ranking. */
  order: number[];
  private readonly samples: Sample[][];
  private readonly keep: number;
  private probeTimer: ReturnType<typeof setTimeout> | undefined;

  /** `rank` undefined: no ranking, the nodes stay in the order given. */
  constructor(
    private readonly count: number,
    private readonly rank: RankOptions | undefined,
  ) {
    this.order = Array.from({ length: count }, (_, i) => i);
    this.samples = this.order.map(() => []);
    this.keep = rank?.samples ?? 10;
  }

  private score(i: number): [number, number] {
    const s = this.samples[i]!;
    if (s.length === 0) return [1, 0];
    const ok = s.filter((x) => x.ok);
    const rate = ok.length / s.length;
    const latency = ok.length ? ok.reduce((n, x) => n + x.ms, 0) / ok.length : Infinity;
    return [rate, latency];
  }

  /** An outcome of node `i`: `ok` or not, after `ms`. */
  record(i: number, ok: boolean, ms: number): void {
    if (!this.rank) return;
    const s = this.samples[i]!;
    s.push({ ok, ms });
    if (s.length > this.keep) s.shift();
    const scores = this.samples.map((_, k) => this.score(k));
    // Success rate first; between equal rates the faster node, by a margin of 20% so noise does not flap.
    // A stable sort keeps a node in its place until another does strictly better: the ranking is sticky.
    this.order = [...this.order].sort((a, b) => {
      const [ra, la] = scores[a]!;
      const [rb, lb] = scores[b]!;
      if (ra !== rb) return rb - ra;
      if (la === lb) return 0;
      return la < lb * 0.8 ? -1 : lb < la * 0.8 ? 1 : 0;
    });
  }

  /**
   * The probe: every node, every `interval` ms, in the background (the timer never keeps a process alive),
   * through `attempt`, which records each outcome. Runs only with a probe call, an interval and two nodes.
   */
  startProbe(attempt: (i: number, call: RpcCall, opts: RequestOptions) => Promise<unknown>, closed: () => boolean): void {
    const probeCall = this.rank?.probe;
    const interval = this.rank?.interval ?? 10_000;
    const timeout = this.rank?.timeout ?? 2_000;
    const probe = (): void => {
      this.probeTimer = undefined;
      if (closed() || !probeCall) return;
      void Promise.all(this.samples.map((_, i) => attempt(i, probeCall, { timeout, retry: false }).catch(() => undefined))).then(() => {
        if (!closed()) {
          this.probeTimer = setTimeout(probe, interval);
          (this.probeTimer as { unref?: () => void }).unref?.();
        }
      });
    };
    if (probeCall && interval > 0 && this.count > 1) probe();
  }

  stopProbe(): void {
    if (this.probeTimer !== undefined) clearTimeout(this.probeTimer);
    this.probeTimer = undefined;
  }
}
