/**
 * What a run may do to its output folder: it writes and removes only files its record says it wrote, keeps
 * the files of outputs a narrowed run (`--emit`) did not produce, and refuses to overwrite a folder that is
 * someone else's.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { planOutputs, readRecord, RECORD, writeOutputs } from '../../../generator/write/index.js';
import { ROOT } from '../../helpers/paths.js';

const BIN = join(ROOT, 'bin/noderpc.js');
const DOC = join(ROOT, 'test/fixtures/emit/by-name/spec/ledger.yaml');
const dirs: string[] = [];
const scratch = () => {
  const d = mkdtempSync(join(tmpdir(), 'noderpc-out-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const run = (args: string[], cwd: string) => spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', timeout: 120_000 });

describe('planOutputs / writeOutputs', () => {
  it('removes only recorded files of the outputs that ran, keeps the rest and records both', () => {
    const out = scratch();
    const first = planOutputs(out, [
      { path: 'a/one.ts', contents: '1', output: 'client' },
      { path: 'docs/x.md', contents: 'x', output: 'docs' },
    ], ['client', 'docs']);
    writeOutputs(out, first.files, first.owned);
    expect(readRecord(out)).toEqual(new Map([['a/one.ts', 'client'], ['docs/x.md', 'docs']]));
    writeFileSync(join(out, 'mine.txt'), 'a file of the user');

    // A client-only run that no longer emits a/one.ts: it goes, the docs stay, the user's file stays.
    const second = planOutputs(out, [{ path: 'a/two.ts', contents: '2', output: 'client' }], ['client']);
    expect(second.untracked).toEqual(['mine.txt']);
    const changes = writeOutputs(out, second.files, second.owned);
    expect(changes).toContainEqual({ path: 'a/one.ts', kind: 'removed' });
    expect(existsSync(join(out, 'a/one.ts'))).toBe(false);
    expect(readFileSync(join(out, 'docs/x.md'), 'utf8')).toBe('x');
    expect(readFileSync(join(out, 'mine.txt'), 'utf8')).toBe('a file of the user');
    expect(readRecord(out)).toEqual(new Map([['a/two.ts', 'client'], ['docs/x.md', 'docs']]));
  });

  it('reports the files it would overwrite in a folder without a record', () => {
    const out = scratch();
    mkdirSync(join(out, 'src'));
    writeFileSync(join(out, 'src/index.ts'), 'export const mine = 1;\n');
    writeFileSync(join(out, 'same.txt'), 'same');
    const plan = planOutputs(out, [
      { path: 'src/index.ts', contents: 'generated', output: 'client' },
      { path: 'same.txt', contents: 'same', output: 'client' },
    ], ['client']);
    expect(plan.clobbered).toEqual(['src/index.ts']);
    expect(plan.files.map((f) => f.path)).toContain(RECORD);
  });

  it("neither reports nor touches what other tools keep in it (VitePress's cache, site and build scratch)", () => {
    const out = scratch();
    const first = planOutputs(out, [{ path: 'docs/index.md', contents: '# x', output: 'docs' }], ['docs']);
    writeOutputs(out, first.files, first.owned);
    const theirs = ['docs/.vitepress/cache/deps/a.js', 'docs/.vitepress/dist/index.html', 'docs/.vitepress/.temp/app.js', 'node_modules/x/index.js'];
    for (const p of theirs) {
      mkdirSync(join(out, p, '..'), { recursive: true });
      writeFileSync(join(out, p), p);
    }
    writeFileSync(join(out, 'docs/.vitepress/notes.txt'), 'a file of the user');
    const second = planOutputs(out, [{ path: 'docs/other.md', contents: '# y', output: 'docs' }], ['docs']);
    expect(second.untracked).toEqual(['docs/.vitepress/notes.txt']);
    writeOutputs(out, second.files, second.owned);
    for (const p of theirs) expect(readFileSync(join(out, p), 'utf8')).toBe(p);
    expect(existsSync(join(out, 'docs/index.md'))).toBe(false);
  });
});

describe('noderpc generate and its output folder', () => {
  it('an unknown output in --emit is a usage error that writes nothing', () => {
    const out = join(scratch(), 'out');
    const r = run(['generate', DOC, '--out', out, '--emit', 'client,nope'], ROOT);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/unknown output in "emit": nope \(known: openrpc, client, /);
    expect(existsSync(out)).toBe(false);
  });

  it('an unknown option is named, with the options the command takes', () => {
    const r = run(['generate', '--chekc'], ROOT);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/unknown option --chekc for "generate" \(it takes --check, /);
    const m = run(['mock', '--mode', 'strict'], ROOT);
    expect(m.status).toBe(2);
    expect(m.stderr).toMatch(/--mode must be standard or node, got strict/);
  });

  it('a narrowed run keeps the other outputs; a later full run is up to date', () => {
    const out = join(scratch(), 'out');
    expect(run(['generate', DOC, '--out', out, '--no-cache'], ROOT).status).toBe(0);
    const client = readFileSync(join(out, 'client/index.js'), 'utf8');
    const narrowed = run(['generate', DOC, '--out', out, '--no-cache', '--emit', 'docs'], ROOT);
    expect(narrowed.status, narrowed.stderr).toBe(0);
    expect(narrowed.stdout).toMatch(/already up to date \(\d+ files\)/);
    expect(readFileSync(join(out, 'client/index.js'), 'utf8')).toBe(client);
    const check = run(['generate', DOC, '--out', out, '--no-cache', '--check'], ROOT);
    expect(check.status, check.stdout + check.stderr).toBe(0);
  }, 120_000);

  it("refuses to overwrite a folder that is someone else's, and leaves it as it was", () => {
    const out = scratch();
    mkdirSync(join(out, 'client'), { recursive: true });
    writeFileSync(join(out, 'client/package.json'), '{"name":"my-own-package"}\n');
    const r = run(['generate', DOC, '--out', out, '--no-cache'], ROOT);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/holds files noderpc did not write .* would be overwritten:\n {2}.*client\/package\.json/s);
    expect(readFileSync(join(out, 'client/package.json'), 'utf8')).toBe('{"name":"my-own-package"}\n');
    expect(existsSync(join(out, RECORD))).toBe(false);
  }, 120_000);
});
