/**
 * The watch loop regenerates in one long-lived process with a watch session and every in-process memo warm.
 * After each edit (a method, a shared schema, a method added, then removed, renamed, edited again and named
 * back, a broken spec, then mended) its output folder must hold byte for byte what a cold run of a freshly
 * loaded generator writes into an empty folder, and it must report exactly the problems the cold run reports.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { readConfigFile, resolveConfig } from '../../generator/config.js';
import { generate, watchSession } from '../../generator/generate.js';
import { listFiles } from '../../generator/write.js';
import { ROOT } from '../helpers/paths.js';

const work = mkdtempSync(join(tmpdir(), 'noderpc-watch-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Every file under `dir` with its contents, in path order. */
function tree(dir: string): Record<string, string> {
  return Object.fromEntries(listFiles(dir).map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
}

/**
 * A run of a generator loaded afresh (no module state of this process), with no cache, of a copy of
 * `project` whose output folder is empty.
 */
async function coldRun(project: string, copy: string) {
  vi.resetModules();
  const fresh = (await import('../../generator/generate.js')) as typeof import('../../generator/generate.js');
  const { readConfigFile: readFresh, resolveConfig: resolveFresh } = (await import('../../generator/config.js')) as typeof import('../../generator/config.js');
  rmSync(copy, { recursive: true, force: true });
  for (const item of INPUTS) cpSync(join(project, item), join(copy, item), { recursive: true });
  return fresh.generate(resolveFresh(copy, readFresh(copy)!), { cacheDir: false });
}

const INPUTS = ['spec', 'releases', 'noderpc.config.json'];

describe('the watch loop against a cold run', () => {
  it('writes and reports what a cold run does after every kind of edit', async () => {
    const project = join(work, 'project');
    for (const item of INPUTS) cpSync(join(ROOT, item), join(project, item), { recursive: true });
    const config = resolveConfig(project, readConfigFile(project)!);
    const session = watchSession(config);
    const cache = join(work, 'cache');
    const first = await generate(config, { cacheDir: cache, session });
    expect(first.ok, first.report).toBe(true);

    const platform = join(project, 'spec/platform.yaml');
    const scalars = join(project, 'spec/schemas/scalars.yaml');
    const original = readFileSync(platform, 'utf8');
    const getHeight = /\n  - name: platform\.getHeight\n[\s\S]*?(?=\n  - name: )/.exec(original)![0];
    const edits: [string, () => void, boolean][] = [
      ['a method summary', () => writeFileSync(platform, original.replace('summary: Height of the last accepted block', 'summary: Height of the newest accepted block')), true],
      ['a shared schema', () => writeFileSync(scalars, readFileSync(scalars, 'utf8').replace('Unsigned 64-bit integer.', 'An unsigned 64-bit integer.')), true],
      ['a method added', () => writeFileSync(platform, original.replace(getHeight, `${getHeight}${getHeight.replace('name: platform.getHeight', 'name: platform.getHeightAgain').replace(/name: block-at-height/, 'name: block-at-height-again')}`)), true],
      ['the method removed again', () => writeFileSync(platform, original), true],
      ['a method renamed', () => writeFileSync(platform, original.replace('\n  - name: platform.getHeight\n', '\n  - name: platform.getTipHeight\n')), true],
      ['a second edit of the same method', () => writeFileSync(platform, original.replace('\n  - name: platform.getHeight\n', '\n  - name: platform.getTipHeight\n').replace('summary: Height of the last accepted block', 'summary: Height of the tip')), true],
      ['the name given back', () => writeFileSync(platform, original), true],
      ['a broken spec', () => writeFileSync(platform, original.replace(/(name: platform\.getHeight\n    summary: [^\n]*\n    x-effects: )read/, '$1sometimes')), false],
      ['the spec mended', () => writeFileSync(platform, original), true],
    ];
    const coldProject = join(work, 'cold');
    for (const [what, edit, ok] of edits) {
      edit();
      const warm = await generate(config, { cacheDir: cache, session });
      const cold = await coldRun(project, coldProject);
      expect(warm.ok, `${what}: ${warm.report}`).toBe(ok);
      expect(cold.ok, `${what}: ${cold.report}`).toBe(ok);
      expect(warm.problems, what).toEqual(cold.problems);
      if (!ok) {
        expect(warm.report, what).toBe(cold.report);
        continue;
      }
      const got = tree(join(project, 'generated'));
      const want = tree(join(coldProject, 'generated'));
      expect(Object.keys(got), what).toEqual(Object.keys(want));
      for (const path of Object.keys(want)) expect(got[path], `${what}: ${path}`).toBe(want[path]);
    }
  }, 300_000);
});
