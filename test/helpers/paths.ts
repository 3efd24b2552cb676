import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
export const SHARED = resolve(ROOT, '../shared');

const made: string[] = [];
process.once('exit', () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A fresh scratch folder for one test, removed when the test process exits. */
export function scratch(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `noderpc-${prefix}-`));
  made.push(dir);
  return dir;
}
