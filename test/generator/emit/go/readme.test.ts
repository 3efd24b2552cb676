/**
 * generated/go/README.md as a reader uses it: its first Go block is a whole program, built and run against
 * the generated mock on 127.0.0.1 (the mock's URL for DefaultURL); every other Go block is a fragment that
 * runs inside a function given the client `c` and a context `ctx` (one program for all of them, run against
 * the mock too). Each must build and exit 0; the first must print one line per call it makes.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goLayout } from '../../../../generator/emit/shared/go-layout.js';
import { projectModel } from '../../../helpers/model.js';
import { ROOT, scratch } from '../../../helpers/paths.js';
import { run } from '../clients/run.js';

const MODULE = resolve(ROOT, 'generated/go');
const env = { ...process.env, GOFLAGS: '-mod=mod', GOPROXY: 'off', GOTOOLCHAIN: 'local' };
const { module, pkg } = goLayout(projectModel(), '@noderpc/client');
const blocks = [...readFileSync(join(MODULE, 'README.md'), 'utf8').matchAll(/^```go\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);

let mock: { url: string; close(): Promise<void> };
beforeAll(async () => {
  const { startNodeMock } = await import('../../../../generated/client/mock/index.js');
  mock = await startNodeMock();
});
afterAll(async () => {
  await mock?.close();
});

async function buildAndRun(name: string, source: string): Promise<{ stdout: string; stderr: string; status: number | null }> {
  const dir = join(scratch(`go-readme-${name}`), name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'go.mod'), `module ${name}\n\ngo 1.19\n\nrequire ${module} v0.0.0\n\nreplace ${module} => ${MODULE}\n`);
  writeFileSync(join(dir, 'main.go'), source);
  const built = await run('go', ['build', '-o', 'program', '.'], { cwd: dir, env, timeoutMs: 240_000 });
  expect(built.stderr).toBe('');
  return run(join(dir, 'program'), [mock.url], { cwd: dir, timeoutMs: 60_000 });
}

describe('the Go README', () => {
  it('has install, call, errors, retries, batches and pagination', () => {
    const text = readFileSync(join(MODULE, 'README.md'), 'utf8');
    for (const heading of ['## Install', '## Create a client and call', '## Values', '## Errors', '## Retries', '## Batches', '## Pagination']) expect(text).toContain(`\n${heading}\n`);
    expect(blocks.length).toBeGreaterThan(5);
    expect(blocks[0]).toMatch(/^package main\n/);
  });

  it('runs its program against the mock', async () => {
    const calls = blocks[0]!.match(/, err := c\./g)?.length ?? 0;
    expect(calls).toBeGreaterThan(1);
    const source = blocks[0]!.replace(`${pkg}.New(${pkg}.DefaultURL)`, `${pkg}.New(os.Args[1])`).replace('import (\n', 'import (\n\t"os"\n');
    const ran = await buildAndRun('program', source);
    expect(ran.stderr).toBe('');
    expect(ran.status).toBe(0);
    expect(ran.stdout.trim().split('\n').length).toBe(calls);
  }, 300_000);

  it('runs each fragment against the mock', async () => {
    const fragments = blocks.slice(1).map(
      (b, i) => `func fragment${i}(ctx context.Context, c *${pkg}.Client) {\n\t{\n${b.trimEnd().replace(/^(?=.)/gm, '\t\t')}\n\t\t_ = c\n\t}\n}\n`,
    );
    const source = [
      'package main',
      '',
      'import (',
      ...['context', 'encoding/json', 'errors', 'fmt', 'log', 'net/http', 'os', 'time'].map((i) => `\t"${i}"`),
      '',
      `\t${pkg} ${JSON.stringify(module)}`,
      ')',
      '',
      'var _, _, _, _, _, _ = json.Marshal, errors.New, fmt.Sprint, log.Fatal, http.Header{}, time.Second',
      '',
      ...fragments,
      'func main() {',
      `\tc := ${pkg}.New(os.Args[1])`,
      ...fragments.map((_, i) => `\tfragment${i}(context.Background(), c)`),
      '}',
      '',
    ].join('\n');
    const ran = await buildAndRun('fragments', source);
    expect(ran.stderr).toBe('');
    expect(ran.status).toBe(0);
  }, 300_000);
});
