/**
 * The watch loop regenerates in one long-lived process with a watch session and every in-process memo warm.
 * After each edit (a method, a shared schema, a method added, then removed, renamed, edited again and named
 * back, a broken spec, then mended) its output folder must hold byte for byte what a cold run of a freshly
 * loaded generator writes into an empty folder, and it must report exactly the problems the cold run reports.
 *
 * The second test does the same with random sequences of edits (fast-check) to a synthetic document of a
 * few hundred methods, written as indented JSON so that problems have lines and columns that edits move:
 * summaries, param schemas, shared components, methods added, removed and moved, examples (valid or not),
 * and broken documents (a dangling reference, a duplicate name, a cut-off file) each mended at once.
 * `WATCH_RUNS=n` and `WATCH_SEED=s` run other sequences.
 */
import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfigFile, resolveConfig } from '../../../generator/config/index.js';
import { generate, watchSession } from '../../../generator/generate.js';
import { listFiles } from '../../../generator/write/index.js';
import { readManifest, unchanged } from '../../../generator/speed/manifest.js';
import { ROOT } from '../../helpers/paths.js';
import { syntheticDocument } from '../../../bench/synthetic.js';

const work = mkdtempSync(join(tmpdir(), 'noderpc-watch-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Every file under `dir` with its contents, in path order. */
function tree(dir: string): Record<string, string> {
  return Object.fromEntries(listFiles(dir).map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
}

/**
 * A run of a generator loaded afresh (a process of its own: see test/helpers/cold-generate.ts), with no
 * cache, of a copy of `project` whose output folder is empty; `raw`: its config (by default its config file).
 */
function coldRun(project: string, copy: string, items: readonly string[] = INPUTS, raw?: object): { ok: boolean; problems: unknown[]; report: string } {
  rmSync(copy, { recursive: true, force: true });
  mkdirSync(copy, { recursive: true });
  for (const item of items) cpSync(join(project, item), join(copy, item), { recursive: true });
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'test/helpers/cold-generate.ts'), copy, ...(raw ? [JSON.stringify(raw)] : [])], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    timeout: 300_000,
  });
  if (r.status !== 0) throw new Error(`cold run failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as { ok: boolean; problems: unknown[]; report: string };
}

const INPUTS = ['spec', 'releases', 'noderpc.config.json'];

describe('the watch loop against a cold run', () => {
  it('writes and reports what a cold run does after every kind of edit', async () => {
    const project = join(work, 'project');
    for (const item of INPUTS) cpSync(join(ROOT, item), join(project, item), { recursive: true });
    // The edits rename platform.getHeight, which the project's README example names (firstCalls); that
    // check has its own test (test/generator/emit/package/first-calls.test.ts), so this copy of the project leaves it out.
    const { firstCalls: _, ...raw } = readConfigFile(project)!;
    writeFileSync(join(project, 'noderpc.config.json'), `${JSON.stringify(raw, null, 2)}\n`);
    const config = resolveConfig(project, raw);
    const session = watchSession(config);
    const cache = join(work, 'cache');
    const first = await generate(config, { cacheDir: cache, session });
    expect(first.ok, first.report).toBe(true);

    const platform = join(project, 'spec/platform.yaml');
    const scalars = join(project, 'spec/schemas/scalars.yaml');
    const original = readFileSync(platform, 'utf8');
    const getHeight = /\n {2}- name: platform\.getHeight\n[\s\S]*?(?=\n {2}- name: )/.exec(original)![0];
    const edits: [string, () => void, boolean][] = [
      ['a method summary', () => writeFileSync(platform, original.replace('summary: Height of the last accepted block', 'summary: Height of the newest accepted block')), true],
      ['a shared schema', () => writeFileSync(scalars, readFileSync(scalars, 'utf8').replace('Unsigned 64-bit integer.', 'An unsigned 64-bit integer.')), true],
      ['a method added', () => writeFileSync(platform, original.replace(getHeight, `${getHeight}${getHeight.replace('name: platform.getHeight', 'name: platform.getHeightAgain').replace(/name: block-at-height/, 'name: block-at-height-again')}`)), true],
      ['the method removed again', () => writeFileSync(platform, original), true],
      ['a method renamed', () => writeFileSync(platform, original.replace('\n  - name: platform.getHeight\n', '\n  - name: platform.getTipHeight\n')), true],
      ['a second edit of the same method', () => writeFileSync(platform, original.replace('\n  - name: platform.getHeight\n', '\n  - name: platform.getTipHeight\n').replace('summary: Height of the last accepted block', 'summary: Height of the tip')), true],
      ['the name given back', () => writeFileSync(platform, original), true],
      ['a broken spec', () => writeFileSync(platform, original.replace(/(name: platform\.getHeight\n {4}summary: [^\n]*\n {4}x-effects: )read/, '$1sometimes')), false],
      ['the spec mended', () => writeFileSync(platform, original), true],
    ];
    const coldProject = join(work, 'cold');
    for (const [what, edit, ok] of edits) {
      edit();
      const warm = await generate(config, { cacheDir: cache, session });
      const cold = coldRun(project, coldProject);
      expect(warm.ok, `${what}: ${warm.report}`).toBe(ok);
      expect(cold.ok, `${what}: ${cold.report}`).toBe(ok);
      expect(warm.problems, what).toEqual(cold.problems);
      if (!ok) {
        expect(warm.report, what).toBe(cold.report);
        continue;
      }
      const got = tree(join(project, 'generated'));
      const want = tree(join(coldProject, 'generated'));
      expect(Object.keys(got), what).toEqual(Object.keys(want));
      for (const path of Object.keys(want)) expect(got[path], `${what}: ${path}`).toBe(want[path]);
    }
  }, 300_000);
});

/** One random edit of the synthetic document (see `applyEdit`); `a` and `b` pick methods, places and variants. */
interface Edit {
  readonly kind: 'summary' | 'param' | 'shared' | 'add' | 'remove' | 'move' | 'example' | 'broken';
  readonly a: number;
  readonly b: number;
}

type Json = Record<string, unknown>;

const PARAM_SCHEMAS: Json[] = [
  { type: 'integer', minimum: 1, maximum: 1000 },
  { type: 'integer', minimum: 0 },
  { type: 'string', maxLength: 12 },
  { $ref: '#/components/schemas/Amount' },
  { type: 'array', items: { $ref: '#/components/schemas/ID' } },
];

/** `doc` after `edit` (a new object; `doc` is not changed), and a word on what was done. */
function applyEdit(doc: Json, edit: Edit, serial: number): [Json, string] {
  const next = structuredClone(doc);
  const methods = next.methods as Json[];
  const schemas = (next.components as { schemas: Record<string, Json> }).schemas;
  const records = Object.keys(schemas).filter((k) => k.startsWith('Record'));
  const i = edit.a % methods.length;
  const m = methods[i]!;
  switch (edit.kind) {
    case 'summary':
      m.summary = `Summary ${serial} of ${String(m.name)}`;
      return [next, `summary of ${String(m.name)}`];
    case 'param': {
      const params = m.params as Json[];
      const p = params[1 + (edit.b % (params.length - 1))] ?? params[0]!;
      p.schema = structuredClone(PARAM_SCHEMAS[edit.b % PARAM_SCHEMAS.length]);
      if (edit.b % 3 === 0) p.description = `Param edited ${serial}.`;
      return [next, `param ${String(p.name)} of ${String(m.name)}`];
    }
    case 'shared': {
      // What methods reach changes: their checks, types and sections must follow.
      const record = records[edit.b % records.length]!;
      switch (edit.b % 6) {
        case 0:
          schemas.ID!.description = `An identifier (${serial}).`;
          return [next, 'shared schema ID described'];
        case 1:
          (schemas[record]!.properties as Json)[`extra${serial}`] = { type: 'string', description: `Added ${serial}.` };
          return [next, `shared schema ${record}: a property added`];
        case 2:
          ((schemas[record]!.properties as Json).state as { enum: string[] }).enum.push(`state${serial}`);
          return [next, `shared schema ${record}: a state added`];
        case 3:
          // The examples of the methods returning it no longer match.
          ((schemas[record]!.properties as Json).state as { enum: string[] }).enum = ['pending', `state${serial}`];
          return [next, `shared schema ${record}: state "done" removed`];
        case 4:
          (schemas.Filter!.properties as Json)[`field${serial}`] = { type: 'integer', minimum: serial };
          return [next, 'shared schema Filter: a field added'];
        default:
          schemas.Amount = { title: 'Amount', type: 'integer', minimum: 0, description: `An amount (${serial}).` };
          return [next, 'shared schema Amount: now an integer'];
      }
    }
    case 'add': {
      const copy = structuredClone(m);
      const ns = edit.b % 3 === 0 ? 'other' : 'svc';
      copy.name = `${ns}_added${serial}`;
      (copy.examples as Json[])[0]!.name = `added${serial}`;
      methods.splice(edit.b % (methods.length + 1), 0, copy);
      return [next, `method ${String(copy.name)} added`];
    }
    case 'remove':
      if (methods.length > 2) methods.splice(i, 1);
      return [next, `method ${String(m.name)} removed`];
    case 'move': {
      methods.splice(i, 1);
      methods.splice(edit.b % (methods.length + 1), 0, m);
      return [next, `method ${String(m.name)} moved`];
    }
    case 'example': {
      const value = ((m.examples as Json[])[0]!.result as Json).value as Json;
      if (edit.b % 2) value.total = edit.b;
      else (value.record as Json).state = `bogus${serial}`;
      return [next, `example of ${String(m.name)}${edit.b % 2 ? '' : ' (no longer matching its schema)'}`];
    }
    case 'broken':
      return [doc, 'broken'];
  }
}

/** The text of a broken variant of `doc`: a dangling reference, a duplicate method name, or a cut-off file. */
function brokenText(doc: Json, edit: Edit): [string, string] {
  const next = structuredClone(doc);
  const methods = next.methods as Json[];
  const m = methods[edit.a % methods.length]!;
  switch (edit.b % 3) {
    case 0:
      (m.result as Json).schema = { $ref: '#/components/schemas/Missing' };
      return [JSON.stringify(next, null, 2), `a dangling reference in ${String(m.name)}`];
    case 1:
      m.name = methods[(edit.a + 1) % methods.length]!.name;
      return [JSON.stringify(next, null, 2), `${String(m.name)} defined twice`];
    default: {
      const text = JSON.stringify(next, null, 2);
      return [text.slice(0, Math.floor(text.length * (0.2 + (edit.b % 7) / 10))), 'a cut-off file'];
    }
  }
}

const RUNS = Number(process.env.WATCH_RUNS ?? 3);
const SEED = Number(process.env.WATCH_SEED ?? 7);
const SIZE = 240;

const edit: fc.Arbitrary<Edit> = fc.record({
  kind: fc.constantFrom('summary', 'param', 'shared', 'add', 'remove', 'move', 'example', 'broken'),
  a: fc.nat({ max: 10_000 }),
  b: fc.nat({ max: 10_000 }),
});

describe('the watch loop against a cold run, random edits', () => {
  it(`writes and reports what a cold run does after each of a random sequence of edits (${SIZE} methods)`, async () => {
    const raw = { documents: ['openrpc.json'], out: 'generated', strict: false, package: {} };
    const original = syntheticDocument(SIZE);
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 3, maxLength: 6 }), async (edits) => {
        const project = join(work, `random-${run}`);
        const coldProject = join(work, `random-${run++}-cold`);
        mkdirSync(project, { recursive: true });
        const file = join(project, 'openrpc.json');
        writeFileSync(file, JSON.stringify(original, null, 2));
        const config = resolveConfig(project, raw);
        const session = watchSession(config);
        const cache = join(project, '.cache');
        const first = await generate(config, { cacheDir: cache, session });
        expect(first.ok, first.report).toBe(true);
        /** The file as it is now against a cold run of it. */
        const compare = async (what: string) => {
          const warm = await generate(config, { cacheDir: cache, session });
          const cold = coldRun(project, coldProject, ['openrpc.json'], raw);
          expect(warm.ok, `${what}: ${warm.report}`).toBe(cold.ok);
          // Every problem, with its place (file, line and column), as the cold run reports it.
          expect(warm.problems, what).toEqual(cold.problems);
          // (A run that wrote says what it changed, which differs; one stopped by errors says what the cold one does.)
          if (!cold.ok) return void expect(warm.report, what).toBe(cold.report);
          const got = tree(join(project, 'generated'));
          const want = tree(join(coldProject, 'generated'));
          expect(Object.keys(got), what).toEqual(Object.keys(want));
          for (const path of Object.keys(want)) expect(got[path], `${what}: ${path}`).toBe(want[path]);
        };
        let doc: Json = original;
        for (const [n, e] of edits.entries()) {
          if (e.kind === 'broken') {
            const [text, what] = brokenText(doc, e);
            writeFileSync(file, text);
            await compare(`edit ${n}: ${what}`);
            // Mended: the document as it was.
            writeFileSync(file, JSON.stringify(doc, null, 2));
            await compare(`edit ${n}: mended after ${what}`);
            continue;
          }
          const [next, what] = applyEdit(doc, e, n);
          doc = next;
          writeFileSync(file, JSON.stringify(doc, null, 2));
          await compare(`edit ${n}: ${what}`);
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  }, 600_000);
});

describe('the manifest of a watch session', () => {
  it('is recorded once the session is flushed, for the inputs that run read', async () => {
    const project = join(work, 'manifest');
    mkdirSync(project, { recursive: true });
    const file = join(project, 'openrpc.json');
    const doc = syntheticDocument(10) as { methods: { summary?: string }[] };
    writeFileSync(file, JSON.stringify(doc, null, 2));
    const config = resolveConfig(project, { documents: ['openrpc.json'], out: 'generated', strict: false, package: {} });
    const session = watchSession(config);
    const cache = join(project, '.cache');
    expect((await generate(config, { cacheDir: cache, session })).ok).toBe(true);
    doc.methods[0]!.summary = 'edited';
    writeFileSync(file, JSON.stringify(doc, null, 2));
    expect((await generate(config, { cacheDir: cache, session })).ok).toBe(true);
    // Saves in quick succession record nothing yet: a later process would take a full run.
    expect(readManifest(cache, config)).toBeUndefined();
    session.manifest.flush();
    // Recorded now: the folder holds exactly what the last run wrote, for the inputs as they are.
    expect(unchanged(cache, config, listFiles)).toBe(true);
    doc.methods[0]!.summary = 'edited again';
    writeFileSync(file, JSON.stringify(doc, null, 2));
    expect(unchanged(cache, config, listFiles)).toBeUndefined();
  });
});

describe("the manifest's key", () => {
  // What a run read and what the files hold when it records can differ: a save while it runs, or an editor's
  // unsaved buffer given as an override. The key is of what the run read, so a later process runs in full.
  it('is made of the texts a run read, not of what the files hold by the time it records', async () => {
    const project = join(work, 'key');
    mkdirSync(project, { recursive: true });
    const file = join(project, 'openrpc.json');
    const doc = syntheticDocument(10) as { methods: { summary?: string }[] };
    writeFileSync(file, JSON.stringify(doc, null, 2));
    const config = resolveConfig(project, { documents: ['openrpc.json'], out: 'generated', strict: false, package: {} });
    const cache = join(project, '.cache');
    const read = JSON.parse(JSON.stringify(doc)) as typeof doc;
    read.methods[0]!.summary = 'as read by the run';
    const overrides = new Map([['openrpc.json', JSON.stringify(read, null, 2)]]);

    expect((await generate(config, { cacheDir: cache, overrides })).ok).toBe(true);
    expect(readManifest(cache, config)).toBeDefined();
    // The outputs were made from the text read, which the file does not hold: not taken as up to date.
    expect(unchanged(cache, config, listFiles)).toBeUndefined();
    // Once the file holds that text, the record holds.
    writeFileSync(file, overrides.get('openrpc.json')!);
    expect(unchanged(cache, config, listFiles)).toBe(true);

    // The same through a watch session, whose record is written later.
    const session = watchSession(config);
    writeFileSync(file, JSON.stringify(doc, null, 2));
    read.methods[0]!.summary = 'as read by the session';
    expect((await generate(config, { cacheDir: cache, session, overrides: new Map([['openrpc.json', JSON.stringify(read, null, 2)]]) })).ok).toBe(true);
    session.manifest.flush();
    expect(unchanged(cache, config, listFiles)).toBeUndefined();
    writeFileSync(file, JSON.stringify(read, null, 2));
    expect(unchanged(cache, config, listFiles)).toBe(true);
  });
});
