/**
 * What a `$ref` may read: regular files inside the project folder, up to a size limit. A reference to a
 * device (/dev/zero, /dev/urandom), a FIFO, a folder, a file outside the project (absolute, `../`, or a
 * link leading out) or an oversized file fails with a located error and nothing of the file is read; the
 * config's `refsOutsideProject` widens the folder, never the kind of file.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../../generator/config/index.js';
import { loadProject } from '../../../generator/load/index.js';
import { MAX_FILE_BYTES } from '../../../generator/load/workspace.js';
import { scratch } from '../../helpers/paths.js';

function project(ref: string, outside = false): { root: string; problems: { code: string; message: string; line?: number; file?: string }[] } {
  const root = scratch('ref-scope');
  mkdirSync(join(root, 'spec'));
  writeFileSync(
    join(root, 'spec/api.yaml'),
    `openrpc: 1.3.2
info: { title: T, version: 1.0.0 }
methods:
  - name: m
    x-effects: read
    params: []
    result:
      name: r
      schema:
        $ref: ${JSON.stringify(ref)}
    examples: [{ name: e, params: [], result: { name: r, value: 1 } }]
`,
  );
  const config = resolveConfig(root, { documents: ['spec/api.yaml'], ...(outside ? { refsOutsideProject: true } : {}) });
  return { root, problems: loadProject(config).problems as never };
}

describe('$ref reads only regular files inside the project', () => {
  it.each([
    ['/dev/zero', 'ref-outside'],
    ['/dev/zero#/A', 'ref-outside'],
    ['/dev/urandom', 'ref-outside'],
    ['/etc/passwd#/root', 'ref-outside'],
    ['../../../../../../../../etc/hostname', 'ref-outside'],
  ])('%s: %s, located, nothing read', (ref, code) => {
    const { problems } = project(ref);
    const p = problems.find((x) => x.code === code);
    expect(p, JSON.stringify(problems)).toBeDefined();
    expect(p!.file).toBe('spec/api.yaml');
    expect(p!.line).toBe(10);
    expect(problems.every((x) => !/root:|x:0:0/.test(x.message))).toBe(true);
  });

  it('a device, a FIFO and a folder are refused even when outside files are allowed', () => {
    expect(project('/dev/zero', true).problems.map((p) => p.code)).toContain('ref-not-file');
    const { root } = project('x.yaml');
    execFileSync('mkfifo', [join(root, 'spec/pipe.yaml')]);
    mkdirSync(join(root, 'spec/folder.yaml'));
    for (const ref of ['pipe.yaml', 'folder.yaml']) {
      writeFileSync(join(root, 'spec/api.yaml'), `openrpc: 1.3.2\ninfo: { title: T, version: 1.0.0 }\nmethods:\n  - { name: m, x-effects: read, params: [], result: { name: r, schema: { $ref: '${ref}' } } }\n`);
      const problems = loadProject(resolveConfig(root, { documents: ['spec/api.yaml'] })).problems;
      expect(problems.map((p) => p.code)).toContain('ref-not-file');
    }
  });

  it('a link inside the project that leads out is refused; an oversized file too', () => {
    const { root } = project('x.yaml');
    const outside = scratch('ref-scope-outside');
    writeFileSync(join(outside, 'secret.yaml'), 'Secret: { type: string }\n');
    symlinkSync(join(outside, 'secret.yaml'), join(root, 'spec/link.yaml'));
    writeFileSync(join(root, 'spec/big.yaml'), `A: { type: string, description: "${'x'.repeat(MAX_FILE_BYTES)}" }\n`);
    for (const [ref, code] of [['link.yaml#/Secret', 'ref-outside'], ['big.yaml#/A', 'ref-too-large']]) {
      writeFileSync(join(root, 'spec/api.yaml'), `openrpc: 1.3.2\ninfo: { title: T, version: 1.0.0 }\nmethods:\n  - { name: m, x-effects: read, params: [], result: { name: r, schema: { $ref: '${ref}' } } }\n`);
      expect(loadProject(resolveConfig(root, { documents: ['spec/api.yaml'] })).problems.map((p) => p.code)).toContain(code);
    }
  });

  it('a file inside the project is read as before; outside ones with the flag', () => {
    const { root } = project('x.yaml');
    writeFileSync(join(root, 'spec/x.yaml'), 'A: { type: integer }\n');
    writeFileSync(join(root, 'spec/api.yaml'), `openrpc: 1.3.2\ninfo: { title: T, version: 1.0.0 }\nmethods:\n  - { name: m, x-effects: read, params: [], result: { name: r, schema: { $ref: 'x.yaml#/A' } } }\n`);
    expect(loadProject(resolveConfig(root, { documents: ['spec/api.yaml'] })).problems.filter((p) => p.code.startsWith('ref-') || p.code === 'file-missing')).toEqual([]);
    const outside = scratch('ref-scope-allowed');
    writeFileSync(join(outside, 'o.yaml'), 'A: { type: integer }\n');
    writeFileSync(join(root, 'spec/api.yaml'), `openrpc: 1.3.2\ninfo: { title: T, version: 1.0.0 }\nmethods:\n  - { name: m, x-effects: read, params: [], result: { name: r, schema: { $ref: '${join(outside, 'o.yaml')}#/A' } } }\n`);
    const codes = (o: boolean) => loadProject(resolveConfig(root, { documents: ['spec/api.yaml'], refsOutsideProject: o })).problems.map((p) => p.code);
    expect(codes(false)).toContain('ref-outside');
    expect(codes(true).filter((c) => c.startsWith('ref-outside') || c === 'file-missing' || c === 'ref-not-file')).toEqual([]);
  });
});
