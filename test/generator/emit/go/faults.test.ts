/**
 * The Go client's fault suite (and its pagination): test/generator/emit/go/faults/*_test.go run with `go test` in a temporary module
 * that uses generated/go (standard library only, offline). Its servers are httptest servers on 127.0.0.1,
 * started and closed by each Go test; each Go test must pass by name, so a test that vanishes fails here.
 */
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { goLayout } from '../../../../generator/emit/shared/go-layout.js';
import { projectModel } from '../../../helpers/model.js';
import { ROOT } from '../../../helpers/paths.js';
import { run } from '../clients/run.js';

const SOURCES = resolve(ROOT, 'test/generator/emit/go/faults');
const files = readdirSync(SOURCES).filter((f) => f.endsWith('_test.go'));
const dir = mkdtempSync(join(tmpdir(), 'noderpc-go-faults-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('Go client faults', () => {
  it('ends every fault in its typed error and never re-sends a write', async () => {
    const module = goLayout(projectModel(), '@noderpc/client').module;
    writeFileSync(join(dir, 'go.mod'), `module faults\n\ngo 1.19\n\nrequire ${module} v0.0.0\n\nreplace ${module} => ${resolve(ROOT, 'generated/go')}\n`);
    for (const f of files) copyFileSync(join(SOURCES, f), join(dir, f));
    const env = { ...process.env, GOFLAGS: '-mod=mod', GOPROXY: 'off', GOTOOLCHAIN: 'local' };
    const ran = await run('go', ['test', '-json', '-count=1', '-timeout=60s', '.'], { cwd: dir, env, timeoutMs: 240_000 });
    const events = ran.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { Action: string; Test?: string; Output?: string });
    const failed = events.filter((e) => e.Test && e.Action === 'fail').map((e) => e.Test);
    const output = events.filter((e) => e.Test && failed.includes(e.Test) && e.Output).map((e) => e.Output).join('');
    expect(failed, output || ran.stderr).toEqual([]);
    const passed = events.filter((e) => e.Test && e.Action === 'pass').map((e) => e.Test).sort();
    const declared = files.flatMap((f) => [...readFileSync(join(SOURCES, f), 'utf8').matchAll(/^func (Test\w+)\(/gm)].map((m) => m[1])).sort();
    expect(declared.length).toBeGreaterThan(10);
    expect(passed).toEqual(declared);
    expect(ran.status).toBe(0);
  }, 300_000);
});
