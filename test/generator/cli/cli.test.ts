/**
 * The command line as a new user first meets it: `--version`, `<command> --help` (that command only), the
 * exit codes the README documents, and `noderpc mock` on a port that is taken (a sentence saying what to do,
 * no stack trace) or on a free one (its URL and every path it serves).
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMANDS, EXIT_CODES } from '../../../generator/cli/index.js';
import { ROOT, scratch } from '../../helpers/paths.js';

const BIN = join(ROOT, 'bin/noderpc.js');
const cli = (args: readonly string[]) => spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
const stops: (() => void)[] = [];
afterAll(() => stops.forEach((stop) => stop()));

describe('noderpc, the command line', () => {
  it('--version and -v print the version of the package and exit 0', () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    for (const flag of ['--version', '-v']) {
      const r = cli([flag]);
      expect([r.status, r.stdout, r.stderr]).toEqual([0, `${version}\n`, '']);
    }
  }, 120_000);

  it('<command> --help prints that command only: its usage, its options, the exit codes', () => {
    for (const [name, command] of Object.entries(COMMANDS)) {
      for (const args of [[name, '--help'], ['help', name]]) {
        const r = cli(args);
        expect(r.status, args.join(' ')).toBe(0);
        expect(r.stdout.startsWith(`Usage:\n  ${command.usage}\n`), r.stdout).toBe(true);
        for (const other of Object.keys(COMMANDS)) if (other !== name) expect(r.stdout, `${name} --help shows ${other}`).not.toContain(COMMANDS[other]!.usage.split('\n')[0]);
        for (const flag of Object.keys(command.flags).filter((f) => !command.hidden?.includes(f))) expect(r.stdout).toContain(`  ${flag}`);
        expect(r.stdout).toContain(EXIT_CODES);
      }
    }
    // A wrong option shows the usage of the command it was given to, and exits 2.
    const wrong = cli(['mock', '--bogus']);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('unknown option --bogus for "mock"');
    expect(wrong.stderr).toContain(COMMANDS.mock!.usage);
    expect(wrong.stderr).not.toContain(COMMANDS.generate!.usage.split('\n')[0]);
  }, 300_000);

  it('the README documents the exit codes the CLI prints', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain(EXIT_CODES);
  });

  it('a spec with problems fails generate and verify alike: exit 1, nothing called', () => {
    const project = scratch('cli-exit');
    cpSync(join(ROOT, 'test/fixtures/loader/error-examples'), project, { recursive: true });
    // Port 9 (discard) on 127.0.0.1: verify stops at the spec before it calls anything.
    for (const args of [['generate', '--no-cache'], ['verify', 'http://127.0.0.1:9']]) {
      const r = spawnSync(process.execPath, [BIN, ...args], { cwd: project, encoding: 'utf8', timeout: 120_000 });
      expect(r.status, `${args[0]}: ${r.stderr}`).toBe(1);
    }
  }, 240_000);

  it('mock on a taken port says so and how to pick another, without a stack trace, and exits 1', async () => {
    const taken = createServer();
    await new Promise<void>((done) => taken.listen(0, '127.0.0.1', done));
    try {
      const port = (taken.address() as AddressInfo).port;
      const r = cli(['mock', '--port', String(port)]);
      expect(r.status, r.stderr).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(
        `cannot listen on 127.0.0.1:${port}: port ${port} is taken (a node or another mock may be running there). Pick another port with --port <n>, or --port 0 for a free one (the mock prints its URL).\n`,
      );
    } finally {
      await new Promise((done) => taken.close(done));
    }
  }, 120_000);

  it('mock --port 0 listens on a free port and prints its URL and every path it serves', async () => {
    const documents = readdirJson(join(ROOT, 'generated/openrpc'));
    // Every server path of every generated document, once, under the mock's URL, its variables at their
    // defaults (and named, since any value is served).
    const want = [...new Set(documents.flatMap((d) => d.servers.map((s) => s.url.replace(/\{(\w+)\}/g, (_, v: string) => s.variables![v]!.default))))];
    // Then one `GET <url> (<method>)` line per plain GET path of a method with x-http-get.
    const gets = documents.flatMap((d) => (d.methods ?? []).flatMap((m) => m['x-http-get']?.paths.map((p) => `${d.servers[0]!.url}${p} (${m.name})`) ?? []));
    const child = spawn(process.execPath, [BIN, 'mock', '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    stops.push(() => child.kill());
    let out = '';
    const text = await new Promise<string>((done, fail) => {
      child.stdout.on('data', (d: Buffer) => {
        out += String(d);
        if (out.endsWith('\n') && out.split('\n').length - 2 >= want.length + gets.length) done(out);
      });
      child.once('exit', (code) => fail(new Error(`the mock exited (${code}) before it listened: ${out}`)));
    });
    const url = /^mock listening on (http:\/\/127\.0\.0\.1:(\d+)) /.exec(text);
    expect(url, text).not.toBeNull();
    expect(Number(url![2])).toBeGreaterThan(0);
    const served = text.split('\n').slice(1).filter(Boolean);
    for (const path of want) expect(served.some((line) => line.trim().split(' ')[0]!.endsWith(path)), `${path} in ${text}`).toBe(true);
    expect(gets.length).toBeGreaterThan(0);
    expect(served.length).toBe(want.length + gets.length);
    for (const get of gets) expect(served).toContain(`  GET http://127.0.0.1:${url![2]}${get}`);
    const readiness = await fetch(`http://127.0.0.1:${url![2]}/ext/health/readiness`);
    expect(readiness.status).toBe(200);
    expect(served).toContain(`  ws://127.0.0.1:${url![2]}/ext/bc/C/ws (WebSocket; any {blockchainID}: /ext/bc/{blockchainID}/ws)`);
    // The paths it prints are ones it answers.
    const info = served.find((l) => l.trim().endsWith('/ext/info'))!.trim();
    const reply = await fetch(info, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"info.getNetworkName","params":{}}' });
    expect(((await reply.json()) as { result?: unknown }).result).toBeDefined();
  }, 120_000);
});

interface DocumentServers {
  servers: { url: string; variables?: Record<string, { default: string }> }[];
  methods?: { name: string; 'x-http-get'?: { paths: string[] } }[];
}

function readdirJson(dir: string): DocumentServers[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as DocumentServers);
}
