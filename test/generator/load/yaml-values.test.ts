/**
 * The loader takes YAML values from js-yaml (fast) and positions and errors from `yaml`. Both must agree on
 * every value, or a spec would mean one thing when it is valid and another when it is reported on.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { fastYamlValue, parseSource } from '../../../generator/load/source.js';
import { ROOT } from '../../helpers/paths.js';

const full = (text: string) => parseDocument(text, { uniqueKeys: true, merge: false }).toJS({ maxAliasCount: 1000 });

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? yamlFiles(join(dir, e.name)) : e.name.endsWith('.yaml') ? [join(dir, e.name)] : [],
  );
}

describe('YAML values', () => {
  it('are the same from both parsers for every spec file', () => {
    const files = yamlFiles(join(ROOT, 'spec'));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const fast = fastYamlValue(text);
      expect(fast.ok, file).toBe(true);
      if (fast.ok) expect(fast.value, file).toEqual(full(text));
    }
  });

  // Scalars the YAML 1.2 core schema resolves in ways a 1.1 parser would not, and their near misses.
  const scalars = [
    '0b1', '1_000', '0o17', '017', '+12', '.5', '1e3', '0x1F', '0x_1', '-0', '.inf', '-.Inf', '.NaN', '~', 'Null', 'NULL', 'TRUE', 'False',
    'yes', 'no', 'on', 'off', 'y', '2024-01-01', '2024-01-01T00:00:00Z', '1:20', '=', '<<', '"\\x41"', "'it''s'", '0.', '1.e3', '+.5',
    '12e03', '1E+3', '00', '09', '0x', '""', '[]', '{}', '"\\u00e9"', '9007199254740993', 'null ', '!!str 12', '!!int "7"',
  ];
  for (const s of scalars) {
    it(`resolve ${s} alike`, () => {
      const text = `v: ${s}\nw: [${s}]\n`;
      const fast = fastYamlValue(text);
      expect(fast.ok).toBe(true);
      if (fast.ok) expect(fast.value).toEqual(full(text));
    });
  }

  it('leaves to the full parser what js-yaml would read differently or not at all', () => {
    expect(fastYamlValue('a: &x {k: 1}\nb: *x\n').ok).toBe(false); // an alias: `yaml` bounds how far aliases expand
    expect(fastYamlValue('%YAML 1.1\n---\na: yes\n').ok).toBe(false); // 1.1 booleans
    expect(fastYamlValue('a: 1\na: 2\n').ok).toBe(false); // duplicate key
    expect(fastYamlValue('a: [1, 2\n').ok).toBe(false); // syntax error
    expect(fastYamlValue('a: !custom 1\n').ok).toBe(false); // unknown tag
  });

  it('reports problems the fast parser declined with the full parser`s positions', () => {
    const { problems } = parseSource('spec/x.yaml', 'a: 1\nb:\n  c: 2\n  c: 3\n');
    expect(problems).toEqual([expect.objectContaining({ code: 'yaml-syntax', file: 'spec/x.yaml', line: 4, col: 3 })]);
    const aliased = parseSource('spec/y.yaml', 'a: &x {k: 1}\nb: *x\n');
    expect(aliased.problems).toEqual([]);
    const value = aliased.file!.value as { a: object; b: object };
    expect(value.b).toEqual({ k: 1 });
    expect(aliased.file!.locate('/b')).toEqual({ line: 2, col: 1 });
  });
});
