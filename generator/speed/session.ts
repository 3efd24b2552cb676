/**
 * What a long-lived process (the watch loop) keeps from one run of a config to the next. It only ever saves
 * work: a run with it gives exactly what a run without it gives.
 */
import { resolve } from 'node:path';
import type { Config } from '../config/index.js';
import { OutputMemory } from '../write/index.js';
import { RunMemory } from './incremental.js';
import { reachOf } from './reach.js';

export interface WatchSession {
  /** What the output folder holds, as far as this process knows (the watcher makes it forget changed files). */
  readonly output: OutputMemory;
  /** What the last run read and made, which the next one reuses where nothing changed (see incremental.ts). */
  readonly memory: RunMemory;
  /**
   * The manifest of the last run that wrote (the fast path of a later process: see manifest.ts), written once
   * the loop has been idle for a moment, or when `flush` is called: saves in quick succession do not each
   * hash and record every output they changed. A manifest not written at all only costs a later process a
   * full run (it checks the outputs against what the manifest records).
   */
  readonly manifest: Deferred;
}

/** One piece of work, done a moment after it was last asked for, or when flushed. */
export class Deferred {
  #work: (() => void) | undefined;
  #timer: NodeJS.Timeout | undefined;
  constructor(private readonly delayMs: number) {}
  /** Do `work` once nothing else was asked for during the delay (instead of what was asked before). */
  schedule(work: () => void): void {
    clearTimeout(this.#timer);
    this.#work = work;
    this.#timer = setTimeout(() => this.flush(), this.delayMs);
    this.#timer.unref();
  }
  /** Do what is waiting, now. */
  flush(): void {
    clearTimeout(this.#timer);
    const work = this.#work;
    this.#work = undefined;
    work?.();
  }
}

export function watchSession(config: Config): WatchSession {
  return { output: new OutputMemory(resolve(config.root, config.out)), memory: new RunMemory(true, reachOf), manifest: new Deferred(1000) };
}
