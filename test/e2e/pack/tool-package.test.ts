/**
 * noderpc as its users get it: `npm pack` of this repository (which builds dist/ through `prepack`),
 * installed into a scratch project without the network (the tarball unpacked into node_modules/noderpc and
 * made read-only, its dependencies linked from this repository's node_modules, its bin linked as npm links
 * bins), then used there as the README says: `npx noderpc init`, `npm run generate` of the project it made,
 * `npx noderpc generate <document> --out <dir>` on a real document, `npx noderpc mock`, and the generated
 * client calling that mock; and the programmatic API imported by name.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineNpmEnv } from '../../helpers/npm.js';
import { ROOT, SHARED, scratch } from '../../helpers/paths.js';

const run = promisify(execFile);
const STEP_TIMEOUT = 180_000;
const METAMASK = join(SHARED, 'conformance/openrpc-real/metamask/openrpc.json');

let dir: string;
let app: string;
let installed: string;
let env: NodeJS.ProcessEnv;
let packed: { filename: string; files: { path: string }[] };
let before: Map<string, number>;
const started = new Set<ChildProcess>();

/** Every file below `root` with its modification time. */
function snapshot(root: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const f of readdirSync(root, { recursive: true, encoding: 'utf8' })) out.set(f, statSync(join(root, f)).mtimeMs);
  return out;
}

function setWritable(root: string, writable: boolean): void {
  for (const f of ['', ...readdirSync(root, { recursive: true, encoding: 'utf8' })]) {
    const p = join(root, f);
    const mode = statSync(p).mode;
    chmodSync(p, writable ? mode | 0o200 : mode & ~0o222);
  }
}

async function npx(args: readonly string[], cwd = app): Promise<{ stdout: string; stderr: string }> {
  return run('npx', ['--offline', ...args], { cwd, env, timeout: STEP_TIMEOUT, maxBuffer: 64 * 1024 * 1024 });
}

beforeAll(async () => {
  dir = scratch('tool');
  app = join(dir, 'my-api');
  installed = join(app, 'node_modules/noderpc');
  mkdirSync(installed, { recursive: true });
  // Not the user's cache folder: the tool keeps its cache in the project.
  env = offlineNpmEnv(dir, { XDG_CACHE_HOME: join(dir, 'user-cache') });
  delete env.NODERPC_ROOT;
  const { stdout } = await run('npm', ['pack', ROOT, '--pack-destination', dir, '--json'], { cwd: dir, env, timeout: STEP_TIMEOUT, maxBuffer: 64 * 1024 * 1024 });
  packed = (JSON.parse(stdout.slice(stdout.indexOf('['))) as (typeof packed)[])[0]!;
  await run('tar', ['-xzf', join(dir, packed.filename), '-C', installed, '--strip-components', '1']);
  // Its dependencies, as npm would have installed them beside it.
  const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; bin: Record<string, string> };
  for (const name of Object.keys(manifest.dependencies)) {
    const target = join(app, 'node_modules', name);
    mkdirSync(join(target, '..'), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules', name), target, 'dir');
  }
  mkdirSync(join(app, 'node_modules/.bin'));
  symlinkSync(join('..', 'noderpc', manifest.bin.noderpc!), join(app, 'node_modules/.bin/noderpc'));
  // A read-only install: whatever the tool writes must go elsewhere.
  setWritable(installed, false);
  before = snapshot(installed);
  writeFileSync(join(app, 'package.json'), `${JSON.stringify({ name: 'my-api', version: '1.0.0', private: true, type: 'module' }, null, 2)}\n`);
}, 2 * STEP_TIMEOUT);

afterAll(async () => {
  for (const child of started) if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
  if (installed && existsSync(installed)) setWritable(installed, true);
});

