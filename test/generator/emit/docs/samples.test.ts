/**
 * The samples on the method pages, run as a reader would run them: every curl command and every Python
 * (requests) program of generated/docs is run against the generated mock on 127.0.0.1 (the pages' base URL
 * swapped for the mock's), and its reply compared with the response the page shows next to it; every
 * TypeScript sample (the generated client, and plain fetch) is type-checked against the generated package.
 * curl and python3 with requests must be installed (.ci/run installs them); nothing is skipped.
 *
 * Two things the test does that a reader would do too: it fills in the `<name>` placeholders of secret
 * params (keystore passwords, keys) with the spec example's values, and it tells the mock which example
 * the sample is (the `x-mock-example` header), since two examples of a method may send the same params.
 * A secret result the page shows as `<name>` matches any string.
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFiles } from '../../../../generator/write/index.js';
import { ROOT, scratch } from '../../../helpers/paths.js';
import { typecheck } from '../../../helpers/typecheck.js';
import { type CodeGroup, codeGroups, same } from './page-samples.js';

const BASE = 'http://127.0.0.1:9650';
const run = promisify(execFile);

interface Sample extends Omit<CodeGroup, 'tabs'> {
  readonly lang: 'curl' | 'ts' | 'fetch' | 'python' | 'pyclient' | 'go';
  readonly code: string;
}

const LANGS = { 'sh [curl]': 'curl', 'ts [TypeScript client]': 'ts', 'ts [fetch]': 'fetch', 'python [Python (requests)]': 'python', 'python [Python client]': 'pyclient', 'go [Go client]': 'go' } as const;

/** Every sample of every code group on the pages, with the response that follows its group. */
function samples(): Sample[] {
  return codeGroups().flatMap(({ tabs, ...group }) =>
    tabs.map(({ fence, code }) => {
      const lang = LANGS[fence as keyof typeof LANGS];
      if (!lang) throw new Error(`${group.where}: unknown sample \`\`\`${fence}`);
      return { ...group, lang, code };
    }),
  );
}

type Doc = { methods: { name: string; examples?: { name: string; params: { name: string; value: unknown }[] }[] }[] };
const documents = listFiles(join(ROOT, 'generated/openrpc')).map((f) => JSON.parse(readFileSync(join(ROOT, 'generated/openrpc', f), 'utf8')) as Doc);

/** The sample as run: placeholders filled in from the spec's example, the mock told which example it is. */
function runnable(s: Sample, mockUrl: string): string {
  const method = /"method":\s*"([^"]+)"/.exec(s.code)?.[1];
  const ex = documents.flatMap((d) => d.methods).find((m) => m.name === method)?.examples?.find((e) => e.name === s.example);
  let code = s.code.replaceAll(BASE, mockUrl);
  for (const p of ex?.params ?? []) code = code.replaceAll(`"<${p.name}>"`, JSON.stringify(p.value));
  const header = JSON.stringify(s.example);
  if (s.lang === 'curl') return code.replace('curl -s -X POST', `curl -s -X POST -H ${`'x-mock-example: ${s.example.replace(/'/g, `'\\''`)}'`}`);
  return code.replace('    timeout=30,', `    headers={"x-mock-example": ${header}},\n    timeout=30,`);
}

