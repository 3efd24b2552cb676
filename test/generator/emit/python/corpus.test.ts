/**
 * The Python package of every document of the real-document corpus (test/corpus/<name>/ and the documents kept
 * in ../shared/conformance) is clean under pyright in strict mode and under Debian's mypy with --strict. Each
 * document's package has its own module name, so one pyright run and one mypy run cover them all.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../../../generator/config/index.js';
import { generate } from '../../../../generator/generate.js';
import { CORPUS } from '../../../helpers/corpus.js';
import { ROOT, scratch } from '../../../helpers/paths.js';
import { run } from '../clients/run.js';

const out = scratch('py-corpus');
const refused = new Map<string, string>();
/** Package folders relative to `out`, one per document: `<name>/python/corpus_<name>`. */
const packages: string[] = [];

beforeAll(async () => {
  for (const c of CORPUS) {
    const config = resolveConfig(c.root, { documents: [...c.documents], out: join(out, c.name), strict: false, emit: ['python'], package: { name: `corpus-${c.name}` } });
    try {
      const r = await generate(config, { cacheDir: false });
      if (r.ok) packages.push(`${c.name}/python/${readdirSync(join(out, c.name, 'python'), { withFileTypes: true }).find((d) => d.isDirectory())!.name}`);
      else refused.set(c.name, r.report);
    } catch (e) {
      refused.set(c.name, String(e));
    }
  }
  writeFileSync(join(out, 'pyrightconfig.json'), JSON.stringify({ typeCheckingMode: 'strict', pythonVersion: '3.10', include: packages }));
}, 300_000);

describe('the corpus as Python packages', () => {
  it('generates a package for every document, each under its own module name', () => {
    expect(Object.fromEntries(refused)).toEqual({});
    expect(packages.length).toBe(CORPUS.length);
    expect(new Set(packages.map((p) => p.split('/').pop())).size).toBe(packages.length);
  });

  it('passes pyright strict, every package', async () => {
    const ran = await run(resolve(ROOT, 'node_modules/.bin/pyright'), ['--pythonpath', '/usr/bin/python3', '--outputjson', '-p', join(out, 'pyrightconfig.json')], { cwd: out, timeoutMs: 580_000 });
    const report = JSON.parse(ran.stdout) as { generalDiagnostics: { file: string; severity: string; range: { start: { line: number } }; message: string }[]; summary: { filesAnalyzed: number } };
    expect(report.generalDiagnostics.map((d) => `${d.file.slice(out.length + 1)}:${d.range.start.line + 1}: ${d.severity}: ${d.message}`)).toEqual([]);
    expect(report.summary.filesAnalyzed).toBeGreaterThanOrEqual(packages.length * 10);
  }, 600_000);

  it('passes mypy --strict (Debian python3-mypy), every package', async () => {
    const ran = await run('/usr/bin/python3', ['-m', 'mypy', '--strict', '--no-error-summary', '--cache-dir', '/dev/null', ...packages], { cwd: out, timeoutMs: 580_000 });
    expect(ran.stderr).not.toMatch(/No module named mypy/);
    expect(ran.stdout.split('\n').filter((l) => l.trim() !== '')).toEqual([]);
    expect(ran.status).toBe(0);
  }, 600_000);
});
