/**
 * The generated package as its users get it: `npm pack` of generated/client, installed from the tarball into
 * a scratch consumer project (`type: module`) without the network (`--offline`, an empty npm cache of its
 * own). First alone: the client entry points must load and work without any dependency. Then with the
 * optional peer `ws` (which the mock and the server need), installed from a tarball packed from this
 * repository's node_modules: a consumer script run with node (fixtures/consumer/smoke.mjs) imports the
 * package's entry points, starts its mock node on a free port and calls one method of every service; and tsc
 * (NodeNext, strict) checks a TypeScript consumer (fixtures/consumer/consumer.ts.txt) against the installed
 * declarations.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineNpmEnv } from '../../helpers/npm.js';
import { ROOT, scratch } from '../../helpers/paths.js';

const run = promisify(execFile);
const CLIENT = join(ROOT, 'generated/client');
const FIXTURES = join(ROOT, 'test/fixtures/consumer');
/** Bound on every child process (npm, node, tsc): they are killed past it. */
const STEP_TIMEOUT = 120_000;

interface PackResult {
  readonly filename: string;
  readonly name: string;
  readonly version: string;
  readonly files: readonly { path: string }[];
}

let dir: string;
let app: string;
let env: NodeJS.ProcessEnv;
let packed: PackResult;
/** What a client-only script printed before `ws` was installed. */
let withoutWs: { stdout: string; stderr: string };

/** Loads and uses the client entry points while `ws` is not installed. */
const CLIENT_ONLY = `
import { createNodeClient } from '@noderpc/client';
import { createHttpTransport } from '@noderpc/client/runtime';
import { platformGetHeight } from '@noderpc/client/methods/platform/getHeight';
import { validate } from '@noderpc/client/validators/platform/platform.getHeight.result';
const node = createNodeClient({ url: 'http://127.0.0.1:9650' });
const out = {
  namespaces: Object.keys(node).sort(),
  transport: createHttpTransport({ url: 'http://127.0.0.1:9650/ext/bc/P' }).kind,
  method: typeof platformGetHeight,
  valid: validate({ height: '1' }),
  invalid: validate({ height: 1.5 })?.map((i) => i.path),
};
await node.close();
console.log(JSON.stringify(out));
`;

