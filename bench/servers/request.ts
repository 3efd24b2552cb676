/** The request every server is measured on: platform.getBalance with its spec example, and its answer. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '../..');

interface Doc {
  methods: { name: string; params: { name: string }[]; examples: { params: { name: string; value: unknown }[]; result: { value: unknown } }[] }[];
}

export const platformDocument = JSON.parse(readFileSync(join(ROOT, 'generated/openrpc/platform.json'), 'utf8')) as Doc & Record<string, unknown>;
const method = platformDocument.methods.find((m) => m.name === 'platform.getBalance')!;
export const exampleParams = Object.fromEntries(method.examples[0]!.params.map((p) => [p.name, p.value])) as { addresses: string[] };
export const exampleResult = method.examples[0]!.result.value;
export const PATH = '/ext/bc/P';

export function body(batch: number): string {
  const one = (id: number) => ({ jsonrpc: '2.0', id, method: 'platform.getBalance', params: exampleParams });
  return JSON.stringify(batch > 1 ? Array.from({ length: batch }, (_, i) => one(i + 1)) : one(1));
}
