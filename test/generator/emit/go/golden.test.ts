/**
 * Golden files of the Go emitter on the emitter fixtures (test/fixtures/emit/<case>, a by-name API with
 * every codec, pagination, secrets and a deprecated method; a positional one; one with `x-result-by-param`):
 * every file of `go/` except the runtime copied in must equal test/fixtures/go/<case>/, and each module builds
 * and vets. The `x-result-by-param` accessors decode a result again as each case's shape, or fail to.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfigFile, resolveConfig } from '../../../../generator/config/index.js';
import { generate } from '../../../../generator/generate.js';
import { listFiles } from '../../../../generator/write/index.js';
import { expectGolden, updating } from '../../../helpers/golden.js';
import { ROOT, scratch } from '../../../helpers/paths.js';
import { run } from '../clients/run.js';

const CASES = ['by-name', 'by-position', 'result-by-param'];
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

  // A book with chapters in full and a record as JSON: each decodes as its case's shape and not as the other's.
  const CASES_TEST = `package shelfclient

import (
	"encoding/json"
	"testing"
)

func TestCaseAccessors(t *testing.T) {
	var book *Book
	if err := json.Unmarshal([]byte(\`{"id":"b1","chapters":[{"title":"Opening","text":"It was"}]}\`), &book); err != nil {
		t.Fatal(err)
	}
	full, err := book.AsBookWithChapters()
	if err != nil || full.ID != "b1" || len(full.Chapters) != 1 || full.Chapters[0].Title != "Opening" || full.Chapters[0].Text != "It was" {
		t.Fatalf("AsBookWithChapters: %+v, %v", full, err)
	}
	if titles, err := book.AsBookWithTitles(); err == nil {
		t.Fatalf("AsBookWithTitles took chapters in full: %+v", titles)
	}
	var none *Book
	if b, err := none.AsBookWithChapters(); b != nil || err != nil {
		t.Fatalf("a nil result: %+v, %v", b, err)
	}
	var record RecordResult
	if err := json.Unmarshal([]byte(\`{"record":{"title":"T"},"format":"json"}\`), &record); err != nil {
		t.Fatal(err)
	}
	j, err := record.AsRecordJSON()
	if err != nil || j.Record.Title != "T" || j.Format != "json" {
		t.Fatalf("AsRecordJSON: %+v, %v", j, err)
	}
	if text, err := record.AsRecordText(); err == nil {
		t.Fatalf("AsRecordText took a JSON record: %+v", text)
	}
}
`;

  it('decodes a result again as the shape of each x-result-by-param case', async () => {
    const file = join(out, 'result-by-param', 'go', 'cases_test.go');
    writeFileSync(file, CASES_TEST);
    try {
      const env = { ...process.env, GOFLAGS: '', GOPROXY: 'off', GOTOOLCHAIN: 'local', GOWORK: 'off' };
      const ran = await run('go', ['test', '-count=1', '-run', 'TestCaseAccessors', '.'], { cwd: join(out, 'result-by-param', 'go'), env, timeoutMs: 240_000 });
      expect(ran.stdout + ran.stderr).toMatch(/^ok\s/m);
      expect(ran.status).toBe(0);
    } finally {
      rmSync(file);
    }
  }, 300_000);
});
