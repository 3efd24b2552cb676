/**
 * Where the Python and Go clients put a namespace's plain GET calls: under `http` / `HTTP`, or `http_get` /
 * `HTTPGet` where a method of the namespace already has that name in that language (the loader refuses a
 * member `http` itself; `HTTP` is `http` in Python only); only for methods with `x-http-get`. The generated
 * modules with the renamed member build (go vet) and import (python3).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../../../generator/config/index.js';
import { generate } from '../../../../generator/generate.js';
import { loadProject } from '../../../../generator/load/index.js';
import { goLayout } from '../../../../generator/emit/shared/go-layout.js';
import { pyClientName, pythonNames } from '../../../../generator/emit/shared/py-layout.js';
import { scratch } from '../../../helpers/paths.js';
import { run } from '../clients/run.js';

const method = (name: string, extra: string) => `  - name: ${name}
    summary: ${name}
    x-effects: read
    paramStructure: by-name
${extra}    params:
      - { name: tags, schema: { type: array, items: { type: string } } }
    result: { name: r, schema: { type: object, properties: { healthy: { type: boolean } } } }
    examples:
      - { name: one, params: [], result: { name: r, value: { healthy: true } } }
`;

const GET = `    x-http-get:
      paths: [/report]
      query: { tag: tags }
      status:
        - { code: 503, when: { pointer: /healthy, equals: false } }
        - { code: 200 }
`;

function project(members: readonly [string, boolean][]): string {
  const dir = scratch('http-get-names');
  mkdirSync(join(dir, 'spec'));
  const spec = `openrpc: 1.3.2\ninfo: { title: T, version: 1.0.0 }\nservers: [{ url: /t }]\nmethods:\n${members.map(([m, get]) => method(`t.${m}`, get ? GET : '')).join('')}`;
  writeFileSync(join(dir, 'spec/t.yaml'), spec);
  return dir;
}

function layouts(dir: string) {
  const config = resolveConfig(dir, { documents: ['spec/t.yaml'], emit: ['python', 'go'], out: join(dir, 'out'), package: { name: '@x/t' } } as never);
  const loaded = loadProject(config);
  expect(loaded.model, JSON.stringify(loaded.problems.map((p) => p.message))).toBeDefined();
  return { config, py: pythonNames(loaded.model!, '@x/t'), go: goLayout(loaded.model!, '@x/t') };
}

describe('the place of the plain GET calls in the Python and Go clients', () => {
  it.each([
    ['a free name', [['report', true], ['other', false]] as [string, boolean][], ['t', 'http'], ['T', 'HTTP']],
    ['a method named HTTP (http in Python)', [['report', true], ['HTTP', false]] as [string, boolean][], ['t', 'http_get'], ['T', 'HTTPGet']],
  ])('%s', (_, members, py, go) => {
    const { py: p, go: g } = layouts(project(members));
    expect(p.methods.map((m) => [m.method.name, m.getPath])).toEqual(members.map(([m, get]) => [`t.${m}`, get ? py : undefined]));
    expect(g.methods.map((m) => [m.method.name, m.get?.path])).toEqual(members.map(([m, get]) => [`t.${m}`, get ? go : undefined]));
  });

  it('the renamed member builds in Go and imports in Python', async () => {
    const dir = project([['report', true], ['HTTP', false]]);
    const { config, py: names } = layouts(dir);
    const result = await generate(config, { cacheDir: false });
    expect(result.ok, result.report).toBe(true);
    const env = { ...process.env, GOFLAGS: '', GOPROXY: 'off', GOTOOLCHAIN: 'local', GOWORK: 'off' };
    const vet = await run('go', ['vet', './...'], { cwd: join(dir, 'out/go'), env, timeoutMs: 120_000 });
    expect(vet.stderr).toBe('');
    const py = await run('/usr/bin/python3', ['-c', `import ${names.module} as m; c = m.${pyClientName(config.clientName)}(); print(type(c.t.http_get).__name__, callable(c.t.http))`], { env: { ...process.env, PYTHONPATH: join(dir, 'out/python') }, timeoutMs: 60_000 });
    expect(py.stderr).toBe('');
    expect(py.stdout.trim()).toBe('THttpGets True');
  }, 180_000);
});
