/**
 * The generated package's declarations type-check the way its users compile them: tsc (the TypeScript API,
 * on tsconfig files written to a scratch project) with `strict` and `skipLibCheck: false`, under
 * `moduleResolution: NodeNext` and under `Bundler` (module ESNext), over every `.d.ts` of generated/client
 * plus a consumer that imports the package by its name through a scratch `node_modules/@noderpc/client`
 * symlink. The consumer (fixtures/consumer/consumer.ts.txt) holds type-level tests: `@ts-expect-error`
 * lines for what must not compile (an unused directive is an error, so looser types fail the run) and
 * value-type assertions for what must. A third run checks that the client entry points need no @types/node
 * (a browser project: lib DOM, no node types).
 */
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, scratch } from '../../../helpers/paths.js';

const CLIENT = join(ROOT, 'generated/client');
const CONSUMER = join(ROOT, 'test/fixtures/consumer/consumer.ts.txt');
/** Each program loads the package's ~600 declaration files: allow for a slow, busy machine. */
const TSC_TIMEOUT = 180_000;

let dir: string;
/** How many root files each named run compiled. */
const files = new Map<string, number>();

/** Writes `tsconfig.<name>.json` into the scratch project and compiles it; returns tsc's diagnostics. */
function tsc(name: string, config: object): readonly ts.Diagnostic[] {
  const file = join(dir, `tsconfig.${name}.json`);
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  const parsed = ts.getParsedCommandLineOfConfigFile(file, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n')); } });
  if (!parsed) throw new Error(`could not read ${file}`);
  if (parsed.errors.length) return parsed.errors;
  // A glob that matched nothing would make a clean run meaningless.
  if (parsed.fileNames.length === 0) throw new Error(`${file} selects no files`);
  files.set(name, parsed.fileNames.length);
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, projectReferences: parsed.projectReferences });
  return ts.getPreEmitDiagnostics(program);
}

/** Diagnostics as `file:line:col message` lines, paths relative to the scratch project or the repository. */
function format(diagnostics: readonly ts.Diagnostic[]): string[] {
  return diagnostics.map((d) => {
    const text = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    if (!d.file || d.start === undefined) return `TS${d.code}: ${text}`;
    const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
    const name = d.file.fileName.replace(`${dir}/`, '').replace(`${ROOT}/`, '');
    return `${name}:${line + 1}:${character + 1} TS${d.code}: ${text}`;
  });
}

const STRICT = { strict: true, skipLibCheck: false, noEmit: true, target: 'ES2022', forceConsistentCasingInFileNames: true } as const;
/** Every declaration file of the package, and the consumer. */
const EVERYTHING = [`${CLIENT}/**/*.d.ts`, 'consumer.ts'];

