/**
 * The generated Go module against the generated mock on 127.0.0.1: every method of the spec that answers
 * over HTTP, once per example. A program made here calls each method with the example's params (read from
 * their wire JSON into the method's Params struct) and prints each result marshalled back to JSON; decoded
 * with the spec's codec plans, it must equal the example's result decoded the same way: absent fields,
 * `null` and empty lists included.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goLayout } from '../../../../generator/emit/shared/go-layout.js';
import { decode } from '../../../../runtime/client/codec.js';
import { plansOf, projectModel } from '../../../helpers/model.js';
import { ROOT } from '../../../helpers/paths.js';
import { canonical, clientCases, type Case } from '../clients/cases.js';
import { run } from '../clients/run.js';

const MODULE = resolve(ROOT, 'generated/go');

let mock: { url: string; close(): Promise<void> };
let dir: string;

beforeAll(async () => {
  const { startNodeMock } = await import('../../../../generated/client/mock/index.js');
  mock = await startNodeMock();
  dir = mkdtempSync(join(tmpdir(), 'noderpc-go-e2e-'));
});
afterAll(async () => {
  await mock?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A Go program calling every case; prints {id: {"value": json} | {"error": "..."}}. */
export function driverSource(cases: readonly Case[], pkgPath: string): string {
  const layout = goLayout(projectModel(), 'x');
  const byKey = new Map(layout.methods.map((m) => [m.key, m]));
  const blocks = cases.map((c) => {
    const m = byKey.get(`${c.service.name}:${c.method.name}`)!;
    const target = `c.${m.path.join('.')}.${m.name}`;
    const ctx = `pkg.WithHeaders(ctx, http.Header{"X-Mock-Example": {${JSON.stringify(c.example)}}})`;
    if (!m.paramsType) return `\tout[${JSON.stringify(c.id)}] = result(${target}(${ctx}))`;
    return [
      '\t{',
      `\t\tvar p pkg.${m.paramsType}`,
      `\t\tif err := json.Unmarshal([]byte(${JSON.stringify(JSON.stringify(c.wireParams))}), &p); err != nil {`,
      `\t\t\tout[${JSON.stringify(c.id)}] = map[string]any{"error": "params: " + err.Error()}`,
      '\t\t} else {',
      `\t\t\tout[${JSON.stringify(c.id)}] = result(${target}(${ctx}, p))`,
      '\t\t}',
      '\t}',
    ].join('\n');
  });
  return `package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"

	pkg ${JSON.stringify(pkgPath)}
)

func result(v any, err error) any {
	if err != nil {
		return map[string]any{"error": fmt.Sprintf("%T: %v", err, err)}
	}
	b, err := json.Marshal(v)
	if err != nil {
		return map[string]any{"error": "marshal: " + err.Error()}
	}
	return map[string]json.RawMessage{"value": b}
}

func main() {
	c := pkg.New(os.Args[1])
	ctx := context.Background()
	out := map[string]any{}
${blocks.join('\n')}
	if err := json.NewEncoder(os.Stdout).Encode(out); err != nil {
		panic(err)
	}
}
`;
}

describe('Go client end to end against the mock', () => {
  const { cases } = clientCases();

  it("decodes every example's result", async () => {
    const module = goLayout(projectModel(), '@noderpc/client').module;
    writeFileSync(join(dir, 'go.mod'), `module driver\n\ngo 1.19\n\nrequire ${module} v0.0.0\n\nreplace ${module} => ${MODULE}\n`);
    writeFileSync(join(dir, 'main.go'), driverSource(cases, module));
    const env = { ...process.env, GOFLAGS: '-mod=mod', GOPROXY: 'off', GOTOOLCHAIN: 'local' };
    const built = await run('go', ['build', '-o', 'driver', '.'], { cwd: dir, env, timeoutMs: 240_000 });
    expect(built.stderr).toBe('');
    const ran = await run(join(dir, 'driver'), [mock.url], { cwd: dir, timeoutMs: 100_000 });
    expect(ran.stderr).toBe('');
    const got = JSON.parse(ran.stdout) as Record<string, { value?: unknown; error?: string }>;
    const wrong = cases.flatMap((c) => {
      const g = got[c.id];
      if (!g || g.error !== undefined) return [`${c.id}: ${g?.error ?? 'missing'}`];
      const value = canonical(decode(plansOf(c.service, c.method).result, g.value));
      return JSON.stringify(value) === JSON.stringify(c.expected) ? [] : [`${c.id}: got ${JSON.stringify(value).slice(0, 400)}, want ${JSON.stringify(c.expected).slice(0, 400)}`];
    });
    expect(wrong).toEqual([]);
    expect(Object.keys(got).length).toBe(cases.length);
  }, 300_000);
});
