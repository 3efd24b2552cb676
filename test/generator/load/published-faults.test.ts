/**
 * Faults that published OpenRPC documents have and that leave their meaning clear: a document from elsewhere
 * (not strict) generates, with a located warning for each; a project's own spec (strict) is refused for the
 * same fault. Each case is the smallest document that shows one construct met in the corpus.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../../generator/config/index.js';
import { generate } from '../../../generator/generate.js';
import { scratch } from '../../helpers/paths.js';

interface Case {
  readonly given: Record<string, unknown>;
  /** `code pointer` of each warning the fault must give. */
  readonly want: readonly string[];
}

const doc = (methods: unknown[], extra: Record<string, unknown> = {}) => ({ openrpc: '1.2.6', info: { title: 't', version: '1' }, methods, ...extra });

const CASES: readonly [string, Case][] = [
  [
    'an unknown field in a method (a notification schema written without x-)',
    {
      given: doc([{ name: 'watch', params: [], result: { name: 'r', schema: { type: 'string' } }, notification_schema: { type: 'object' }, examples: [] }]),
      want: ['openrpc-unknown-field /methods/0/notification_schema'],
    },
  ],
];

async function run(given: Record<string, unknown>, strict: boolean) {
  const root = scratch('published-faults');
  writeFileSync(join(root, 'openrpc.json'), JSON.stringify(given, null, 2));
  const config = resolveConfig(root, { documents: ['openrpc.json'], out: join(root, 'out'), strict, emit: ['client', 'validators', 'server', 'mock'] });
  return generate(config, { cacheDir: false });
}

describe('faults of published documents', () => {
  for (const [name, { given, want }] of CASES) {
    it(`${name}: generates with a located warning, and is refused under strict`, async () => {
      const loose = await run(given, false);
      expect(loose.ok, loose.report).toBe(true);
      const warnings = loose.problems.filter((p) => p.severity === 'warning' && !p.code.startsWith('example-'));
      expect(warnings.map((p) => `${p.code} ${p.pointer}`)).toEqual(want);
      for (const w of warnings) expect(w.line).toBeGreaterThan(0);
      const strict = await run(given, true);
      expect(strict.ok).toBe(false);
      expect(strict.problems.filter((p) => p.severity !== 'warning').map((p) => p.code)).toEqual(expect.arrayContaining(want.map((w) => w.split(' ')[0])));
    });
  }
});

describe('a reference written from the project root (ref-base)', () => {
  // As starknet's documents write theirs: `./api/a.json#...` from api/b.json, which resolves only from the root.
  async function run(strict: boolean) {
    const root = scratch('published-faults-ref-base');
    mkdirSync(join(root, 'api'));
    writeFileSync(join(root, 'api/a.json'), JSON.stringify(doc([{ name: 'a_one', params: [], result: { name: 'r', schema: { type: 'string' } } }], { components: { schemas: { X: { type: 'integer' } } } })));
    writeFileSync(join(root, 'api/b.json'), JSON.stringify(doc([{ name: 'b_two', params: [], result: { name: 'r', schema: { $ref: './api/a.json#/components/schemas/X' } } }])));
    const config = resolveConfig(root, { documents: ['api/a.json', 'api/b.json'], out: join(root, 'out'), strict, emit: ['client'] });
    return generate(config, { cacheDir: false });
  }

  it('generates every document, the one holding it too, with a located warning; strict refuses it', async () => {
    const loose = await run(false);
    expect(loose.ok, loose.report).toBe(true);
    expect(loose.model!.services.map((s) => [s.name, s.methods.map((m) => m.name)])).toEqual([
      ['a', ['a_one']],
      ['b', ['b_two']],
    ]);
    expect(loose.problems.filter((p) => p.code === 'ref-base').map((p) => `${p.severity} ${p.file} ${p.pointer}`)).toEqual(['warning api/b.json /methods/0/result/schema/$ref']);
    const strict = await run(true);
    expect(strict.ok).toBe(false);
    expect(strict.problems.filter((p) => p.severity !== 'warning').map((p) => p.code)).toContain('ref-base');
  });
});
