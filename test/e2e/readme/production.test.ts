/**
 * The generated README's production section (retries, fallback, middleware, logging, raw response): every
 * example compiles, strict, against the generated package, as a user would paste it.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { ROOT } from '../../helpers/paths.js';
import { typecheck } from '../../helpers/typecheck.js';

const dir = join(ROOT, 'test/.tmp', `readme-${process.pid}`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('every example of "In production" type-checks against the package', { timeout: 120_000 }, () => {
  const readme = readFileSync(join(ROOT, 'generated/client/README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## In production'), readme.indexOf('## Batch'));
  const blocks = [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
  expect(blocks.length).toBe(5);
  const source = [
    "import { createFallbackTransport, createLogging, createNodeClient, type NodeClient } from '../../../generated/client/index.js';",
    'void createFallbackTransport;',
    'void createLogging;',
    'declare const node: NodeClient;',
    'void node;',
    // A block's own imports (what it passes in, from the package's runtime) are the prelude's above.
    ...blocks.map((b) => b.replace(/^import [^\n]*\n/gm, '')).map((b, i) => `export async function example${i}(): Promise<void> {\n${b}}`),
  ].join('\n');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'examples.ts');
  writeFileSync(file, `${source}\nvoid createNodeClient;\n`);
  expect(typecheck([file], `${dir}/`)).toEqual([]);
});
