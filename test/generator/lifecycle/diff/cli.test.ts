/**
 * `noderpc diff` from the command line, as users run it: two versions of the project's spec at git refs,
 * a foreign document and an edited copy, the readable report, the JSON, --fail-on, and every kind of bad
 * input with an exit code of 2 and a message that says what to give instead.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JSON_FORMAT } from '../../../../generator/lifecycle/diff/report.js';
import { ROOT, SHARED, scratch } from '../../../helpers/paths.js';

function noderpc(cwd: string, ...args: string[]): { status: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/noderpc.js'), 'diff', ...args], { cwd, encoding: 'utf8', timeout: 120_000 });
  return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

// Two commits of this repository's history: the uint64 range fix (f01b5c2 → 666c65c) narrowed patterns.
const BEFORE = 'f01b5c2b7a33ba5ac265c1b05c13cc5677d20491';
const AFTER = '666c65c265a4dd661510b403f1e80000dc34487b';

describe('noderpc diff on the command line', () => {
  it('--base and --head: the project at two git refs, a readable report, and --fail-on breaking', () => {
    const r = noderpc(ROOT, '--base', BEFORE, '--head', AFTER, '--fail-on', 'breaking');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(1);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe(`noderpc diff: git:${BEFORE} → git:${AFTER}`);
    expect(lines[1]).toMatch(/^\d+ changes: \d+ breaking, 0 non-breaking, 0 info\. Implied bump: major\.$/);
    expect(r.stdout).toContain('Met in many places (one change each)');
    expect(r.stdout).toMatch(/breaking {6}Uint64: result wire form allows more values \(same value type\) \(pattern .* in \d+ places of \d+ methods: info\.acps, .*\(result-wire-widened; breaks wire\)/);
  });

  it('--json: the documented shape, changes in their stable order', () => {
    const a = noderpc(ROOT, '--base', BEFORE, '--head', AFTER, '--json');
    expect(a.status).toBe(0);
    const out = JSON.parse(a.stdout);
    expect(Object.keys(out)).toEqual(['format', 'old', 'new', 'bump', 'counts', 'changes']);
    expect(out.format).toBe(JSON_FORMAT);
    for (const c of out.changes) {
      expect(Object.keys(c).filter((k) => !['method', 'path', 'schema', 'old', 'new'].includes(k))).toEqual(['rule', 'severity', 'client', 'server', 'wire', 'service', 'message']);
    }
    expect(out.counts.breaking).toBe(out.changes.length);
    const order = (c: { service: string; method?: string; path?: string; rule: string }) => [c.service, c.method ?? '', c.path ?? '', c.rule];
    const sorted = [...out.changes].sort((x, y) => {
      const [p, q] = [order(x), order(y)];
      return p.findIndex((v, i) => v !== q[i]) === -1 ? 0 : p[p.findIndex((v, i) => v !== q[i])]!.localeCompare(q[p.findIndex((v, i) => v !== q[i])]!);
    });
    expect(out.changes).toEqual(sorted);
  });

  it('a foreign document against an edited copy', () => {
    const dir = scratch('cli-diff');
    const source = join(SHARED, 'conformance/openrpc-real/metamask/openrpc.json');
    const doc = JSON.parse(readFileSync(source, 'utf8'));
    doc.methods = doc.methods.filter((m: { name: string }) => m.name !== 'eth_chainId');
    writeFileSync(join(dir, 'new.json'), JSON.stringify(doc));
    const r = noderpc(dir, source, 'new.json');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(
      [
        `noderpc diff: ${relative(dir, source)} → new.json`,
        '1 change: 1 breaking, 0 non-breaking, 0 info. Implied bump: major.',
        '',
        'eth_chainId (new)',
        '  breaking      method removed  (method-removed; breaks client, server, wire)',
        '',
      ].join('\n'),
    );
  });

  it('bad input: exit 2 and what to give instead', () => {
    const dir = scratch('cli-bad');
    expect(noderpc(dir, 'missing.json', 'other.json')).toMatchObject({ status: 2, stderr: expect.stringContaining('missing.json does not exist; give an OpenRPC document, a folder of documents, or a project folder.') });
    expect(noderpc(dir, 'a', 'b', 'c')).toMatchObject({ status: 2, stderr: expect.stringContaining('noderpc diff compares two sides') });
    expect(noderpc(dir)).toMatchObject({ status: 2, stderr: expect.stringContaining('give the old side') });
    expect(noderpc(dir, '--base', 'HEAD')).toMatchObject({ status: 2, stderr: expect.stringContaining('is not inside a git repository; a git ref (--base, --head) names a version') });
    expect(noderpc(ROOT, '--base', 'no-such-ref')).toMatchObject({ status: 2, stderr: expect.stringContaining('git rev-parse --verify --quiet no-such-ref^{commit} failed') });
    writeFileSync(join(dir, 'broken.json'), '{ "openrpc": "1.3.2", "info": { "title": "x", "version": "1" }, "methods": [{ "name": "a", "params": [], "result": { "name": "r", "schema": { "$ref": "#/components/schemas/Nope" } } }] }');
    const broken = noderpc(dir, 'broken.json', 'broken.json');
    expect(broken.status).toBe(2);
    expect(broken.stderr).toMatch(/^broken\.json cannot be read:\n {2}broken\.json:1:\d+ \/methods\/0\/result\/schema\/\$ref \[ref-unresolved\]/);
  });
});
