/**
 * What we publish speaks of the node, its releases and its documentation, never of how the spec was made:
 * every file of generated/ and every file `noderpc init` and a first `noderpc generate` write into a new
 * project is scanned for words that belong to our own workflow. A hit names the file, the line and the word.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, scratch } from '../helpers/paths.js';

/** Words of our workflow (matched case-insensitively). "issue" alone is the node's own word (issueTx). */
export const INTERNAL_WORDS: readonly RegExp[] = [
  /\bseeds?\b/i, // where the spec began
  /\bseed's\b/i,
  /\bsessions?\b/i,
  /\bissues? *#\d+|\bissue \d+\b/i,
  /\bworktrees?\b/i,
  /\bpreamble\b/i,
  /\blead engineer\b/i,
  /\bthe brief\b/i,
  /truth\.md|node-interface\.md|shared\/reference|shared\/seed/i,
  /\/work\/(main|wt-|shared|notes)/i,
  /\b(TODO|FIXME)\b/,
];

/** `file:line: word` for every internal word in the text files below `dir`. */
export function internalWords(dir: string): string[] {
  const hits: string[] = [];
  for (const f of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
    if (f.split('/').includes('node_modules')) continue;
    const path = join(dir, f);
    if (!statSync(path).isFile()) continue;
    const lines = readFileSync(path, 'utf8').split('\n');
    lines.forEach((line, i) => {
      for (const word of INTERNAL_WORDS) {
        const m = word.exec(line);
        if (m) hits.push(`${f}:${i + 1}: ${m[0]}`);
      }
    });
  }
  return hits;
}

describe('nothing internal in what we publish', () => {
  it('the word list finds what it is meant to find', () => {
    const dir = scratch('words');
    writeFileSync(join(dir, 'a.md'), 'ok line\nAs the seed says.\nsee issue #26, the issueTx method\n');
    expect(internalWords(dir)).toEqual(['a.md:2: seed', 'a.md:3: issue #26']);
  });

  it('generated/ has none', () => {
    expect(internalWords(join(ROOT, 'generated'))).toEqual([]);
  });

  it('a project made by noderpc init and generated has none', () => {
    const dir = scratch('words-init');
    const bin = join(ROOT, 'bin/noderpc.js');
    for (const args of [['init'], ['generate', '--no-cache']]) {
      const r = spawnSync(process.execPath, [bin, ...args], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
      expect(r.status, r.stderr).toBe(0);
      expect(internalWords(dir), args[0]).toEqual([]);
      expect(r.stdout + r.stderr).not.toMatch(INTERNAL_WORDS[0]!);
    }
    expect(readdirSync(join(dir, 'generated/docs'))).toContain('index.md');
  }, 120_000);
});
