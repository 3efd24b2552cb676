/**
 * Golden files of the Go emitter on the emitter fixtures (test/fixtures/emit/<case>, a by-name API with
 * every codec, pagination, secrets and a deprecated method; a positional one): every file of `go/` except
 * the runtime copied in must equal test/fixtures/go/<case>/, and each module builds and vets.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfigFile, resolveConfig } from '../../../../generator/config/index.js';
import { generate } from '../../../../generator/generate.js';
import { listFiles } from '../../../../generator/write/index.js';
import { expectGolden, updating } from '../../../helpers/golden.js';
import { ROOT, scratch } from '../../../helpers/paths.js';
import { run } from '../clients/run.js';

const CASES = ['by-name', 'by-position'];
const RUNTIME = new Set(['codec.go', 'client.go']);

describe('Go emitter golden files', () => {
  const out = scratch('go-golden');
  for (const name of CASES) {
    it(name, async () => {
      const dir = join(ROOT, 'test/fixtures/emit', name);
      const result = await generate(resolveConfig(dir, { ...readConfigFile(dir)!, out: join(out, name), emit: ['go'] }), { cacheDir: false });
      expect(result.ok, result.report).toBe(true);
      const produced = listFiles(join(out, name, 'go')).filter((f) => !RUNTIME.has(f));
      for (const f of produced) expectGolden(join(ROOT, 'test/fixtures/go', name, f), readFileSync(join(out, name, 'go', f), 'utf8'));
      if (!updating) expect(produced).toEqual(listFiles(join(ROOT, 'test/fixtures/go', name)));
    });
  }

  it('builds and vets', async () => {
    writeFileSync(join(out, 'go.work'), `go 1.19\n\nuse (\n${CASES.map((c) => `\t./${c}/go\n`).join('')})\n`);
    const env = { ...process.env, GOFLAGS: '', GOPROXY: 'off', GOTOOLCHAIN: 'local', GOWORK: join(out, 'go.work') };
    const vet = await run('go', ['vet', ...CASES.map((c) => `./${c}/go/...`)], { cwd: out, env, timeoutMs: 240_000 });
    expect(vet.stderr).toBe('');
    expect(vet.status).toBe(0);
  }, 300_000);
});
