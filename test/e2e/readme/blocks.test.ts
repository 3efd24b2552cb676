/**
 * Every code block of every README a user reads (this repository's README.md, the generated package's
 * README, the README `noderpc init` writes), so the docs cannot drift from what they describe:
 * - TypeScript and JavaScript blocks compile (tsc, strict) as a user's module, importing the package by its
 *   name through its exports map; then each runs (tsx) against the mock on 127.0.0.1 at a free port, the
 *   README's base URL swapped for the mock's. A block that calls another host or elides values (`…`) is
 *   compiled only. A fragment that uses the client without making it gets the first block's client.
 * - Shell blocks: every `npm run` names a script of the project it is meant for, every `noderpc` command
 *   and flag exists, every `npm install`ed package is one we know, every other program is on the PATH.
 * Blocks whose fence names no language are text (layouts, output samples), not code.
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../../generator/cli/index.js';
import { ROOT, scratch } from '../../helpers/paths.js';
import { typecheck } from '../../helpers/typecheck.js';

const run = promisify(execFile);

export interface Block {
  readonly readme: string;
  readonly line: number;
  readonly lang: string;
  readonly code: string;
}

/** The fenced code blocks of a markdown text, with the line each starts on. */
export function codeBlocks(markdown: string, readme: string): Block[] {
  const out: Block[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w*)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const start = i;
    const body: string[] = [];
    while (++i < lines.length && !/^```\s*$/.test(lines[i]!)) body.push(lines[i]!);
    out.push({ readme, line: start + 1, lang: open[1]!, code: `${body.join('\n')}\n` });
  }
  return out;
}

interface Project {
  /** Where the block's module goes (imports resolve from there). */
  readonly dir: string;
  /** The npm scripts a shell block may run. */
  readonly scripts: Readonly<Record<string, string>>;
}

const NPM_COMMANDS = new Set(['ci', 'install', 'i', 'test', 'init', 'run', 'pack', 'exec']);

/** What is wrong with a shell block: unknown scripts, commands, flags, packages or programs. */
export function shellProblems(code: string, scripts: readonly Readonly<Record<string, string>>[], packages: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const noderpc = (args: readonly string[], where: string) => {
    const [command, ...rest] = args;
    if (command === '--version' || command === '--help') return;
    const c = command === undefined ? undefined : COMMANDS[command];
    if (!c) return problems.push(`${where}: no noderpc command ${JSON.stringify(command)}`);
    for (const a of rest) {
      const flag = a.split('=')[0]!;
      if (flag.startsWith('-') && flag !== '--help' && !(flag in c.flags)) problems.push(`${where}: noderpc ${command} has no option ${flag}`);
    }
  };
  const script = (name: string, extra: readonly string[], where: string) => {
    const found = scripts.find((s) => s[name] !== undefined)?.[name];
    if (found === undefined) return problems.push(`${where}: no npm script ${JSON.stringify(name)}`);
    const words = found.split(/\s+/);
    const at = words[0] === 'noderpc' ? 1 : words[0] === 'node' && words[1] === 'bin/noderpc.js' ? 2 : -1;
    if (at > 0) noderpc([...words.slice(at), ...extra], `${where} (${found})`);
  };
  for (const raw of code.split('\n')) {
    const line = raw.replace(/\s#.*$/, '').trim();
    if (!line) continue;
    for (const part of line.split(/&&|;|\|(?!\|)/)) {
      const words = part.trim().split(/\s+/).filter((w) => w && !w.startsWith('>'));
      const [program, ...args] = words;
      if (program === undefined) continue;
      const where = JSON.stringify(part.trim());
      if (program === 'noderpc') noderpc(args, where);
      else if (program === 'node' && args[0] === 'bin/noderpc.js') noderpc(args.slice(1), where);
      else if (program === 'npx') {
        const rest = args.filter((a) => a !== '--offline');
        if (rest[0] !== 'noderpc') problems.push(`${where}: npx runs ${rest[0]}, not noderpc`);
        else noderpc(rest.slice(1), where);
      } else if (program === 'npm') {
        const [sub, ...more] = args;
        if (sub === 'run') {
          const dash = more.indexOf('--');
          script(more[0]!, dash === -1 ? [] : more.slice(dash + 1), where);
        } else if (sub === 'test') script('test', [], where);
        else if (!NPM_COMMANDS.has(sub ?? '')) problems.push(`${where}: npm has no command ${sub}`);
        else if (sub === 'install' || sub === 'i') for (const p of more.filter((a) => !a.startsWith('-'))) if (!packages.has(p)) problems.push(`${where}: unknown package ${p}`);
      } else if (spawnSync('sh', ['-c', `command -v ${program}`]).status !== 0) problems.push(`${where}: ${program} is not a program on the PATH`);
    }
  }
  return problems;
}

const rootPkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; scripts: Record<string, string>; dependencies: Record<string, string>; devDependencies: Record<string, string> };
const clientPkg = JSON.parse(readFileSync(join(ROOT, 'generated/client/package.json'), 'utf8')) as { name: string };
const PACKAGES = new Set([rootPkg.name, clientPkg.name, ...Object.keys(rootPkg.dependencies), ...Object.keys(rootPkg.devDependencies)]);

let user: Project; // a project that installed the generated package (and ws, for WebSocket on Node 20)
let made: Project; // a project made by noderpc init, generated
const mocks: { close(): Promise<void> }[] = [];
let nodeMock: string;
let initMock: string;

function link(dir: string, name: string, target: string): void {
  mkdirSync(join(dir, 'node_modules', name, '..'), { recursive: true });
  symlinkSync(target, join(dir, 'node_modules', name), 'dir');
}

/** `noderpc` as a user's project imports it: the programmatic API, here from its sources. */
function linkNoderpc(dir: string): void {
  const pkg = join(dir, 'node_modules/noderpc');
  mkdirSync(pkg, { recursive: true });
  writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'noderpc', type: 'module', exports: { '.': { types: './index.d.ts', default: './index.ts' } } }));
  writeFileSync(join(pkg, 'index.d.ts'), `export * from '${join(ROOT, 'generator/index.js')}';\n`);
  writeFileSync(join(pkg, 'index.ts'), `export * from '${join(ROOT, 'generator/index.ts')}';\n`);
}

beforeAll(async () => {
  const base = scratch('readme-blocks');
  user = { dir: join(base, 'user'), scripts: {} };
  mkdirSync(user.dir, { recursive: true });
  writeFileSync(join(user.dir, 'package.json'), JSON.stringify({ name: 'user', private: true, type: 'module' }));
  link(user.dir, clientPkg.name, join(ROOT, 'generated/client'));
  link(user.dir, 'ws', join(ROOT, 'node_modules/ws'));

  const dir = join(base, 'my-api');
  mkdirSync(dir, { recursive: true });
  for (const args of [['init'], ['generate', '--no-cache']]) {
    const r = spawnSync(process.execPath, [join(ROOT, 'bin/noderpc.js'), ...args], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
    expect(r.status, r.stderr).toBe(0);
  }
  link(dir, 'ws', join(ROOT, 'node_modules/ws'));
  linkNoderpc(dir);
  made = { dir, scripts: (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts };

  const node = (await import(join(ROOT, 'generated/client/mock/index.js'))) as { startNodeMock(o: object): Promise<{ url: string; close(): Promise<void> }> };
  const api = (await import(join(dir, 'generated/client/mock/index.js'))) as { default(o: object): Promise<{ url: string; close(): Promise<void> }> };
  const [a, b] = await Promise.all([node.startNodeMock({ port: 0 }), api.default({ port: 0 })]);
  mocks.push(a, b);
  nodeMock = a.url.replace(/\/$/, '');
  initMock = b.url.replace(/\/$/, '');
}, 240_000);

afterAll(async () => {
  await Promise.all(mocks.map((m) => m.close()));
});

const READMES = {
  project: () => readFileSync(join(ROOT, 'README.md'), 'utf8'),
  package: () => readFileSync(join(ROOT, 'generated/client/README.md'), 'utf8'),
  init: () => readFileSync(join(made.dir, 'README.md'), 'utf8'),
};

/** The base URL a project's examples call: its config's `url`. */
const baseUrl = (dir: string) => (JSON.parse(readFileSync(join(dir, 'noderpc.config.json'), 'utf8')) as { url: string }).url;

/** Whether a block only shows (another host, elided values) rather than runs. */
const showOnly = (code: string) => code.includes('…') || /https?:\/\/(?!127\.0\.0\.1)[\w.-]+/.test(code);

/** A fragment's missing client: the first block's import and `const <client> = <factory>(...)`. */
function withClient(code: string, first: string): string {
  const made = /^const (\w+) = (\w+)\(\{ url: '[^']+' \}\);$/m.exec(first);
  if (!made) return code;
  const [line, variable, factory] = made;
  const head: string[] = [];
  if (new RegExp(`\\b${factory}\\b`).test(code) && !new RegExp(`import \\{[^}]*\\b${factory}\\b`).test(code)) head.push(first.split('\n').find((l) => l.startsWith('import ') && l.includes(factory!))!);
  if (new RegExp(`\\b${variable}\\.`).test(code) && !new RegExp(`const ${variable} =`).test(code)) {
    if (!head.length && !new RegExp(`import \\{[^}]*\\b${factory}\\b`).test(code)) head.push(first.split('\n').find((l) => l.startsWith('import ') && l.includes(factory!))!);
    head.push(line);
  }
  return head.length ? `${head.join('\n')}\n${code}` : code;
}

describe('every code block of every README compiles, runs and names what exists', () => {
  for (const [name, readme] of Object.entries(READMES)) {
    it(`${name} README`, async () => {
      const text = readme();
      const blocks = codeBlocks(text, name);
      const code = blocks.filter((b) => ['ts', 'js'].includes(b.lang));
      const shells = blocks.filter((b) => ['sh', 'bash', 'shell'].includes(b.lang));
      expect(code.length + shells.length).toBeGreaterThan(0);
      expect(blocks.filter((b) => b.lang && !['ts', 'js', 'sh', 'bash', 'shell'].includes(b.lang)).map((b) => `${b.line}: ${b.lang}`)).toEqual([]);

      // Shell blocks: the project README speaks of this repository and of a project made by init.
      const scripts = name === 'project' ? [rootPkg.scripts, made.scripts] : name === 'init' ? [made.scripts] : [];
      for (const b of shells) expect(shellProblems(b.code, scripts, PACKAGES), `${name} README line ${b.line}`).toEqual([]);

      // Code blocks: one module each, in the project it is written for.
      const first = code[0]?.code ?? '';
      const files: { file: string; block: Block; runs: boolean; project: Project }[] = [];
      for (const b of code) {
        const project = /from '(\.\/generated\/|noderpc')/.test(b.code) ? made : user;
        const source = withClient(b.code, first);
        const file = join(project.dir, `${name}-${b.line}.${b.lang === 'js' ? 'mjs' : 'ts'}`);
        writeFileSync(file, `${source}${/^(import|export) /m.test(source) ? '' : 'export {};\n'}`);
        files.push({ file, block: b, runs: !showOnly(b.code), project });
      }
      // The blocks' own diagnostics: noderpc's sources, which the programmatic API is read from here, are
      // the generator's typecheck's business (a user gets their built declarations).
      const own = (list: string[], paths: string[]) => list.filter((d) => paths.some((p) => d.startsWith(`${p}:`)));
      const ts = files.filter((f) => f.file.endsWith('.ts')).map((f) => f.file);
      expect(own(typecheck(ts), ts)).toEqual([]);
      for (const f of files.filter((x) => x.file.endsWith('.mjs'))) {
        // A JavaScript block is checked as JavaScript (checkJs) by compiling a copy as TypeScript.
        const copy = f.file.replace(/\.mjs$/, '.check.ts');
        writeFileSync(copy, readFileSync(f.file, 'utf8'));
        expect(own(typecheck([copy]), [copy]), `${name} README line ${f.block.line}`).toEqual([]);
      }

      for (const f of files.filter((x) => x.runs)) {
        const [mock, base] = f.project === made ? [initMock, baseUrl(made.dir)] : [nodeMock, baseUrl(ROOT)];
        const source = readFileSync(f.file, 'utf8').replaceAll(base, mock);
        // A block's last call may leave a socket open (a subscription, keep-alive pings): the run ends there.
        writeFileSync(f.file, `${source}\nprocess.exit(0);\n`);
        try {
          await run(process.execPath, ['--import', pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href, f.file], { cwd: f.project.dir, timeout: 60_000, env: { ...process.env, NODE_PATH: '' } });
        } catch (e) {
          throw new Error(`${name} README, the block at line ${f.block.line}, failed against the mock:\n${f.block.code}\n${(e as { stderr?: string }).stderr ?? String(e)}`);
        }
      }
    }, 300_000);
  }
});
