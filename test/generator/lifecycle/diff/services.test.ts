/**
 * The node's services added to the spec most recently (X-Chain and its wallet, Health, Index, node Admin,
 * ProposerVM) are, by themselves, additions: the spec's bundled documents (generated/openrpc/, one service
 * per file) without those services, diffed with all of them, give a minor bump, nothing breaking, and one
 * `method-added` for every method of the services left out (read from their documents) and nothing else.
 * The release's changelog lists every one of those methods as added.
 */
import { copyFileSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffModels, readPath } from '../../../../generator/lifecycle/diff/index.js';
import { changelog, nextRelease } from '../../../../generator/lifecycle/release/history.js';
import { ROOT, scratch } from '../../../helpers/paths.js';

const BUNDLED = join(ROOT, 'generated/openrpc');
/** The spec files of the services added last (noderpc.config.json names them; each bundles to `<name>.json`). */
const ADDED = ['x', 'xwallet', 'health', 'indexer', 'nodeadmin', 'proposervm'];

type Json = Record<string, unknown>;

/** Every method name of a bundled document, by service (the file's name), each method as the diff names it. */
function methodsOf(file: string): string[] {
  const doc = JSON.parse(readFileSync(file, 'utf8')) as Json;
  return (doc.methods as Json[]).map((m) => String(m.name));
}

describe('the services added last are, by themselves, additions', () => {
  const config = JSON.parse(readFileSync(join(ROOT, 'noderpc.config.json'), 'utf8')) as { documents: (string | { path: string })[] };
  const specFiles = config.documents.map((d) => basename(typeof d === 'string' ? d : d.path).replace(/\.ya?ml$/, ''));
  const files = readdirSync(BUNDLED).filter((f) => f.endsWith('.json'));

  it('names services the spec has, and leaves some out and some in', () => {
    for (const name of ADDED) {
      expect(specFiles, `noderpc.config.json names spec/${name}.yaml`).toContain(name);
      expect(files, `generated/openrpc/${name}.json`).toContain(`${name}.json`);
    }
    expect(files.length).toBeGreaterThan(ADDED.length);
  });

  it('gives a minor bump, nothing breaking, and one method-added per method of those services', () => {
    const before = scratch('before-services');
    for (const f of files) if (!ADDED.includes(f.replace(/\.json$/, ''))) copyFileSync(join(BUNDLED, f), join(before, f));
    const result = diffModels(readPath(before, ROOT).model, readPath(BUNDLED, ROOT).model);

    const expected = ADDED.flatMap((service) => methodsOf(join(BUNDLED, `${service}.json`)).map((method) => `method-added ${service} ${method}`)).sort();
    expect(expected.length).toBeGreaterThanOrEqual(ADDED.length);
    expect(result.changes.map((c) => `${c.rule} ${c.service} ${c.method}`).sort()).toEqual(expected);
    expect(result.changes.filter((c) => c.severity === 'breaking')).toEqual([]);
    expect(result.counts.breaking).toBe(0);
    expect(result.bump).toBe('minor');

    const next = nextRelease('0.1.0', result);
    expect(next.version).toBe('0.1.1');
    const text = changelog({ releases: [{ version: '0.1.0', first: true, changes: [] }, next] }, '@noderpc/client');
    const release = text.slice(text.indexOf('## 0.1.1'), text.indexOf('## 0.1.0'));
    expect(release.match(/^### .*/gm)).toEqual(['### Added']);
    for (const line of expected) expect(release, line).toContain(`\`${line.split(' ')[2]}\``);
  });
});
