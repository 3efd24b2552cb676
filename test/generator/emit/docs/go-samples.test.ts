/**
 * The Go samples on the method pages, run as a reader would run them, against the generated mock on
 * 127.0.0.1: every `go [Go client]` block of generated/docs becomes one function of a single program (its
 * `main` body, with the mock's URL for the page's, `ctx` telling the mock which example it is, errors and
 * output returned rather than printed), built against generated/go with Go's standard library only. Each
 * must print the result its page shows (both decoded with the method's codec plans: the client writes a
 * 64-bit integer the node sent as a number in its decimal-string form). Secret placeholders are filled in
 * from the spec's example, as in test/generator/emit/docs/samples.test.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goLayout, type GoMethod } from '../../../../generator/emit/shared/go-layout.js';
import { decode } from '../../../../runtime/client/codec.js';
import { plansOf, projectModel } from '../../../helpers/model.js';
import { canonical } from '../clients/cases.js';
import { ROOT, scratch } from '../../../helpers/paths.js';
import { run } from '../clients/run.js';
import { type PageSample, pageSamples, same } from './page-samples.js';

const BASE = 'http://127.0.0.1:9650';

type GoSample = PageSample;

function goSamples(): { samples: GoSample[]; curls: number } {
  return pageSamples('go [Go client]');
}

const layout = goLayout(projectModel(), '@noderpc/client');
const methods = new Map(layout.methods.map((m) => [`c.${[...m.path, m.name].join('.')}`, m]));

/** The method a sample calls. */
function methodOf(s: GoSample): GoMethod {
  const target = /\b(c\.[\w.]+)\(context\.Background\(\)/.exec(s.code)?.[1];
  const m = target && methods.get(target);
  if (!m) throw new Error(`${s.where}: calls no method of the client`);
  return m;
}

/** The sample's main body as function `name`: the page's calls made against `base` with the example header. */
function asFunction(s: GoSample, name: string, pkg: string): string {
  const body = /\nfunc main\(\) \{\n([\s\S]*)\n\}\n?$/.exec(s.code)?.[1];
  if (!body) throw new Error(`${s.where}: no main function`);
  let code = body
    .replace(`${pkg}.New(${JSON.stringify(BASE)})`, `${pkg}.New(base)`)
    .replaceAll('context.Background()', 'ctx')
    .replaceAll('log.Fatal(err)', 'return "error: " + err.Error()')
    .replace('fmt.Println(string(out))', 'return string(out)');
  for (const p of methodOf(s).method.examples.find((e) => e.name === s.example)?.params ?? []) code = code.replaceAll(`"<${p.name}>"`, JSON.stringify(p.value));
  return `// ${s.where}\nfunc ${name}(base string) string {\n\tctx := ${pkg}.WithHeaders(context.Background(), http.Header{"X-Mock-Example": {${JSON.stringify(s.example)}}})\n${code}\n}\n`;
}

describe('the Go samples on the method pages', () => {
  const { samples, curls } = goSamples();
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

  it('are gofmt clean as the pages show them', async () => {
    const dir = join(scratch('go-samples-fmt'), 'samples');
    mkdirSync(dir);
    samples.forEach((s, i) => writeFileSync(join(dir, `sample${i}.go`), s.code));
    const fmt = await run('gofmt', ['-l', dir], { timeoutMs: 60_000 });
    expect(fmt.stderr).toBe('');
    expect(fmt.stdout).toBe('');
  });

  it('each, compiled into one program, gets the result its page shows from the mock', async () => {
    const { module, pkg } = layout;
    const dir = scratch('go-samples');
    writeFileSync(join(dir, 'go.mod'), `module samples\n\ngo 1.19\n\nrequire ${module} v0.0.0\n\nreplace ${module} => ${join(ROOT, 'generated/go')}\n`);
    const program = [
      'package main',
      '',
      'import (',
      '\t"context"',
      '\t"encoding/json"',
      '\t"fmt"',
      '\t"net/http"',
      '\t"os"',
      '',
      `\t${pkg} ${JSON.stringify(module)}`,
      ')',
      '',
      'var _ = fmt.Sprint',
      '',
      ...samples.map((s, i) => asFunction(s, `sample${i}`, pkg)),
      'func main() {',
      `\tout := []string{${samples.map((_, i) => `sample${i}(os.Args[1])`).join(', ')}}`,
      '\tif err := json.NewEncoder(os.Stdout).Encode(out); err != nil {',
      '\t\tpanic(err)',
      '\t}',
      '}',
      '',
    ].join('\n');
    writeFileSync(join(dir, 'main.go'), program);
    const env = { ...process.env, GOFLAGS: '-mod=mod', GOPROXY: 'off', GOTOOLCHAIN: 'local' };
    const built = await run('go', ['build', '-o', 'samples', '.'], { cwd: dir, env, timeoutMs: 240_000 });
    expect(built.stderr).toBe('');
    const ran = await run(join(dir, 'samples'), [mock.url], { cwd: dir, timeoutMs: 120_000 });
    expect(ran.stderr).toBe('');
    const outputs = JSON.parse(ran.stdout) as string[];
    expect(outputs.length).toBe(samples.length);
    const problems = samples.flatMap((s, i) => {
      const out = outputs[i]!;
      if (out.startsWith('error: ')) return s.response && 'error' in s.response ? [] : [`${s.where}: ${out}`];
      const want = s.response?.result;
      if (!s.response) return [];
      const m = methodOf(s);
      const plan = plansOf(m.service, m.method).result;
      return same(canonical(decode(plan, JSON.parse(out))), canonical(decode(plan, want))) ? [] : [`${s.where}: got ${out.replace(/\s+/g, '').slice(0, 300)}, the page shows ${JSON.stringify(want).slice(0, 300)}`];
    });
    expect(problems).toEqual([]);
  }, 300_000);
});
