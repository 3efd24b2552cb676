/** The time of each phase of a run, in milliseconds, added up when a phase runs more than once. */
export class Phases {
  readonly timings: Record<string, number> = {};

  async time<T>(phase: string, fn: () => T | Promise<T>): Promise<T> {
    const t0 = performance.now();
    try {
      return await fn();
    } finally {
      this.timings[phase] = (this.timings[phase] ?? 0) + Math.round((performance.now() - t0) * 10) / 10;
    }
  }
}
