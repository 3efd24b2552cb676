/**
 * Recorded exchanges for the mock to answer with: one JSON file per exchange, as `noderpc proxy --record`
 * writes them. Record from a real node once, answer from the recording ever after; a call the recording
 * does not hold falls back to the spec's examples.
 *
 * A fixture holds the request path, the method, the params as sent and the node's `result` or `error`.
 * Values that were secrets (`x-secret`) were never written: they read `***`, and `redacted` lists their
 * pointers. A redacted param matches any value; a redacted result cannot be replayed, so the examples answer.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { jsonEqual } from './json-equal.js';
import { isRecord } from '../guards.js';

/** What stands in for a secret in a fixture. */
export const REDACTED = '***';

export interface Fixture {
  /** The request path, e.g. `/ext/bc/C/rpc`. */
  readonly path: string;
  readonly transport?: 'http' | 'websocket';
  readonly method: string;
  readonly params?: unknown;
  readonly result?: unknown;
  readonly error?: { readonly code: number; readonly message: string; readonly data?: unknown };
  /** Pointers (`/params/1`, `/result`) of values replaced by `***`. */
  readonly redacted?: readonly string[];
}

/** A fixture with the file it came from. */
export interface Recording extends Fixture {
  readonly file: string;
}

/** A fixture file that cannot be used; the message names the file and what is wrong. */
export class FixtureError extends Error {
  static {
    this.prototype.name = 'FixtureError';
  }
  readonly file: string;
  readonly problems: readonly string[];
  constructor(file: string, problems: readonly string[]) {
    super(`${file}: ${problems.length === 1 ? problems[0] : `${problems.length} problems:\n${problems.map((p) => `  - ${p}`).join('\n')}`}`);
    this.file = file;
    this.problems = problems;
  }
}

/** The shape of a fixture, checked before its values are. */
function shapeProblems(v: unknown): string[] {
  if (!isRecord(v)) return ['must hold a JSON object (an exchange: path, method, params, result or error)'];
  const out: string[] = [];
  if (typeof v.method !== 'string' || !v.method) out.push('"method" must be the method name');
  if (typeof v.path !== 'string' || !v.path.startsWith('/')) out.push('"path" must be the request path, starting with "/"');
  if (v.transport !== undefined && v.transport !== 'http' && v.transport !== 'websocket') out.push('"transport" must be "http" or "websocket"');
  const hasResult = 'result' in v;
  const hasError = 'error' in v;
  if (hasResult === hasError) out.push('must hold exactly one of "result" and "error"');
  if (hasError && (!isRecord(v.error) || typeof v.error.code !== 'number' || !Number.isInteger(v.error.code) || typeof v.error.message !== 'string'))
    out.push('"error" must be a JSON-RPC error object: an integer "code" and a string "message"');
  if (v.redacted !== undefined && (!Array.isArray(v.redacted) || !v.redacted.every((p) => typeof p === 'string' && /^\/(params|result)(\/|$)/.test(p))))
    out.push('"redacted" must list pointers under /params or /result');
  return out;
}

/**
 * Every fixture (`*.json`) in `dir`, sorted by file name, each checked: its shape here, its params and
 * result by `check` (against the spec). The first file that fails stops the load with a FixtureError
 * naming it; nothing is half-loaded.
 */
export function loadRecordings(dir: string, check: (fixture: Fixture) => readonly string[]): Recording[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.json')).sort();
  } catch (e) {
    throw new FixtureError(dir, [`cannot read the recording folder: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`]);
  }
  return names.map((name) => {
    const file = join(dir, name);
    let value: unknown;
    try {
      value = JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      throw new FixtureError(file, [`not JSON: ${(e as Error).message}`]);
    }
    const shape = shapeProblems(value);
    if (shape.length) throw new FixtureError(file, shape);
    const problems = check(value as Fixture);
    if (problems.length) throw new FixtureError(file, problems);
    return { ...(value as Fixture), file };
  });
}

/** Whether recorded params match a request's, a redacted value matching anything. */
function paramsMatch(recorded: unknown, given: unknown, redacted: readonly string[], at: string): boolean {
  if (redacted.includes(at)) return true;
  if (Array.isArray(recorded) && Array.isArray(given))
    return recorded.length === given.length && recorded.every((v, i) => paramsMatch(v, given[i], redacted, `${at}/${i}`));
  if (isRecord(recorded) && isRecord(given)) {
    const keys = Object.keys(recorded);
    return keys.length === Object.keys(given).length && keys.every((k) => k in given && paramsMatch(recorded[k], given[k], redacted, `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`));
  }
  return jsonEqual(recorded ?? null, given ?? null);
}

/**
 * Recorded params as the server hands them to a handler: none is `{}` or `[]`, and a by-name call sent as
 * a one-element array (gorilla/rpc reads `[{...}]` as `{...}`) is its object. A redacted pointer stays valid:
 * the one-element form has none under `/params/0`, since secrets are recorded where the spec names them.
 */
function asServed(params: unknown, byName: boolean): unknown {
  if (params === undefined || params === null) return byName ? {} : [];
  if (byName && Array.isArray(params)) return params.length && isRecord(params[0]) ? params[0] : {};
  return params;
}

/** Recordings by method, for lookups by method, params and path. */
export class Replay {
  private readonly byMethod = new Map<string, Recording[]>();

  constructor(recordings: readonly Recording[]) {
    for (const r of recordings) {
      const list = this.byMethod.get(r.method) ?? [];
      list.push(r);
      this.byMethod.set(r.method, list);
    }
  }

  /**
   * The recording of this call: same method and params, preferring one made on the same path (a chain's
   * endpoint). Undefined when none was recorded, or when the one recorded had its result redacted.
   */
  find(method: string, params: unknown, path: string, byName: boolean): Recording | undefined {
    const matching = (this.byMethod.get(method) ?? []).filter((r) => paramsMatch(asServed(r.params, byName), params, r.redacted ?? [], '/params'));
    const chosen = matching.find((r) => r.path === path) ?? matching[0];
    return chosen && !(chosen.redacted ?? []).some((p) => p === '/result' || p.startsWith('/result/')) ? chosen : undefined;
  }
}
