/**
 * Every published OpenRPC document of the corpus (test/corpus/<name>/, each with its source.json, and the
 * documents of ../shared/conformance), end to end as a user would take it: it generates in-process with
 * every problem a warning; every declaration of its package type-checks (`strict`, `skipLibCheck: false`;
 * one tsc program over all packages, its diagnostics told apart by package); its mock starts on 127.0.0.1
 * with a free port and answers every method through the generated client, typed and by `request()`: the
 * example's result where the document gives a valid example, a value the shipped result validator accepts
 * where it gives none, or gives one the generator reported as wrong (a located `example-invalid` warning).
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GenerateResult } from '../../generator/generate.js';
import { endToEnd, generateLoose, typecheckPackages } from './conformance/end-to-end.js';
import { CORPUS as ALL, type CorpusEntry } from '../helpers/corpus.js';
import { scratch } from '../helpers/paths.js';

/** `CORPUS_ONLY=a,b` runs those documents alone (while working on one). */
const ONLY = process.env.CORPUS_ONLY?.split(',');
const CORPUS: readonly CorpusEntry[] = ALL.filter((c) => !ONLY || ONLY.includes(c.name));

/**
 * Documents that fail through a construct another change handles, by that construct: each test must fail
 * with a message matching `because` until the construct is supported, and then passes (and this entry goes).
 */
const EXPECTED_TO_FAIL: Readonly<Record<string, { readonly construct: string; readonly because: RegExp }>> = {
};

const out = scratch('e2e-corpus');
const results = new Map<string, GenerateResult | Error>();
let diagnostics = new Map<string, string[]>();

beforeAll(async () => {
  for (const c of CORPUS) results.set(c.name, await generateLoose(c.root, c.documents, join(out, c.name), `corpus-${c.name}`));
  diagnostics = typecheckPackages(out, CORPUS.map((c) => c.name));
}, 420_000);

const check = (c: CorpusEntry) => endToEnd({ result: results.get(c.name), documents: c.documents.length, diagnostics: diagnostics.get(c.name), dir: join(out, c.name) });

describe('the corpus of published OpenRPC documents, end to end', () => {
  it.skipIf(ONLY)(`holds at least 30 documents`, () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(30);
  });
  for (const c of CORPUS) {
    const known = EXPECTED_TO_FAIL[c.name];
    if (known) {
      it(`${c.name}: fails until ${known.construct} is supported`, async () => {
        await expect(check(c)).rejects.toThrow(known.because);
      }, 180_000);
    } else {
      it(`${c.name}: generates, type-checks, and its mock answers every method through its client`, () => check(c), 180_000);
    }
  }
});
