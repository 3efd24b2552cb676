/**
 * Golden files: compare with the committed expectation, or rewrite it when UPDATE_GOLDEN=1. A rewritten
 * golden file is a diff to read before committing, never a formality.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { expect } from 'vitest';

export const updating = process.env.UPDATE_GOLDEN === '1';

export function expectGolden(path: string, actual: string): void {
  if (updating) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, actual);
    return;
  }
  let expected: string;
  try {
    expected = readFileSync(path, 'utf8');
  } catch {
    throw new Error(`missing golden file ${path}; run with UPDATE_GOLDEN=1 to create it, then read it`);
  }
  expect(actual).toBe(expected);
}
