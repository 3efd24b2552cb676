import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
export const SHARED = resolve(ROOT, '../shared');

/** A fresh scratch folder for one test. */
export function scratch(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `noderpc-${prefix}-`));
}
