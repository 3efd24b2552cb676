/**
 * One generated package end to end, as test/e2e/corpus.test.ts and corpus-scale.test.ts take it: generated
 * in process with every problem a warning; every declaration of it type-checked (`strict`,
 * `skipLibCheck: false`; packages checked together in one tsc program, diagnostics told apart by folder);
 * its mock started on 127.0.0.1 with a free port and every method called through its client, typed and by
 * `request()` (see corpus.ts `callEveryMethod`): the example's result where the document gives a valid
 * example, a value the shipped result validator accepts where it gives none, or gives one the generator
 * reported as wrong (a located `example-invalid` warning).
 */
import { existsSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'vitest';
import { resolveConfig } from '../../../generator/config/index.js';
import { generate, type GenerateResult } from '../../../generator/generate.js';
import { callEveryMethod, type CallOutcome } from './corpus.js';
import { ROOT } from '../../helpers/paths.js';
import { declarations, typecheck } from '../../helpers/typecheck.js';

/** Generates the documents (paths relative to `root`) into `out`; what it returns or throws. */
export async function generateLoose(root: string, documents: readonly string[], out: string, name: string): Promise<GenerateResult | Error> {
  try {
    const config = resolveConfig(root, {
      documents: [...documents],
      out,
      strict: false,
      // Everything a client developer runs; the docs are tested on their own.
      emit: ['openrpc', 'client', 'validators', 'server', 'mock', 'package'],
      package: { name },
    });
    return await generate(config, { cacheDir: false });
  } catch (e) {
    return e as Error;
  }
}

/**
 * Type-checks the packages generated into `<base>/<name>` (those that were) in one program; each name's
 * diagnostics.
 */
export function typecheckPackages(base: string, names: readonly string[]): Map<string, string[]> {
  // The server's declarations name ws's types, which a Node project using it has installed.
  if (!existsSync(join(base, 'node_modules'))) symlinkSync(join(ROOT, 'node_modules'), join(base, 'node_modules'), 'dir');
  const generated = names.filter((n) => existsSync(join(base, n, 'client')));
  const all = typecheck(declarations(...generated.map((n) => join(base, n, 'client'))), base);
  return new Map(generated.map((n) => [n, all.filter((d) => d.startsWith(`/${n}/`))]));
}

/** Fails with every item of `list` in the message (so an expected failure can be matched by its cause). */
function none(what: string, list: readonly unknown[] | undefined): void {
  if (list === undefined) throw new Error(`${what}: nothing to check`);
  if (list.length) throw new Error(`${what}:\n${list.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join('\n')}`);
}

/** Replies a server could send; none meets `false`. */
const ANY_REPLY: readonly unknown[] = [null, 0, '', true, {}, [], 'ok'];

/**
 * Calls each method through the package's client (validating, with its `validators`) against a server on 127.0.0.1 that
 * answers every call with each of ANY_REPLY in turn; returns the calls that resolved instead of rejecting.
 */
async function repliesTaken(clientDir: string, methods: readonly string[]): Promise<string[]> {
  let next = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk));
    req.on('end', () => {
      const { id } = JSON.parse(body) as { id: unknown };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ jsonrpc: '2.0', id, result: ANY_REPLY[next++ % ANY_REPLY.length] }));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const { createClient } = (await import(pathToFileURL(join(clientDir, 'index.js')).href)) as {
    createClient: (o: { url: string; validate: unknown }) => { request(r: { method: string; params: unknown }): Promise<unknown>; close(): Promise<void> };
  };
  const { validators } = (await import(pathToFileURL(join(clientDir, 'validators.js')).href)) as { validators: unknown };
  const client = createClient({ url: `http://127.0.0.1:${port}`, validate: validators });
  const taken: string[] = [];
  try {
    for (const method of methods)
      for (const reply of ANY_REPLY) {
        const got = await client.request({ method, params: [] }).then(
          () => true,
          (e: Error) => (e.name === 'ResponseValidationError' ? false : e),
        );
        if (got !== false) taken.push(`${method} with the reply ${JSON.stringify(reply)}: ${got === true ? 'resolved' : `rejected for another reason: ${got.message}`}`);
      }
  } finally {
    await client.close();
    await new Promise((done) => server.close(done));
  }
  expect(next).toBe(methods.length * ANY_REPLY.length);
  return taken;
}

/** What one package's end-to-end check is given. */
export interface Generated {
  /** What `generateLoose` returned (`undefined`: it was not generated). */
  readonly result: GenerateResult | Error | undefined;
  /** How many documents it was generated from: each must become a service. */
  readonly documents: number;
  /** The package's type diagnostics (`undefined`: not type-checked). */
  readonly diagnostics: readonly string[] | undefined;
  /** The package folder (`<out>`). */
  readonly dir: string;
}

/** The whole path for one package: generated, type-checked, every method through client and mock. */
export async function endToEnd({ result: r, documents, diagnostics, dir }: Generated): Promise<void> {
  if (r === undefined) throw new Error(`${dir} was not generated`);
  if (r instanceof Error) throw new Error(`generate threw: ${r.name}: ${r.message}`);
  if (!r.ok) throw new Error(`generate refused it:\n${r.report}`);
  none('errors', r.problems.filter((p) => p.severity !== 'warning'));
  none('methods the mock cannot answer', r.problems.filter((p) => p.code === 'mock-value-missing'));
  none('type errors', diagnostics);
  expect(r.model!.services.length, 'every document is a service').toBe(documents);
  const outcomes = await callEveryMethod(join(dir, 'client'));
  const methods = r.model!.services.flatMap((s) => s.methods.filter((m) => !m.subscriptions));
  expect(outcomes.length).toBe(methods.length * 2);
  // A result of `schema: false` admits no value: the mock can only answer with an error, and what is shown
  // instead is that the client refuses every reply (never resolves with a value its type, `never`, denies).
  const never = methods.filter((m) => m.result?.schema === false);
  expect(r.problems.filter((p) => p.code === 'result-never').map((p) => p.pointer)).toEqual(never.map((m) => `${m.pointer}/result/schema`));
  for (const o of outcomes.filter((o) => never.some((m) => m.name === o.method))) expect(o.problem, o.method).toMatch(/^RpcError: /);
  if (never.length) none('methods of result false whose client took a reply', await repliesTaken(join(dir, 'client'), never.map((m) => m.name)));
  // A method whose example the generator reported wrong (a located warning), and for which no valid params
  // exist either, is skipped: the document's fault, not the generator's.
  const reported = new Set(methods.filter((m) => r.problems.some((p) => p.code.startsWith('example-') && p.pointer?.startsWith(`${m.pointer}/examples/`))).map((m) => m.name));
  const skipped = (o: CallOutcome) => o.problem === 'no valid params could be made for it' && reported.has(o.method);
  none('failed calls', outcomes.filter((o) => o.problem && !skipped(o) && !never.some((m) => m.name === o.method)));
  // A method answers with its document's example, unless the generator reported one of its examples wrong.
  const wrong = r.problems.filter((p) => p.code === 'example-invalid').map((p) => p.pointer ?? '');
  const trusted = methods.filter((m) => m.examples.length && !wrong.some((w) => w.startsWith(`${m.pointer}/examples/`)));
  const byExample = new Set(outcomes.filter((o) => o.answer === 'example').map((o) => o.method));
  none('methods not answered with their example', trusted.map((m) => m.name).filter((n) => !byExample.has(n)));
}
