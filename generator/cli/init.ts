/**
 * `noderpc init`: a project in the current folder, ready for `npm run generate`: noderpc.config.json (with
 * its JSON Schema, so editors complete it), a one-method OpenRPC document to replace with your own, and
 * `generate` and `mock` npm scripts. Files that exist are left alone (the command says which) unless
 * `--force`; package.json keeps everything it has and gains only missing scripts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { CommandContext } from './args.js';
import { CONFIG_FILE, FALLBACK_URL } from '../config/index.js';
import { writeFileAtomic as writeAtomic } from '../write/atomic.js';

export const SPEC_FILE = 'openrpc.yaml';

const SPEC = `# An OpenRPC document: one method to start from. Replace it with your API, then \`npm run generate\`.
# Reference: https://spec.open-rpc.org
openrpc: 1.3.2
info:
  title: My API
  version: 0.1.0
# No servers: clients call the URL they are given, and the mock serves it at /.
methods:
  - name: greet
    summary: A greeting for someone.
    description: An example method. Its example is what the mock answers and what the docs show.
    x-effects: read
    params:
      - name: name
        required: true
        schema:
          type: string
          minLength: 1
    result:
      name: greeting
      schema:
        type: string
    examples:
      - name: world
        params:
          - name: name
            value: world
        result:
          name: greeting
          value: Hello, world!
`;

/** An npm package name from a folder name. */
function packageName(folder: string): string {
  const base = folder.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[._-]+|[-]+$/g, '') || 'my-api';
  return `${base}-client`;
}

export async function runInit({ args, cwd, stdout, stderr }: CommandContext): Promise<number> {
  const force = args.flags.has('--force');
  const pkgPath = join(cwd, 'package.json');
  let pkg: Record<string, unknown> = {};
  if (existsSync(pkgPath)) {
    try {
      pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as Record<string, unknown>;
    } catch (e) {
      stderr.write(`package.json is not valid JSON (${(e as Error).message}); fix it, then run noderpc init again. Nothing was written.\n`);
      return 1;
    }
  }
  const config = {
    $schema: './node_modules/noderpc/noderpc.config.schema.json',
    documents: [{ path: SPEC_FILE, service: 'api' }],
    out: 'generated',
    package: { name: packageName(typeof pkg.name === 'string' ? pkg.name : basename(cwd)), version: '0.1.0', description: 'Typed JSON-RPC client, validators, server stubs and a mock for My API.' },
    url: FALLBACK_URL,
  };
  const files: [string, string][] = [
    [CONFIG_FILE, `${JSON.stringify(config, null, 2)}\n`],
    [SPEC_FILE, SPEC],
  ];
  const existing = files.filter(([name]) => existsSync(join(cwd, name))).map(([name]) => name);
  if (existing.length && !force) {
    stderr.write(`${existing.join(' and ')} already exist${existing.length === 1 ? 's' : ''} here; nothing was written (--force replaces ${existing.length === 1 ? 'it' : 'them'}).\n`);
    return 1;
  }
  const scripts = { ...((pkg.scripts as Record<string, string> | undefined) ?? {}) };
  const added: string[] = [];
  for (const [name, command] of [
    ['generate', 'noderpc generate'],
    ['mock', 'noderpc mock'],
  ] as const) {
    if (scripts[name] === undefined) {
      scripts[name] = command;
      added.push(name);
    }
  }
  for (const [name, text] of files) writeAtomic(join(cwd, name), text);
  const nextPkg = { ...(Object.keys(pkg).length ? pkg : { name: basename(cwd).toLowerCase().replace(/[^a-z0-9._-]+/g, '-') || 'my-api', version: '0.1.0', private: true, type: 'module' }), scripts };
  writeAtomic(pkgPath, `${JSON.stringify(nextPkg, null, 2)}\n`);
  stdout.write(
    [
      `Wrote ${CONFIG_FILE}, ${SPEC_FILE}${added.length ? ` and the npm scripts ${added.join(', ')} in package.json` : ''}.`,
      'Next:',
      '  npm run generate      # generated/: the client package, validators, server, mock, docs',
      '  npm run mock          # the mock on ' + FALLBACK_URL,
      `Then describe your API in ${SPEC_FILE} (or point "documents" in ${CONFIG_FILE} at your OpenRPC documents).`,
    ].join('\n') + '\n',
  );
  return 0;
}
