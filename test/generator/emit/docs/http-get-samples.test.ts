/**
 * The "Plain GET" sections of the method pages: each method the spec serves to plain GETs has one, with a code
 * group of curl, TypeScript, Python and Go tabs. The Python and Go tabs run as a reader would run them, against
 * the generated mock on 127.0.0.1 (the page's URL swapped for the mock's): each prints the status, whether it is
 * 2xx and the body, which must be the method's first example decoded (the tab calls with its params); the
 * Python ones also pass mypy --strict, the TypeScript ones tsc --strict.
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFiles } from '../../../../generator/write/index.js';
import { goLayout } from '../../../../generator/emit/shared/go-layout.js';
import { decode } from '../../../../runtime/client/codec.js';
import { plansOf, projectModel } from '../../../helpers/model.js';
import { ROOT, scratch } from '../../../helpers/paths.js';
import { canonical } from '../clients/cases.js';
import { run } from '../clients/run.js';
import { typecheck } from '../../../helpers/typecheck.js';
import { DOCS } from './page-samples.js';

const BASE = 'http://127.0.0.1:9650';

interface GetSection {
  readonly where: string;
  readonly tabs: Record<string, string>;
}

/** Every Plain GET section of the pages, with its code group's tabs by their title. */
function sections(): GetSection[] {
  const out: GetSection[] = [];
  for (const file of listFiles(DOCS).filter((f) => f.endsWith('.md'))) {
    const text = readFileSync(join(DOCS, file), 'utf8');
    for (const m of text.matchAll(/^### Plain GET \{#([^}]+)\}\n((?:(?!^#{1,5} )[\s\S])*)/gm)) {
      const group = /^::: code-group\n([\s\S]*?)^:::$/m.exec(m[2]!)?.[1] ?? '';
      const tabs = Object.fromEntries([...group.matchAll(/^```\w+ \[([^\]]+)\]\n([\s\S]*?)^```$/gm)].map((t) => [t[1]!, t[2]!]));
      out.push({ where: `${file}#${m[1]}`, tabs });
    }
  }
  return out;
}

/** The method of a section (`health-readiness--http-get` is health.readiness) and its first example decoded. */
function expected(where: string): unknown {
  const model = projectModel();
  for (const s of model.services) {
    for (const m of s.methods) {
      if (!m.httpGet || !where.endsWith(`#${m.name.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}--http-get`)) continue;
      return canonical(decode(plansOf(s, m).result, m.examples[0]!.result!.value));
    }
  }
  throw new Error(`${where}: no method served to GETs has this section`);
}

let mock: { url: string; close(): Promise<void> };
beforeAll(async () => {
  const { startNodeMock } = await import('../../../../generated/client/mock/index.js');
  mock = await startNodeMock();
});
afterAll(async () => {
  await mock?.close();
});

describe('the Plain GET samples on the method pages', () => {
  const all = sections();
  const served = projectModel().services.flatMap((s) => s.methods.filter((m) => m.httpGet));

  it('are one per method served to GETs, each with curl, TypeScript, Python and Go tabs', () => {
    expect(all.length).toBe(served.length);
    expect(all.length).toBeGreaterThan(0);
    for (const s of all) expect(Object.keys(s.tabs), s.where).toEqual(['curl', 'TypeScript client', 'Python client', 'Go client']);
  });

  it('TypeScript: each type-checks against the generated package', () => {
    const dir = scratch('ts-get-samples');
    mkdirSync(join(dir, 'node_modules/@noderpc'), { recursive: true });
    symlinkSync(join(ROOT, 'generated/client'), join(dir, 'node_modules/@noderpc/client'), 'dir');
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    const files = all.map((s, i) => {
      const file = join(dir, `get-${i}.ts`);
      writeFileSync(file, `// ${s.where}\n${s.tabs['TypeScript client']}\nexport {};\n`);
      return file;
    });
    expect(typecheck(files, `${dir}/`)).toEqual([]);
  }, 180_000);

  it('Python: each prints the status and the body of the first example', async () => {
    const problems: string[] = [];
    for (const s of all) {
      const code = s.tabs['Python client']!;
      expect(code).toContain(BASE);
      const script = `import json\n${code.replace(JSON.stringify(BASE), JSON.stringify(mock.url)).replace('print(result.status, result.ok, result.body)', 'print(json.dumps([result.status, result.ok, result.body]))')}\n`;
      const ran = await run('/usr/bin/python3', ['-c', script], { env: { ...process.env, PYTHONPATH: join(ROOT, 'generated/python') }, timeoutMs: 60_000 });
      if (ran.status !== 0) {
        problems.push(`${s.where}: ${ran.stderr}`);
        continue;
      }
      const [status, ok, body] = JSON.parse(ran.stdout) as [number, boolean, unknown];
      expect({ status, ok, body: canonical(body) }, s.where).toEqual({ status: 200, ok: true, body: expected(s.where) });
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('Python: as the pages show them, pass mypy --strict', async () => {
    const dir = scratch('py-get-samples');
    const bodies = all.map((s, i) => {
      const [imports, body] = s.tabs['Python client']!.split('\n\n');
      return { imports: imports!, fn: `# ${s.where}\ndef sample${i}() -> None:\n${body!.replace(/^(?=.)/gm, '    ')}\n` };
    });
    writeFileSync(join(dir, 'samples.py'), `${[...new Set(bodies.map((b) => b.imports))].join('\n')}\n\n\n${bodies.map((b) => b.fn).join('\n\n')}`);
    const mypy = await run('/usr/bin/python3', ['-m', 'mypy', '--strict', '--no-error-summary', '--cache-dir', '/dev/null', 'samples.py'], { cwd: dir, env: { ...process.env, MYPYPATH: join(ROOT, 'generated/python') }, timeoutMs: 170_000 });
    expect(mypy.stdout.split('\n').filter((l) => l.trim() !== '')).toEqual([]);
    expect(mypy.status).toBe(0);
  }, 180_000);

  it('Go: each prints the status and the body of the first example', async () => {
    const dir = scratch('go-get-samples');
    const module = goLayout(projectModel(), '@noderpc/client').module;
    writeFileSync(join(dir, 'go.mod'), `module samples\n\ngo 1.19\n\nrequire ${module} v0.0.0\n\nreplace ${module} => ${join(ROOT, 'generated/go')}\n`);
    all.forEach((s, i) => {
      const code = s.tabs['Go client']!;
      expect(code).toContain(JSON.stringify(BASE));
      mkdirSync(join(dir, `get${i}`), { recursive: true });
      writeFileSync(join(dir, `get${i}`, 'main.go'), code.replace(JSON.stringify(BASE), JSON.stringify(mock.url)));
    });
    const env = { ...process.env, GOFLAGS: '-mod=mod', GOPROXY: 'off', GOTOOLCHAIN: 'local' };
    mkdirSync(join(dir, 'bin'), { recursive: true });
    const built = await run('go', ['build', '-o', join(dir, 'bin') + '/', './...'], { cwd: dir, env, timeoutMs: 240_000 });
    expect(built.stderr).toBe('');
    for (const [i, s] of all.entries()) {
      const ran = await run(join(dir, 'bin', `get${i}`), [], { timeoutMs: 60_000 });
      expect(ran.stderr, s.where).toBe('');
      const m = /^(\d+) (true|false) ([\s\S]*)$/.exec(ran.stdout.trim());
      expect(m, `${s.where}: ${ran.stdout}`).not.toBeNull();
      const body = JSON.parse(m![3]!) as unknown;
      expect({ status: Number(m![1]), ok: m![2] === 'true', body: canonical(body) }, s.where).toEqual({ status: 200, ok: true, body: expected(s.where) });
    }
  }, 300_000);
});
