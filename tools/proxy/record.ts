/**
 * Writes each exchange the proxy passes on as a fixture file the mock can replay (runtime/mock/replay.ts).
 * One file per distinct call: the name comes from the method and a hash of the path and params, so calling
 * again with the same params replaces the earlier answer instead of piling up copies, and an answer that
 * did not change is not written again. Files are written whole (to a temporary name, then renamed): a reader
 * never sees half a fixture. Writes are asynchronous and one at a time per file, off the traffic's path.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Fixture } from '../../runtime/mock/replay.js';
import type { ProxyExchange } from './index.js';

/** Turns an exchange into the fixture to write: secrets out (`***`, listed in `redacted`), params as served. */
export type Redactor = (exchange: ProxyExchange) => Fixture;

/** The fixture of an exchange as it went, with nothing redacted. */
export function fixtureOf(exchange: ProxyExchange): Fixture {
  const { call, answer } = exchange;
  return {
    path: call.path,
    transport: call.transport,
    method: call.method,
    ...('params' in call ? { params: call.params } : {}),
    ...('error' in answer ? { error: answer.error } : { result: answer.result }),
  };
}

/** JSON with object keys sorted: the same value always has the same text (and hash). */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v !== null && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v) ?? 'null';
}

/** The file name of a fixture: `<method>.<12 hex digits of the hash of path and params>.json`. */
export function fixtureName(fixture: Fixture): string {
  const hash = createHash('sha256').update(canonical([fixture.path, fixture.method, fixture.params ?? null])).digest('hex').slice(0, 12);
  return `${fixture.method.replace(/[^A-Za-z0-9_.-]/g, '_')}.${hash}.json`;
}

export interface Recorder {
  /** Queues the exchange for writing; returns the file it goes to. */
  record(exchange: ProxyExchange): string;
  /** Resolves when every queued write is done; rejects with the first write that failed. */
  flush(): Promise<void>;
  /** Characters held to tell a changed answer from an unchanged one: a fixed amount per file, whatever its size. */
  retained(): number;
}

export function createRecorder(dir: string, redact: Redactor = fixtureOf): Recorder {
  mkdirSync(dir, { recursive: true });
  let n = 0;
  /** Per file: a hash of the text last queued (not the text: memory stays flat however large the answers), and
   * the chain of writes to it (a later write waits for the earlier; dropped once it settles). */
  const last = new Map<string, string>();
  const chains = new Map<string, Promise<void>>();
  let failed: Error | undefined;
  return {
    record(exchange) {
      const fixture = redact(exchange);
      const file = join(dir, fixtureName(fixture));
      const text = `${JSON.stringify(fixture, null, 2)}\n`;
      const digest = createHash('sha256').update(text).digest('base64');
      if (last.get(file) === digest) return file;
      last.set(file, digest);
      const tmp = `${file}.${process.pid}.${n++}.tmp`;
      const write = (chains.get(file) ?? Promise.resolve())
        .then(() => writeFile(tmp, text))
        .then(() => rename(tmp, file))
        .catch((e: Error) => {
          failed ??= e;
        });
      chains.set(file, write);
      void write.then(() => {
        if (chains.get(file) === write) chains.delete(file);
      });
      return file;
    },
    async flush() {
      await Promise.all(chains.values());
      if (failed) throw failed;
    },
    retained() {
      let chars = 0;
      for (const [file, digest] of last) chars += file.length + digest.length;
      return chars;
    },
  };
}
