/**
 * A project made by `noderpc init` has everything its README promises: a script for every `npm run` the
 * README names, each script's program among the project's development dependencies, and the docs site
 * built offline by that script (the project's node_modules is this repository's, as `npm install` would
 * have filled it with the same packages).
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { offlineNpmEnv } from '../../helpers/npm.js';
import { ROOT, scratch } from '../../helpers/paths.js';

const run = promisify(execFile);
let app: string;
let pkg: { scripts: Record<string, string>; devDependencies?: Record<string, string> };

beforeAll(() => {
  app = join(scratch('init-docs'), 'my-api');
  mkdirSync(app, { recursive: true });
  for (const args of [['init'], ['generate', '--no-cache']]) {
    const r = spawnSync(process.execPath, [join(ROOT, 'bin/noderpc.js'), ...args], { cwd: app, encoding: 'utf8', timeout: 120_000 });
    expect(r.status, r.stderr).toBe(0);
  }
  pkg = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as typeof pkg;
}, 240_000);

describe('a project made by noderpc init', () => {
  it('has a script for every npm run of its README, and each script runs a program it depends on', () => {
    const readme = readFileSync(join(app, 'README.md'), 'utf8');
    const named = [...readme.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]!);
    expect(new Set(named)).toEqual(new Set(['generate', 'mock', 'docs:build', 'docs:dev']));
    for (const name of named) expect(pkg.scripts[name], name).toBeDefined();
    const own = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; devDependencies: Record<string, string> };
    expect(pkg.devDependencies).toEqual({ noderpc: `^${own.version}`, vitepress: own.devDependencies.vitepress });
    for (const [name, script] of Object.entries(pkg.scripts)) expect(Object.keys(pkg.devDependencies!), `${name}: ${script}`).toContain(script.split(' ')[0]);
  });

  it('builds its docs site with npm run docs:build, offline', async () => {
    symlinkSync(join(ROOT, 'node_modules'), join(app, 'node_modules'), 'dir');
    const env = offlineNpmEnv(join(app, '..'));
    await run('npm', ['run', 'docs:build'], { cwd: app, env, timeout: 300_000, maxBuffer: 16 * 1024 * 1024 });
    const dist = join(app, 'generated/docs/.vitepress/dist');
    expect(existsSync(join(dist, 'index.html'))).toBe(true);
    // The method page of the project's one method, with its example.
    expect(readFileSync(join(dist, 'api.html'), 'utf8')).toContain('Hello, world!');
  }, 300_000);
});
