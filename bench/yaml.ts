/**
 * Why load/source.ts reads YAML with two libraries: `yaml` keeps every node's position (for messages) and
 * js-yaml gives the same value much faster. This row parses the project's spec with each, in process.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { median, ms, ROOT, type Row } from './lib.js';

const require = createRequire(import.meta.url);

export function yamlParseRow(): Row {
  const yaml = require('yaml') as typeof import('yaml');
  const jsYaml = require('js-yaml') as typeof import('js-yaml');
  const dir = join(ROOT, 'spec');
  const files = [...readdirSync(dir).filter((f) => f.endsWith('.yaml')).map((f) => join(dir, f)), ...readdirSync(join(dir, 'schemas')).map((f) => join(dir, 'schemas', f))];
  const texts = files.map((f) => readFileSync(f, 'utf8'));
  const kb = texts.reduce((n, t) => n + t.length, 0) / 1024;
  const time = (parse: (text: string) => unknown): number => {
    const runs: number[] = [];
    for (let i = 0; i < 7; i++) {
      const t0 = performance.now();
      for (const text of texts) parse(text);
      runs.push(performance.now() - t0);
    }
    return median(runs.slice(2));
  };
  const full = time((t) => yaml.parse(t));
  const fast = time((t) => jsYaml.load(t, { schema: jsYaml.CORE_SCHEMA }));
  return {
    name: `YAML parse of spec/ (${files.length} files, ${kb.toFixed(0)} KB): js-yaml / yaml`,
    value: `${ms(fast)} / ${ms(full)} (${(full / fast).toFixed(1)}x)`,
    command: 'bench/yaml.ts: yaml.parse and js-yaml load (core schema) of every spec file, median of the last 5 of 7 rounds',
    note: 'why load/source.ts parses with js-yaml and keeps yaml for positions and for what js-yaml declines',
  };
}
