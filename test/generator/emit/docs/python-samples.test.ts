/**
 * The Python client samples on the method pages, run as a reader would run them, against the generated mock
 * on 127.0.0.1: every `python [Python client]` block of generated/docs becomes one function of a single
 * script (its `with` block, with the mock's URL for the page's and the header telling the mock which example
 * it is, the result returned rather than printed), run by Debian's python3 against generated/python. Each
 * must decode the result its page shows (both compared in value form: the page's response decoded with the
 * method's codec plans, the Python value with its integers tagged). Secret placeholders are filled in from
 * the spec's example, as in test/generator/emit/docs/samples.test.ts. As the pages show them, the samples
 * (each the body of a function of one module) are clean under mypy --strict and pyright strict.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pythonNames, type PyMethodName } from '../../../../generator/emit/shared/py-layout.js';
import { decode } from '../../../../runtime/client/codec.js';
import { plansOf, projectModel } from '../../../helpers/model.js';
import { ROOT, scratch } from '../../../helpers/paths.js';
import { canonical } from '../clients/cases.js';
import { run } from '../clients/run.js';
import { type PageSample, pageSamples, same } from './page-samples.js';

const BASE = 'http://127.0.0.1:9650';

type PySample = PageSample;

function pySamples(): { samples: PySample[]; curls: number } {
  return pageSamples('python [Python client]');
}

const names = pythonNames(projectModel(), '@noderpc/client');
const methods = new Map(names.methods.map((m) => [`client.${[...m.path, m.attr].join('.')}`, m]));

/** The method a sample calls. */
function methodOf(s: PySample): PyMethodName {
  const target = /^ {4}(?:result = )?(client\.[\w.]+)\(/m.exec(s.code)?.[1];
  const m = target && methods.get(target);
  if (!m) throw new Error(`${s.where}: calls no method of the client`);
  return m;
}

/** The sample's `with` block as function `name`: the page's call made against `base` with the example header, its result returned. */
function asFunction(s: PySample, name: string): string {
  const opening = `with NodeClient(${JSON.stringify(BASE)}) as client:\n`;
  const at = s.code.indexOf(opening);
  if (!s.code.startsWith(`from ${names.module} import NodeClient\n\n`) || at < 0) throw new Error(`${s.where}: not a NodeClient script`);
  let body = s.code.slice(at + opening.length).replace(/^ {4}print\(result\)$/m, '    return result');
  if (!body.includes('return result')) body += '\n    return None';
  for (const p of methodOf(s).method.examples.find((e) => e.name === s.example)?.params ?? []) body = body.replaceAll(`"<${p.name}>"`, JSON.stringify(p.value));
  return [
    `# ${s.where}`,
    `def ${name}(base: str) -> Any:`,
    `    with NodeClient(base, headers={"x-mock-example": ${JSON.stringify(s.example)}}) as client:`,
    ...body.split('\n').map((l) => (l === '' ? l : `    ${l}`)),
    '',
  ].join('\n');
}

describe('the Python client samples on the method pages', () => {
  const { samples, curls } = pySamples();
  let mock: { url: string; close(): Promise<void> };

  beforeAll(async () => {
    const { startNodeMock } = await import('../../../../generated/client/mock/index.js');
    mock = await startNodeMock();
  });
  afterAll(async () => {
    await mock?.close();
  });

  it('are one per HTTP example', () => {
    expect(curls).toBeGreaterThan(200);
    expect(samples.length).toBe(curls);
  });

  it('as the pages show them, pass mypy --strict and pyright strict', async () => {
    const dir = scratch('py-samples-typed');
    const header = `from ${names.module} import NodeClient\n\n`;
    const bodies = samples.map((s, i) => {
      if (!s.code.startsWith(header)) throw new Error(`${s.where}: not a NodeClient script`);
      return `# ${s.where}\ndef sample${i}() -> None:\n${s.code.slice(header.length).split('\n').map((l) => (l === '' ? l : `    ${l}`)).join('\n')}\n`;
    });
    writeFileSync(join(dir, 'samples.py'), `${header}\n${bodies.join('\n\n')}`);
    const pkg = join(ROOT, 'generated/python');
    writeFileSync(join(dir, 'pyrightconfig.json'), JSON.stringify({ typeCheckingMode: 'strict', pythonVersion: '3.10', extraPaths: [pkg], include: ['samples.py'] }));
    const mypy = await run('/usr/bin/python3', ['-m', 'mypy', '--strict', '--no-error-summary', '--cache-dir', '/dev/null', 'samples.py'], { cwd: dir, env: { ...process.env, MYPYPATH: pkg }, timeoutMs: 170_000 });
    expect(mypy.stdout.split('\n').filter((l) => l.trim() !== '')).toEqual([]);
    expect(mypy.status).toBe(0);
    const pyright = await run(join(ROOT, 'node_modules/.bin/pyright'), ['--pythonpath', '/usr/bin/python3', '--outputjson', '-p', join(dir, 'pyrightconfig.json')], { cwd: dir, timeoutMs: 170_000 });
    const report = JSON.parse(pyright.stdout) as { generalDiagnostics: { range: { start: { line: number } }; message: string }[]; summary: { filesAnalyzed: number } };
    expect(report.generalDiagnostics.map((d) => `samples.py:${d.range.start.line + 1}: ${d.message}`)).toEqual([]);
    expect(report.summary.filesAnalyzed).toBeGreaterThanOrEqual(1);
  }, 360_000);

  it('each, run in one script by python3, decodes the result its page shows from the mock', async () => {
    const dir = scratch('py-samples');
    const script = [
      'import json',
      'import sys',
      'from typing import Any, Callable',
      '',
      `from ${names.module} import NodeClient`,
      '',
      '',
      'def tag(v: Any) -> Any:',
      '    if isinstance(v, bool) or v is None or isinstance(v, str):',
      '        return v',
      '    if isinstance(v, int):',
      '        return {"$int": str(v)}',
      '    if isinstance(v, float):',
      '        return {"$int": str(int(v))} if v.is_integer() else v',
      '    if isinstance(v, dict):',
      '        return {k: tag(v[k]) for k in sorted(v)}',
      '    if isinstance(v, list):',
      '        return [tag(x) for x in v]',
      '    raise TypeError(f"not a JSON value: {type(v).__name__}")',
      '',
      '',
      ...samples.map((s, i) => asFunction(s, `sample${i}`)),
      '',
      `SAMPLES: list[Callable[[str], Any]] = [${samples.map((_, i) => `sample${i}`).join(', ')}]`,
      'out: list[Any] = []',
      'for sample in SAMPLES:',
      '    try:',
      '        out.append({"value": tag(sample(sys.argv[1]))})',
      '    except Exception as e:',
      '        out.append({"error": f"{type(e).__name__}: {e}"})',
      'json.dump(out, sys.stdout)',
      '',
    ].join('\n');
    writeFileSync(join(dir, 'samples.py'), script);
    const ran = await run('/usr/bin/python3', [join(dir, 'samples.py'), mock.url], { env: { ...process.env, PYTHONPATH: join(ROOT, 'generated/python') }, timeoutMs: 240_000 });
    expect(ran.stderr).toBe('');
    const outputs = JSON.parse(ran.stdout) as ({ value: unknown } | { error: string })[];
    expect(outputs.length).toBe(samples.length);
    const problems = samples.flatMap((s, i) => {
      const out = outputs[i]!;
      if ('error' in out) return [`${s.where}: ${out.error}`];
      if (!s.response) return [];
      const m = methodOf(s);
      const want = canonical(decode(plansOf(m.service, m.method).result, s.response.result));
      return same(canonical(out.value), want) ? [] : [`${s.where}: got ${JSON.stringify(out.value).slice(0, 300)}, the page shows ${JSON.stringify(want).slice(0, 300)}`];
    });
    expect(problems).toEqual([]);
  }, 300_000);
});
