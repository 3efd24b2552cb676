/**
 * The Go module of every document of the real-document corpus (test/corpus/<name>/ and the documents kept in
 * ../shared/conformance) builds with Debian's Go and is `go vet` and `gofmt -l` clean. All modules sit in
 * one go.work workspace, so one `go build` and one `go vet` cover them (standard library only, offline).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../../../generator/config/index.js';
import { generate } from '../../../../generator/generate.js';
import { CORPUS } from '../../../helpers/corpus.js';
import { scratch } from '../../../helpers/paths.js';
import { run } from '../clients/run.js';

/** Documents the loader refuses whatever the output (see test/e2e/corpus.test.ts): they must stay refused with this cause. None today. */
const REFUSED: Readonly<Record<string, RegExp>> = {};

const out = scratch('go-corpus');
const env = { ...process.env, GOFLAGS: '', GOPROXY: 'off', GOTOOLCHAIN: 'local', GOWORK: join(out, 'go.work') };
const refused = new Map<string, string>();
const modules: string[] = [];

beforeAll(async () => {
  for (const c of CORPUS) {
    const config = resolveConfig(c.root, { documents: [...c.documents], out: join(out, c.name), strict: false, emit: ['go'], package: { name: `corpus-${c.name}` } });
    try {
      const r = await generate(config, { cacheDir: false });
      if (r.ok) modules.push(c.name);
      else refused.set(c.name, r.report);
    } catch (e) {
      refused.set(c.name, String(e));
    }
  }
  writeFileSync(join(out, 'go.work'), `go 1.19\n\nuse (\n${modules.map((m) => `\t./${m}/go\n`).join('')})\n`);
}, 300_000);

describe('the corpus as Go modules', () => {
  it('generates a module for every document the loader accepts', () => {
    expect(Object.fromEntries([...refused].map(([name, report]) => [name, REFUSED[name]?.test(report) ? 'refused as expected' : report]))).toEqual(
      Object.fromEntries(Object.keys(REFUSED).map((name) => [name, 'refused as expected'])),
    );
    expect(modules.length).toBe(CORPUS.length - Object.keys(REFUSED).length);
  });

  it('builds, vets and is gofmt clean, every module', async () => {
    const patterns = modules.map((m) => `./${m}/go/...`);
    const built = await run('go', ['build', ...patterns], { cwd: out, env, timeoutMs: 280_000 });
    expect(built.stderr).toBe('');
    const vet = await run('go', ['vet', ...patterns], { cwd: out, env, timeoutMs: 280_000 });
    expect(vet.stderr).toBe('');
    expect(vet.status).toBe(0);
    const fmt = await run('gofmt', ['-l', ...modules.map((m) => `${m}/go`)], { cwd: out, timeoutMs: 60_000 });
    expect(fmt.stdout).toBe('');
  }, 600_000);
});