describe('the packed noderpc, installed offline into a new project', () => {
  it('ships prebuilt JavaScript, its runtime and templates, the config schema; no TypeScript sources of the generator', () => {
    const files = packed.files.map((f) => f.path);
    for (const f of ['bin/noderpc.js', 'dist/cli.js', 'dist/index.js', 'dist/schema-worker.js', 'dist/types/generator/index.d.ts', 'noderpc.config.schema.json', 'runtime/client/call.ts', 'templates/package/README.md.hbs', 'README.md'])
      expect(files, f).toContain(f);
    expect(files.filter((f) => f.startsWith('generator/') || f.startsWith('test/') || f.startsWith('spec/'))).toEqual([]);
  });

  it('noderpc --version prints the version of the package installed', async () => {
    const { version } = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { version: string };
    expect((await npx(['noderpc', '--version'])).stdout).toBe(`${version}\n`);
  }, STEP_TIMEOUT);

  it('noderpc init makes a project that generates, with an npm script', async () => {
    const { stdout } = await npx(['noderpc', 'init']);
    expect(stdout).toMatch(/Wrote noderpc\.config\.json, openrpc\.yaml, README\.md and the npm scripts generate, mock, docs:build, docs:dev and the development dependencies noderpc, vitepress in package\.json/);
    const pkg = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as { name: string; scripts: Record<string, string> };
    expect(pkg).toMatchObject({ name: 'my-api', scripts: { generate: 'noderpc generate', mock: 'noderpc mock' } });
    const config = JSON.parse(readFileSync(join(app, 'noderpc.config.json'), 'utf8')) as { $schema: string };
    // The schema the config names is where editors will find it.
    expect(existsSync(join(app, config.$schema))).toBe(true);
    // A second init changes nothing.
    await expect(npx(['noderpc', 'init'])).rejects.toMatchObject({ stderr: expect.stringMatching(/noderpc\.config\.json and openrpc\.yaml already exist here; nothing was written/) });

    const r = await run('npm', ['run', 'generate'], { cwd: app, env, timeout: STEP_TIMEOUT });
    expect(r.stdout).toMatch(/generated\/: \d+ added, 0 changed, 0 removed/);
    expect(existsSync(join(app, 'generated/client/index.js'))).toBe(true);
    // The cache lives in the project.
    expect(existsSync(join(app, 'node_modules/.cache/noderpc'))).toBe(true);
  }, STEP_TIMEOUT);

  it('generates a package for a real document, its mock serves it, and its client calls the mock', async () => {
    const gen = await npx(['noderpc', 'generate', METAMASK, '--out', 'wallet', '--name', 'wallet-client']);
    expect(gen.stdout).toMatch(/^wallet\/: \d+ added/m);
    expect(gen.stdout).toMatch(/\d+ warnings \(.*\); generation went ahead\./);

    const mock = spawn('npx', ['--offline', 'noderpc', 'mock', '--out', 'wallet', '--port', '0'], { cwd: app, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    started.add(mock);
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the mock did not start:\n${output}`)), 60_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]!);
        }
      };
      mock.stdout!.on('data', onData);
      mock.stderr!.on('data', onData);
      mock.once('exit', (code) => reject(new Error(`the mock exited (${code}):\n${output}`)));
    });
    try {
      const example = (JSON.parse(readFileSync(METAMASK, 'utf8')) as { methods: { name: string; examples?: { result?: { value: unknown } }[] }[] }).methods.find((m) => m.name === 'eth_chainId')!.examples![0]!.result!.value;
      const script = `
        import { createClient } from './wallet/client/index.js';
        const client = createClient({ url: ${JSON.stringify(url)} });
        const chainId = await client.eth.chainId();
        const viaRequest = await client.request({ method: 'eth_chainId' });
        await client.close();
        console.log(JSON.stringify({ chainId, viaRequest }));
      `;
      writeFileSync(join(app, 'call.mjs'), script);
      const r = await run(process.execPath, ['call.mjs'], { cwd: app, timeout: 60_000 });
      expect(JSON.parse(r.stdout)).toEqual({ chainId: example, viaRequest: example });
    } finally {
      process.kill(-mock.pid!, 'SIGTERM');
      await new Promise((resolve) => (mock.exitCode !== null ? resolve(undefined) : mock.once('exit', resolve)));
      started.delete(mock);
    }
  }, STEP_TIMEOUT);

  it('the programmatic API, imported by name, returns problems, files and timings', async () => {
    const script = `
      import { generate } from 'noderpc';
      const r = await generate({ documents: [${JSON.stringify(METAMASK)}], out: 'api-out', write: false, cache: false });
      console.log(JSON.stringify({ ok: r.ok, files: r.files.length, warnings: r.problems.filter((p) => p.severity === 'warning').length, phases: Object.keys(r.timings) }));
    `;
    writeFileSync(join(app, 'api.mjs'), script);
    const r = await run(process.execPath, ['api.mjs'], { cwd: app, env, timeout: STEP_TIMEOUT });
    const out = JSON.parse(r.stdout) as { ok: boolean; files: number; warnings: number; phases: string[] };
    expect(out.ok).toBe(true);
    expect(out.files).toBeGreaterThan(100);
    expect(out.warnings).toBeGreaterThan(0);
    expect(out.phases).toEqual(expect.arrayContaining(['load', 'client']));
    // write: false wrote nothing.
    expect(existsSync(join(app, 'api-out'))).toBe(false);
  }, STEP_TIMEOUT);

  it('nothing was written into the installed package', () => {
    expect(snapshot(installed)).toEqual(before);
  });
});
