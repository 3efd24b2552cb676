/**
 * The size class of 500 methods and more, with real-world content: one OpenRPC document merged from every
 * document of the corpus (test/helpers/corpus-union.ts: each source loaded alone as `generate` loads it,
 * its methods and components prefixed with the source's namespace, `$ref`s and method names following),
 * taken end to end as test/e2e/corpus.test.ts takes each source (test/e2e/conformance/end-to-end.ts):
 * generated with every problem a warning, type-checked (`strict`, `skipLibCheck: false`), its mock started
 * on 127.0.0.1 and every method called through the client, typed and by `request()`.
 *
 * When written: 1,355 methods from 42 documents, none left out: metamask, starknet (its five documents,
 * each its own namespace), filecoin-lotus, execution-apis and every folder of test/corpus/. No published
 * document comes near (the largest, Forest's, has 276 methods). A source is left out only by the rules in
 * corpus-union.ts (an error loading it alone, a local `$ref` outside its components, a service-wide
 * extension); the test lists each one left out with its rule, and every other source's methods must all be
 * in the merged document under its namespace.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GenerateResult } from '../../generator/generate.js';
import { endToEnd, generateLoose, typecheckPackages } from './conformance/end-to-end.js';
import { CORPUS } from '../helpers/corpus.js';
import { corpusUnion } from '../helpers/corpus-union.js';
import { scratch } from '../helpers/paths.js';

const union = corpusUnion(CORPUS);
const out = scratch('e2e-corpus-scale');
const methods = union.document.methods as { name: string }[];
let result: GenerateResult | Error | undefined;
let diagnostics: string[] | undefined;

beforeAll(async () => {
  writeFileSync(join(out, 'openrpc.json'), JSON.stringify(union.document, null, 2));
  result = await generateLoose(out, ['openrpc.json'], join(out, 'union'), 'corpus-union');
  diagnostics = typecheckPackages(out, ['union']).get('union');
}, 600_000);

describe('merging documents', () => {
  const doc = (extra: Record<string, unknown>) => ({ openrpc: '1.2.6', info: { title: 't', version: '1' }, ...extra });
  const thing = { name: 'r', schema: { $ref: '#/components/schemas/Thing' } };
  const SOURCES: Record<string, Record<string, unknown>> = {
    'one-doc': doc({
      methods: [
        { name: 'get', params: [], result: thing, links: [{ name: 'again', method: 'get' }], examples: [{ $ref: '#/components/examplePairings/Got' }] },
        { name: 'old.get', params: [], result: thing, deprecated: true, 'x-replaced-by': 'get' },
      ],
      components: { schemas: { Thing: { type: 'string' } }, examplePairings: { Got: { name: 'got', params: [], result: { name: 'r', value: 'x' } } } },
    }),
    wide: doc({ 'x-jsonrpc': { batch: false }, methods: [{ name: 'a', params: [], result: { name: 'r', schema: {} } }] }),
    'moved-ref': doc({ methods: [{ name: 'a', params: [], result: { name: 'r', schema: { type: 'string' } } }, { name: 'b', params: [], result: { name: 'r', schema: { $ref: '#/methods/0/result/schema' } } }] }),
  };
  const root = scratch('corpus-union-rules');
  const entries = Object.entries(SOURCES).map(([name, d]) => {
    mkdirSync(join(root, name));
    writeFileSync(join(root, name, 'openrpc.json'), JSON.stringify(d));
    return { name, root: join(root, name), documents: ['openrpc.json'] };
  });

  it('prefixes methods, components and what names them, and leaves sources out by rule', () => {
    const merged = corpusUnion(entries);
    expect(merged.sources).toEqual([{ source: 'one-doc/openrpc.json', namespace: 'oneDoc', methods: 2 }]);
    expect(merged.leftOut.map((l) => [l.source, l.why])).toEqual([
      ['wide/openrpc.json', 'it sets x-jsonrpc for the whole document'],
      ['moved-ref/openrpc.json', 'a local $ref points outside its components: #/methods/0/result/schema'],
    ]);
    const renamedThing = { name: 'r', schema: { $ref: '#/components/schemas/oneDoc_Thing' } };
    expect(merged.document).toEqual({
      openrpc: '1.2.6',
      info: expect.objectContaining({ title: 'Published OpenRPC documents, merged' }),
      methods: [
        { name: 'oneDoc_get', params: [], result: renamedThing, links: [{ name: 'again', method: 'oneDoc_get' }], examples: [{ $ref: '#/components/examplePairings/oneDoc_Got' }] },
        { name: 'oneDoc_old.get', params: [], result: renamedThing, deprecated: true, 'x-replaced-by': 'oneDoc_get' },
      ],
      components: { schemas: { oneDoc_Thing: { type: 'string' } }, examplePairings: { oneDoc_Got: { name: 'got', params: [], result: { name: 'r', value: 'x' } } } },
    });
  });
});

describe('one document of every corpus method, end to end', () => {
  it('holds at least 500 methods, every one of each source that went in, under its namespace', () => {
    expect(methods.length).toBeGreaterThanOrEqual(500);
    expect(union.sources.reduce((n, s) => n + s.methods, 0)).toBe(methods.length);
    // Every source document is either in or left out by a stated rule (never silently missing).
    expect(union.sources.length + union.leftOut.length).toBe(CORPUS.reduce((n, c) => n + c.documents.length, 0));
    let at = 0;
    for (const s of union.sources) {
      const mine = methods.slice(at, (at += s.methods));
      expect(mine.filter((m) => !m.name.startsWith(`${s.namespace}_`)).map((m) => m.name), s.source).toEqual([]);
    }
    expect(new Set(methods.map((m) => m.name)).size).toBe(methods.length);
    // Printed so that a run shows what went in (the figure in the header is from when it was written).
    console.log(`${methods.length} methods from ${union.sources.length} documents; left out: ${union.leftOut.map((l) => `${l.source} (${l.why})`).join('; ') || 'none'}`);
  });

  it('generates, type-checks, and its mock answers every method through its client', async () => {
    await endToEnd({ result, documents: 1, diagnostics, dir: join(out, 'union') });
  }, 600_000);
});