function need(command: string, args: string[], install: string): void {
  const r = spawnSync(command, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${r.error?.message ?? r.stderr.trim()}): install ${install} (.ci/run does)`);
}

describe('the samples on the method pages', () => {
  const all = samples();
  let mock: { url: string; close(): Promise<void> };

  beforeAll(async () => {
    need('curl', ['--version'], 'curl');
    need('python3', ['-c', 'import requests'], 'python3-requests');
    const { startNodeMock } = await import('../../../../generated/client/mock/index.js');
    mock = await startNodeMock();
  });
  afterAll(async () => {
    await mock?.close();
  });

  it('are five per HTTP example, on every page with methods', () => {
    const by = (lang: Sample['lang']) => all.filter((s) => s.lang === lang);
    expect(by('curl').length).toBeGreaterThan(200);
    for (const lang of ['ts', 'fetch', 'python', 'pyclient'] as const) expect(by(lang).length).toBe(by('curl').length);
    expect(new Set(all.map((s) => s.where.split('#')[0])).size).toBeGreaterThan(8);
  });

  /** The reply compared with the page: the same result, or (no response shown) a JSON-RPC reply at all. */
  function compare(s: Sample, stdout: string): string | undefined {
    let reply: { jsonrpc?: string; result?: unknown; error?: unknown };
    try {
      reply = JSON.parse(stdout) as typeof reply;
    } catch {
      return `${s.where} (${s.lang}): not JSON: ${stdout.slice(0, 200)}`;
    }
    if (s.response === undefined) return reply.jsonrpc === '2.0' ? undefined : `${s.where} (${s.lang}): not a JSON-RPC reply: ${stdout.slice(0, 200)}`;
    const want = s.response.result;
    return same(reply.result, want) ? undefined : `${s.where} (${s.lang}): got ${JSON.stringify(reply).slice(0, 300)}, the page shows ${JSON.stringify(want).slice(0, 300)}`;
  }

  it('curl: each command gets the response its page shows from the mock', async () => {
    const curls = all.filter((s) => s.lang === 'curl');
    const problems: string[] = [];
    // A few at a time: the machine is shared.
    for (let i = 0; i < curls.length; i += 8) {
      await Promise.all(
        curls.slice(i, i + 8).map(async (s) => {
          expect(s.code).toContain(BASE);
          const { stdout } = await run('sh', ['-c', runnable(s, mock.url)], { timeout: 30_000 });
          const p = compare(s, stdout);
          if (p) problems.push(p);
        }),
      );
    }
    expect(problems).toEqual([]);
  }, 180_000);

  it('Python: each program gets the response its page shows from the mock', async () => {
    const programs = all.filter((s) => s.lang === 'python');
    // One interpreter runs them all, each on its own globals, printing one JSON line per program.
    const dir = scratch('py-samples');
    writeFileSync(join(dir, 'samples.json'), JSON.stringify(programs.map((s) => runnable(s, mock.url))));
    writeFileSync(
      join(dir, 'run.py'),
      [
        'import contextlib, io, json, sys',
        'out = []',
        'for code in json.load(open(sys.argv[1])):',
        '    buf = io.StringIO()',
        '    try:',
        '        with contextlib.redirect_stdout(buf):',
        '            exec(compile(code, "<sample>", "exec"), {"__name__": "__sample__"})',
        '        out.append(buf.getvalue())',
        '    except Exception as e:',
        '        out.append("error: %r" % (e,))',
        'print(json.dumps(out))',
      ].join('\n'),
    );
    const { stdout } = await run('python3', [join(dir, 'run.py'), join(dir, 'samples.json')], { timeout: 170_000, maxBuffer: 64 * 1024 * 1024 });
    const outputs = JSON.parse(stdout) as string[];
    expect(outputs.length).toBe(programs.length);
    const problems = programs.flatMap((s, i) => compare(s, outputs[i]!) ?? []);
    expect(problems).toEqual([]);
  }, 180_000);

  it('TypeScript: the client and fetch samples type-check against the generated package', () => {
    const dir = scratch('ts-samples');
    mkdirSync(join(dir, 'node_modules/@noderpc'), { recursive: true });
    symlinkSync(join(ROOT, 'generated/client'), join(dir, 'node_modules/@noderpc/client'), 'dir');
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    const files = all
      .filter((s) => s.lang === 'ts' || s.lang === 'fetch')
      .map((s, i) => {
        const file = join(dir, `sample-${i}.ts`);
        // A module of its own (top-level await); where it came from, for the report.
        writeFileSync(file, `// ${s.where} (${s.lang})\n${s.code}\nexport {};\n`);
        return file;
      });
    expect(files.length).toBeGreaterThan(400);
    expect(typecheck(files, `${dir}/`)).toEqual([]);
  }, 180_000);
});
