/** Measurement helpers shared by the benchmark sections. Nothing here asserts: benchmarks report. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');
export const SHARED = resolve(ROOT, '../shared');
export const NODE = process.execPath;

export interface Row {
  /** What was measured. */
  readonly name: string;
  /** The figure, formatted. */
  readonly value: string;
  /** The target, if the issue names one, and whether it is met. */
  readonly target?: string;
  readonly met?: boolean;
  /** The command (or code path) that produced the figure. */
  readonly command: string;
  readonly note?: string;
  /** For a target: by how much the figure misses it (computed from the measurement). */
  readonly by?: string;
  /** For a target: what the time or size goes to, said in the results when the target is missed. */
  readonly why?: string;
}

export interface Section {
  readonly title: string;
  readonly intro?: string;
  readonly rows: Row[];
  readonly extra?: string;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function ms(value: number): string {
  return value >= 100 ? `${value.toFixed(0)} ms` : `${value.toFixed(1)} ms`;
}

export function scratch(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `noderpc-bench-${prefix}-`));
}

/** A memory-backed folder for scratch output, where the system has one (Linux: /dev/shm). */
export const MEMORY_FS = existsSync('/dev/shm') ? '/dev/shm' : undefined;

/**
 * Scratch space for what a timed generation writes. Generation figures are about the generator, so its
 * output goes to a memory-backed file system where there is one: the disk of the VMs this bench runs on
 * discards the blocks a delete frees, and writing a thousand new files right after removing the previous
 * output then costs from 20 ms to over a second, by the host's state and not by anything the run does
 * (`generationSection` keeps one row on the disk to show it).
 */
export function outputScratch(prefix: string): string {
  return MEMORY_FS ? mkdtempSync(join(MEMORY_FS, `noderpc-bench-${prefix}-`)) : scratch(prefix);
}

export function remove(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Wall time of a whole process, in milliseconds; throws when it fails. */
export function timeProcess(args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): { ms: number; stdout: string } {
  const t0 = performance.now();
  const r = spawnSync(args[0]!, args.slice(1), { cwd: options.cwd ?? ROOT, env: { ...process.env, ...options.env }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const elapsed = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  return { ms: elapsed, stdout: r.stdout };
}

/** The median of `runs` process timings (after `warmup` untimed runs). */
export function medianProcess(args: readonly string[], runs: number, options: { cwd?: string; env?: NodeJS.ProcessEnv; warmup?: number; before?: () => void } = {}): { ms: number; stdout: string } {
  for (let i = 0; i < (options.warmup ?? 1); i++) {
    options.before?.();
    timeProcess(args, options);
  }
  const times: number[] = [];
  let stdout = '';
  for (let i = 0; i < runs; i++) {
    options.before?.();
    const r = timeProcess(args, options);
    times.push(r.ms);
    stdout = r.stdout;
  }
  return { ms: median(times), stdout };
}

/** Parse `phases (ms): load 12, ...; total 34` printed by `generate --times`. */
export function parsePhases(stdout: string): Record<string, number> {
  const line = stdout.split('\n').find((l) => l.startsWith('phases (ms):'));
  if (!line) return {};
  // `phases (ms): a 1, b 2; total 3; on the schema thread: checks 4, validators 5`
  const [main = '', thread] = line.replace(/^phases \(ms\): /, '').split('; on the schema thread: ');
  const out: Record<string, number> = {};
  for (const part of main.split(/[,;] /)) {
    const m = /^(\w+) (\d+)/.exec(part.trim());
    if (m) out[m[1]!] = Number(m[2]);
  }
  for (const part of (thread ?? '').split(', ')) {
    const m = /^(\w+) (\d+)/.exec(part.trim());
    if (m) out[`thread:${m[1]!}`] = Number(m[2]);
  }
  return out;
}

/** Start a Node script as a separate process and wait for it to print `listening <url>`. */
export async function startProcess(script: string, args: readonly string[] = [], env: NodeJS.ProcessEnv = {}): Promise<{ url: string; child: ChildProcess; stop(): Promise<void> }> {
  const child = spawn(NODE, ['--import', 'tsx', script, ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  let buffer = '';
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const m = /listening (\S+)/.exec(buffer);
      if (m) {
        clearTimeout(timer);
        resolveUrl(m[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return {
    url,
    child,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

export function table(rows: readonly Row[]): string {
  const lines = ['| measurement | result | target | command |', '|---|---|---|---|'];
  for (const r of rows) {
    const target = r.target ? `${r.target} ${r.met === undefined ? '' : r.met ? '(met)' : '(missed)'}` : '';
    lines.push(`| ${r.name} | ${r.value} | ${target.trim()} | \`${r.command.replace(/\|/g, '\\|')}\`${r.note ? ` — ${r.note}` : ''} |`);
  }
  return lines.join('\n');
}