async function npm(args: readonly string[], cwd: string): Promise<string> {
  const { stdout } = await run('npm', [...args], { cwd, env, timeout: STEP_TIMEOUT, maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

/** `npm pack <folder> --json` into the scratch folder; returns npm's description of the tarball. */
async function pack(folder: string): Promise<PackResult> {
  const out = await npm(['pack', folder, '--pack-destination', dir, '--json', '--ignore-scripts'], dir);
  const [result] = JSON.parse(out) as PackResult[];
  return result!;
}

/** The first example of a method in the bundled spec (wire form). */
function example(service: string, method: string): { params: { name: string; value: unknown }[]; result?: { value: unknown } } {
  const doc = JSON.parse(readFileSync(join(ROOT, 'generated/openrpc', `${service}.json`), 'utf8')) as {
    methods: { name: string; examples: { params: { name: string; value: unknown }[]; result?: { value: unknown } }[] }[];
  };
  return doc.methods.find((m) => m.name === method)!.examples[0]!;
}

function filesUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(join(root, f)).isFile());
}

beforeAll(async () => {
  dir = scratch('pack');
  app = join(dir, 'app');
  mkdirSync(app);
  env = offlineNpmEnv(dir);
  packed = await pack(CLIENT);
  const ws = await pack(join(ROOT, 'node_modules/ws'));
  writeFileSync(join(app, 'package.json'), `${JSON.stringify({ name: 'consumer-app', version: '1.0.0', private: true, type: 'module' }, null, 2)}\n`);
  await npm(['install', join(dir, packed.filename), '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], app);
  withoutWs = await run(process.execPath, ['--input-type=module', '-e', CLIENT_ONLY], { cwd: app, timeout: STEP_TIMEOUT });
  // The mock and the server need the optional peer `ws` (the package README says so).
  await npm(['install', join(dir, ws.filename), '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], app);
}, 4 * STEP_TIMEOUT);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('npm pack of generated/client, installed offline into a consumer project', () => {
  it('the tarball holds the package and every target of its exports map', () => {
    expect(packed.name).toBe('@noderpc/client');
    const files = new Set(packed.files.map((f) => f.path));
    expect(files.has('package.json')).toBe(true);
    expect(files.has('README.md')).toBe(true);
    const manifest = JSON.parse(readFileSync(join(CLIENT, 'package.json'), 'utf8')) as { exports: Record<string, string | Record<string, string>> };
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      for (const file of typeof target === 'string' ? [target] : Object.values(target)) {
        const path = file.replace(/^\.\//, '');
        if (path.includes('*')) {
          const [head, tail] = path.split('*') as [string, string];
          expect([...files].some((f) => f.startsWith(head) && f.endsWith(tail)), `${subpath} → ${file}`).toBe(true);
        } else {
          expect(files.has(path), `${subpath} → ${file}`).toBe(true);
        }
      }
    }
  });

  it('the client needs no dependency: without ws its entry points load and work', () => {
    const out = JSON.parse(withoutWs.stdout.trim()) as Record<string, unknown>;
    expect(out).toMatchObject({ transport: 'http', method: 'function', valid: null, invalid: ['/height'] });
    expect(out.namespaces).toEqual(expect.arrayContaining(['info', 'platform', 'eth', 'native', 'admin', 'batch', 'request', 'close']));
    expect(withoutWs.stderr).toBe('');
  });

  it('installed from the tarball with its optional peer ws, and nothing else', () => {
    const installed = join(app, 'node_modules/@noderpc/client');
    expect(JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')).version).toBe(packed.version);
    expect(readdirSync(join(app, 'node_modules')).filter((n) => !n.startsWith('.')).sort()).toEqual(['@noderpc', 'ws']);
    // A tarball, not a link back into the repository.
    expect(statSync(installed).isDirectory()).toBe(true);
    expect(existsSync(join(installed, 'index.js'))).toBe(true);
  });

  it('no installed file names the machine it was built on (no absolute paths)', () => {
    const installed = join(app, 'node_modules/@noderpc/client');
    const leaks = filesUnder(installed).filter((f) => readFileSync(join(installed, f), 'utf8').includes(ROOT));
    expect(leaks).toEqual([]);
  });

  it('node runs a consumer script: the mock on a free port, one method of every service, decoded values', async () => {
    copyFileSync(join(FIXTURES, 'smoke.mjs'), join(app, 'smoke.mjs'));
    const { stdout } = await run(process.execPath, ['smoke.mjs'], { cwd: app, timeout: STEP_TIMEOUT });
    const out = JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;

    const big = (v: unknown) => ({ bigint: BigInt(v as string).toString() });
    const version = example('info', 'info.getNodeVersion').result!.value as Record<string, unknown>;
    const height = example('platform', 'platform.getHeight').result!.value as { height: string };
    const status = example('native', 'native.getAtomicTxStatus').result!.value as { status: string; blockHeight: string };
    const chainId = example('evm', 'eth_chainId').result!.value as string;

    expect(out.mockPort).toEqual(expect.any(Number));
    expect(out.mockPort).toBeGreaterThan(0);
    expect(out.info).toEqual({ ...version, rpcProtocolVersion: Number(version.rpcProtocolVersion) });
    expect(out.platform).toEqual({ height: big(height.height) });
    expect(out.native).toEqual({ status: status.status, blockHeight: big(status.blockHeight) });
    expect(out.admin).toEqual(example('admin', 'admin.lockProfile').result!.value);
    expect(out.evm).toEqual(big(chainId));
    expect(out.newHead).toEqual({ number: expect.objectContaining({ bigint: expect.stringMatching(/^\d+$/) }), hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    expect(out.rpcErrorIsExported).toBe(true);
  });

  it('tsc (NodeNext, strict, skipLibCheck false) accepts a TypeScript consumer of the installed package', async () => {
    copyFileSync(join(FIXTURES, 'consumer.ts.txt'), join(app, 'consumer.ts'));
    mkdirSync(join(app, 'node_modules/@types'), { recursive: true });
    // Node's types, as a Node project would have them (the package's own declarations need no other package).
    symlinkSync(join(ROOT, 'node_modules/@types/node'), join(app, 'node_modules/@types/node'), 'dir');
    const tsconfig = {
      compilerOptions: { strict: true, skipLibCheck: false, noEmit: true, target: 'ES2022', lib: ['ES2022'], module: 'NodeNext', moduleResolution: 'NodeNext', types: ['node'] },
      files: ['consumer.ts'],
    };
    writeFileSync(join(app, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`);
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    const result = await run(process.execPath, [tsc, '-p', 'tsconfig.json', '--listFilesOnly'], { cwd: app, timeout: STEP_TIMEOUT }).catch((e: { stdout: string }) => e);
    // The declarations come from the installed copy, not from the repository.
    const listed = result.stdout.split('\n').filter((l) => l.includes('@noderpc/client'));
    expect(listed.length).toBeGreaterThan(10);
    expect(listed.every((l) => relative(app, l).startsWith('node_modules/@noderpc/client/'))).toBe(true);

    const checked = await run(process.execPath, [tsc, '-p', 'tsconfig.json', '--pretty', 'false'], { cwd: app, timeout: STEP_TIMEOUT }).then(
      (r) => ({ code: 0, output: r.stdout + r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, output: e.stdout + e.stderr }),
    );
    expect(checked.output).toBe('');
    expect(checked.code).toBe(0);
  });
});
