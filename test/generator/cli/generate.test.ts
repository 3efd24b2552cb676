/**
 * The command users run, as they run it: `node bin/noderpc.js generate` from the bundled generator, where
 * the schema job (example checks and validators) runs on its own thread. Its output must be exactly what
 * the in-process generator (the other tests) produces, and its problems exactly the same problems.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, cpSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFiles } from '../../../generator/write/index.js';
import { ROOT, scratch } from '../../helpers/paths.js';

const BIN = join(ROOT, 'bin/noderpc.js');

function cli(args: readonly string[], cwd: string, env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, ...env }, timeout: 120_000 });
}

describe('noderpc generate, the command', () => {
  it('generates, cold and with the schema thread, exactly generated/', () => {
    const out = scratch('cli-out');
    const r = cli(['generate', '--no-cache', '--times', '--out', out], ROOT);
    expect(r.status, r.stderr + r.stdout).toBe(0);
    expect(r.stdout).toMatch(/on the schema thread: checks \d+, (samples \d+, )?validators \d+/);
    const want = listFiles(join(ROOT, 'generated'));
    expect(listFiles(out)).toEqual(want);
    for (const f of want) expect(readFileSync(join(out, f), 'utf8'), f).toBe(readFileSync(join(ROOT, 'generated', f), 'utf8'));
  }, 180_000);

  for (const threads of ['1', '0']) {
    it(`reports every problem of a broken spec with its place, and writes nothing (NODERPC_THREADS=${threads})`, () => {
      const project = scratch('cli-broken');
      cpSync(join(ROOT, 'test/fixtures/loader/error-examples'), project, { recursive: true });
      const config = JSON.parse(readFileSync(join(project, 'noderpc.config.json'), 'utf8')) as { out?: string };
      const outDir = join(project, config.out ?? 'generated');
      mkdirSync(join(outDir, 'openrpc'), { recursive: true });
      writeFileSync(join(outDir, 'openrpc/keep.json'), '{"untouched":true}\n');
      const r = cli(['generate', '--no-cache'], project, { NODERPC_THREADS: threads });
      expect(r.status).not.toBe(0);
      const expected = readFileSync(join(project, 'expected.txt'), 'utf8').trim().split('\n');
      const output = (r.stdout + r.stderr).split('\n');
      for (const line of expected) expect(output).toContain(line);
      expect(listFiles(outDir)).toEqual(['openrpc/keep.json']);
    }, 120_000);
  }

  it('reports the same problems of a spec of several broken documents on the schema thread (fed document by document) as in one thread', () => {
    const project = scratch('cli-broken-several');
    cpSync(join(ROOT, 'test/fixtures/loader/error-examples'), project, { recursive: true });
    // A second document with the same broken examples: the thread checks the first while the second loads.
    writeFileSync(join(project, 'spec/u.yaml'), readFileSync(join(project, 'spec/t.yaml'), 'utf8').replace(/\bt\.(sum|pair|either)\b/g, 'u.$1').replace('url: /t', 'url: /u'));
    writeFileSync(join(project, 'noderpc.config.json'), JSON.stringify({ documents: ['spec/t.yaml', 'spec/u.yaml'], schemas: 'spec/schemas', emit: ['openrpc', 'validators', 'mock'] }));
    const outputs = ['1', '0'].map((threads) => {
      const r = cli(['generate', '--no-cache'], project, { NODERPC_THREADS: threads });
      expect(r.status).not.toBe(0);
      return r.stdout + r.stderr;
    });
    expect(outputs[0]).toBe(outputs[1]);
    const expected = readFileSync(join(project, 'expected.txt'), 'utf8').trim().split('\n');
    const lines = outputs[0]!.split('\n');
    for (const line of expected) {
      expect(lines).toContain(line);
      if (line.startsWith('spec/t.yaml')) expect(lines).toContain(line.replace('spec/t.yaml', 'spec/u.yaml').replace(/\bt\.(sum|pair|either)\b/g, 'u.$1'));
    }
    expect(listFiles(project).filter((f) => f.startsWith('generated/'))).toEqual([]);
  }, 120_000);

  it('generates only a client for a foreign document without compiling its schemas, and exits', () => {
    const out = scratch('cli-client-only');
    const doc = join(ROOT, '../shared/conformance/execution-apis/openrpc.json');
    // Output to a file, not a pipe: the thread started for a job that never comes must not hold the process.
    const log = join(out, '..', `${out.split('/').pop()}.log`);
    const fd = openSync(log, 'w');
    const r = spawnSync(process.execPath, [BIN, 'generate', doc, '--out', out, '--no-cache', '--emit', 'client,package', '--times', '--verbose'], { cwd: out, stdio: ['ignore', fd, fd], timeout: 60_000 });
    closeSync(fd);
    const text = readFileSync(log, 'utf8');
    expect(r.signal, text).toBeNull();
    expect(r.status, text).toBe(0);
    // No schema compiled: no example warnings, no time on the schema thread; lint warnings still come.
    expect(text).not.toMatch(/\[example-invalid\]/);
    expect(text).toMatch(/\[example-missing\] warning/);
    expect(text).not.toMatch(/on the schema thread: checks/);
    expect(listFiles(out).filter((f) => f.startsWith('client/validators/'))).toEqual([]);
    expect(listFiles(out).some((f) => f.startsWith('client/methods/'))).toBe(true);
  }, 90_000);
});
