/**
 * Releases as a user makes them, through the command line on a scratch project: the first release, a spec
 * change that `generate` and `diff` report with the bump due, the release that records it (version,
 * changelog, docs), nothing to release twice, and a broken record refused before anything is written.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, scratch } from '../../../helpers/paths.js';
import { describe as describeChange } from '../diff/cases.js';

let dir: string;

function noderpc(...args: string[]): { status: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/noderpc.js'), ...args], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
  return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

const read = (path: string) => readFileSync(join(dir, path), 'utf8');

const item = { type: 'object', required: ['id', 'price'], properties: { id: { type: 'string' }, price: { type: 'integer' } } };

function spec(version: 1 | 2): object {
  const getItem = {
    name: 'shop.getItem',
    summary: 'One item',
    paramStructure: 'by-name',
    'x-effects': 'read',
    params: [{ name: 'id', required: true, schema: { type: 'string' } }, ...(version === 2 ? [{ name: 'currency', required: true, schema: { type: 'string' } }] : [])],
    result: { name: 'item', schema: item },
    examples: [{ name: 'one', params: [{ name: 'id', value: 'a' }, ...(version === 2 ? [{ name: 'currency', value: 'EUR' }] : [])], result: { name: 'item', value: { id: 'a', price: 3 } } }],
  };
  const listItems = {
    name: 'shop.listItems',
    summary: 'Every item',
    paramStructure: 'by-name',
    'x-effects': 'read',
    ...(version === 2 ? { deprecated: true, 'x-replaced-by': 'shop.countItems' } : {}),
    params: [],
    result: { name: 'items', schema: { type: 'array', items: item } },
    examples: [{ name: 'all', params: [], result: { name: 'items', value: [{ id: 'a', price: 3 }] } }],
  };
  const countItems = {
    name: 'shop.countItems',
    summary: 'How many items',
    paramStructure: 'by-name',
    'x-effects': 'read',
    params: [],
    result: { name: 'count', schema: { type: 'integer' } },
    examples: [{ name: 'count', params: [], result: { name: 'count', value: 1 } }],
  };
  return {
    openrpc: '1.3.2',
    info: { title: 'Shop API', version: '1.0.0' },
    servers: [{ name: 'shop', url: 'http://127.0.0.1:9650/ext/shop' }],
    methods: version === 1 ? [getItem, listItems] : [getItem, listItems, countItems],
  };
}

beforeAll(() => {
  dir = scratch('release');
  mkdirSync(join(dir, 'spec'));
  writeFileSync(join(dir, 'spec/shop.json'), JSON.stringify(spec(1), null, 2));
  const config = {
    documents: ['spec/shop.json'],
    out: 'generated',
    emit: ['openrpc', 'client', 'package', 'docs'],
    package: { name: 'shop-client', version: '0.1.0', description: 'Shop client', license: 'Apache-2.0', repository: 'github:example-org/shop' },
    releases: 'releases',
    clientName: 'createShopClient',
  };
  writeFileSync(join(dir, 'noderpc.config.json'), JSON.stringify(config, null, 2));
});

describe('noderpc release and noderpc diff on a project', () => {
  it('the first release takes the config\'s version and writes the record, the package and its changelog', () => {
    const r = noderpc('release');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('First release: 2 methods in 1 service, version 0.1.0');
    expect(JSON.parse(read('releases/releases.json'))).toEqual({ format: 'noderpc-releases/1', releases: [{ version: '0.1.0', first: true, changes: [] }] });
    expect(read('releases/documents/shop.json')).toBe(read('generated/openrpc/shop.json'));
    const pkg = JSON.parse(read('generated/client/package.json'));
    expect(pkg).toMatchObject({ name: 'shop-client', version: '0.1.0', license: 'Apache-2.0', repository: { type: 'git', url: 'git+https://github.com/example-org/shop.git' }, homepage: 'https://github.com/example-org/shop', bugs: { url: 'https://github.com/example-org/shop/issues' } });
    expect(read('generated/client/README.md')).toContain('The spec and its generator live in [https://github.com/example-org/shop](https://github.com/example-org/shop).');
    expect(read('generated/client/CHANGELOG.md')).toMatch(/## 0\.1\.0\n\nFirst release\.\n$/);
    expect(noderpc('diff').stdout).toContain('No changes to anyone');
  });

  it('generate and diff say what changed since the release and which bump is due', () => {
    writeFileSync(join(dir, 'spec/shop.json'), JSON.stringify(spec(2), null, 2));
    const generated = noderpc('generate');
    expect(generated.status).toBe(0);
    expect(generated.stdout).toContain('Release: 3 changes since 0.1.0 (1 breaking, 2 non-breaking, 0 info): a major bump is due, to 0.2.0.');
    // The package keeps the released version until the release is recorded.
    expect(JSON.parse(read('generated/client/package.json')).version).toBe('0.1.0');
    expect(read('generated/docs/shop.md')).toContain('**Not yet released** (due in 0.2.0)');

    // --fail-on breaking: the report still comes out, and the exit code says a change breaks someone.
    const json = noderpc('diff', '--json', '--fail-on', 'breaking');
    expect(json.status).toBe(1);
    const out = JSON.parse(json.stdout);
    expect(out).toMatchObject({ format: 'noderpc-diff/1', old: 'release 0.1.0', new: '.', bump: 'major', version: { current: '0.1.0', next: '0.2.0' }, counts: { breaking: 1, 'non-breaking': 2, info: 0 } });
    expect(out.changes.map(describeChange)).toEqual(['method-added shop.countItems', 'param-added-required shop.getItem params.currency', 'method-deprecated shop.listItems']);
    expect(out.changes[1]).toEqual({
      rule: 'param-added-required',
      severity: 'breaking',
      client: 'breaking',
      server: 'none',
      wire: 'breaking',
      service: 'shop',
      method: 'shop.getItem',
      path: 'params.currency',
      message: 'required param added: params.currency',
    });
    expect(noderpc('diff', '--fail-on', 'bogus')).toMatchObject({ status: 2, stderr: expect.stringContaining('--fail-on takes info, non-breaking, breaking') });
  });

  it('release --dry-run says what it would record and records nothing', () => {
    const before = read('releases/releases.json');
    const r = noderpc('release', '--dry-run');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Implied bump: major (0.1.0 → 0.2.0)');
    expect(r.stdout).toContain('(--dry-run: nothing recorded)');
    expect(read('releases/releases.json')).toBe(before);
  });

  it('release records 0.2.0: the version, the changelog by section and method, the docs per method', () => {
    const r = noderpc('release');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('Released 0.2.0: recorded in releases/.');
    expect(JSON.parse(read('generated/client/package.json')).version).toBe('0.2.0');
    expect(read('generated/client/CHANGELOG.md')).toBe(
      [
        '# Changelog',
        '',
        "Every release of `shop-client`, newest first, written from the release record by `noderpc release`. Each change comes from comparing the spec with the release before (`noderpc diff`); a breaking change names whom it breaks: code calling the client, handlers written for the server, or messages on the wire.",
        '',
        '## 0.2.0',
        '',
        '### Breaking',
        '',
        '- `shop.getItem`: required param added: `params.currency` (breaks client, wire)',
        '',
        '### Added',
        '',
        '- `shop.countItems`: method added',
        '',
        '### Deprecated',
        '',
        '- `shop.listItems`: method deprecated (`use shop.countItems`)',
        '',
        '## 0.1.0',
        '',
        'First release.',
        '',
      ].join('\n'),
    );
    const docs = read('generated/docs/shop.md');
    expect(docs).toMatch(/## shop\.countItems[\s\S]*?\*\*Since:\*\* 0\.2\.0\n/);
    expect(docs).toMatch(/## shop\.getItem[\s\S]*?\*\*Since:\*\* 0\.1\.0 · \*\*Changed in:\*\* 0\.2\.0\n/);
    expect(noderpc('generate', '--check').status).toBe(0);
  });

  it('nothing to release twice', () => {
    const r = noderpc('release');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('Nothing to release: the spec is as released in 0.2.0.');
  });

  it('a spec that does not generate is not released: the record is put back as it was', () => {
    const before = [read('releases/releases.json'), read('releases/documents/shop.json')];
    // A new optional param (a change to release) and an example that does not match its schema.
    const broken = spec(2) as { methods: { params: object[]; examples: { result: { value: unknown } }[] }[] };
    broken.methods[2]!.params.push({ name: 'category', required: false, schema: { type: 'string' } });
    broken.methods[2]!.examples[0]!.result.value = 'one';
    writeFileSync(join(dir, 'spec/shop.json'), JSON.stringify(broken, null, 2));
    const r = noderpc('release');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('Nothing was released');
    expect(r.stderr).toContain('[example-invalid]');
    expect([read('releases/releases.json'), read('releases/documents/shop.json')]).toEqual(before);
    writeFileSync(join(dir, 'spec/shop.json'), JSON.stringify(spec(2), null, 2));
  });

  it('a broken record stops generate before anything is written', () => {
    const before = read('generated/client/package.json');
    writeFileSync(join(dir, 'releases/releases.json'), '{ "format": "noderpc-releases/1", "releases": [{ "version": "two" }] }');
    const r = noderpc('generate');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('The release record cannot be used; generated/ was left untouched.');
    expect(r.stderr).toContain('releases/releases.json: releases[0] needs a "version" (major.minor.patch) and "changes" (a list)');
    expect(read('generated/client/package.json')).toBe(before);
  });
});