beforeAll(() => {
  dir = scratch('typecheck');
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'typecheck-consumer', private: true, type: 'module' }, null, 2)}\n`);
  mkdirSync(join(dir, 'node_modules/@noderpc'), { recursive: true });
  mkdirSync(join(dir, 'node_modules/@types'), { recursive: true });
  symlinkSync(CLIENT, join(dir, 'node_modules/@noderpc/client'), 'dir');
  symlinkSync(join(ROOT, 'node_modules/@types/node'), join(dir, 'node_modules/@types/node'), 'dir');
  writeFileSync(join(dir, 'consumer.ts'), readFileSync(CONSUMER, 'utf8'));
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('generated/client type-checks as a package', () => {
  it('moduleResolution NodeNext: every .d.ts and the consumer, zero errors', { timeout: TSC_TIMEOUT }, () => {
    const diagnostics = tsc('nodenext', {
      compilerOptions: { ...STRICT, module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2022'], types: ['node'] },
      include: EVERYTHING,
    });
    expect(format(diagnostics)).toEqual([]);
    expect(files.get('nodenext')).toBeGreaterThan(600);
  });

  it('moduleResolution Bundler (module ESNext): every .d.ts and the consumer, zero errors', { timeout: TSC_TIMEOUT }, () => {
    const diagnostics = tsc('bundler', {
      compilerOptions: { ...STRICT, module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2022', 'DOM', 'DOM.Iterable'], types: ['node'] },
      include: EVERYTHING,
    });
    expect(format(diagnostics)).toEqual([]);
    expect(files.get('bundler')).toBeGreaterThan(600);
  });

  it('a browser project (lib DOM, no @types/node): the client entry points and the consumer, zero errors', { timeout: TSC_TIMEOUT }, () => {
    const diagnostics = tsc('browser', {
      compilerOptions: { ...STRICT, module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2022', 'DOM', 'DOM.Iterable'], types: [] },
      include: [
        `${CLIENT}/index.d.ts`,
        `${CLIENT}/types.d.ts`,
        `${CLIENT}/services.d.ts`,
        `${CLIENT}/runtime/index.d.ts`,
        `${CLIENT}/methods/**/*.d.ts`,
        `${CLIENT}/namespaces/**/*.d.ts`,
        `${CLIENT}/validators/**/*.d.ts`,
        'consumer.ts',
      ],
    });
    expect(format(diagnostics)).toEqual([]);
  });

  it('each @ts-expect-error of the consumer stands for the intended error, and only those lines fail without them', { timeout: TSC_TIMEOUT }, () => {
    const source = readFileSync(CONSUMER, 'utf8').split('\n');
    const expected = new Map<number, string>();
    source.forEach((line, i) => {
      const m = /^\s*\/\/ @ts-expect-error -- .*?; expects: (.+)$/.exec(line);
      if (m) expected.set(i + 2, m[1]!); // the directive covers the next line (1-based: i + 2)
      else expect(line, `line ${i + 1}: every directive names the error it expects`).not.toMatch(/^\s*\/\/ @ts-expect-error/);
    });
    expect(expected.size).toBeGreaterThanOrEqual(25);

    writeFileSync(join(dir, 'stripped.ts'), source.map((l) => l.replace(/\/\/ @ts-expect-error\b/, '// (directive removed)')).join('\n'));
    const diagnostics = tsc('stripped', {
      compilerOptions: { ...STRICT, module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2022'], types: ['node'] },
      files: ['stripped.ts'],
    });
    const byLine = new Map<number, string[]>();
    for (const d of diagnostics) {
      expect(d.file?.fileName, format([d])[0]).toBe(join(dir, 'stripped.ts'));
      const line = d.file!.getLineAndCharacterOfPosition(d.start!).line + 1;
      byLine.set(line, [...(byLine.get(line) ?? []), ts.flattenDiagnosticMessageText(d.messageText, '\n')]);
    }
    expect([...byLine.keys()].sort((a, b) => a - b)).toEqual([...expected.keys()]);
    for (const [line, fragment] of expected) {
      expect(byLine.get(line)!.join('\n'), `line ${line}: ${source[line - 1]!.trim()}`).toContain(fragment);
    }
  });

  // request() is typed per method: params are required exactly when the method requires some.
  it('request() requires the params a method requires', { timeout: TSC_TIMEOUT }, () => {
    writeFileSync(
      join(dir, 'request.ts'),
      [
        "import { createNodeClient } from '@noderpc/client';",
        "const node = createNodeClient({ url: 'http://127.0.0.1:9650' });",
        '// @ts-expect-error -- platform.getBalance requires { addresses }',
        "void node.request({ method: 'platform.getBalance' });",
        '// @ts-expect-error -- eth_getBalance requires [address, block]',
        "void node.request({ method: 'eth_getBalance' });",
        "void node.request({ method: 'platform.getHeight' });",
        "void node.request({ method: 'platform.getCurrentValidators' });",
        '',
      ].join('\n'),
    );
    const diagnostics = tsc('request', {
      compilerOptions: { ...STRICT, module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2022'], types: ['node'] },
      files: ['request.ts'],
    });
    expect(format(diagnostics)).toEqual([]);
  });
});
