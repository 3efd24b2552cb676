/**
 * `noderpc diff` on real documents. Every document of the corpora (ours, the execution-API specification,
 * the real documents of other projects) diffed with a fresh load of itself gives no change; and documents
 * edited the way their authors edit them give exactly the changes made, classified.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffModels, readPath, readProject } from '../../../../generator/lifecycle/diff/index.js';
import { ROOT, SHARED, scratch } from '../../../helpers/paths.js';
import { describe as describeChange } from './cases.js';

const REAL = join(SHARED, 'conformance/openrpc-real');
const OURS = join(ROOT, 'generated/openrpc');

/**
 * starknet's documents reference each other as `./api/starknet_api_openrpc.json`, relative to their
 * repository's root rather than to the referring file; laid out with a copy where that path points from
 * api/, the references resolve as their authors meant.
 */
function starknetLayout(): string {
  const dir = scratch('starknet');
  const api = join(REAL, 'starknet/api');
  mkdirSync(join(dir, 'api/api'), { recursive: true });
  for (const f of readdirSync(api)) copyFileSync(join(api, f), join(dir, 'api', f));
  copyFileSync(join(api, 'starknet_api_openrpc.json'), join(dir, 'api/api/starknet_api_openrpc.json'));
  return join(dir, 'api');
}

const starknet = starknetLayout();
const CORPUS: readonly string[] = [
  ...readdirSync(OURS).map((f) => join(OURS, f)),
  OURS,
  join(SHARED, 'conformance/execution-apis/openrpc.json'),
  join(SHARED, 'conformance/execution-apis/refs-openrpc.json'),
  join(REAL, 'metamask/openrpc.json'),
  join(REAL, 'filecoin-lotus/lotus-v1.27.0.json'),
  ...readdirSync(join(REAL, 'starknet/api')).map((f) => join(starknet, f)),
];

describe('diff(a, a) is empty for every document of the corpora', () => {
  it('the project itself (the spec, through its config)', () => {
    expect(diffModels(readProject(ROOT).model, readProject(ROOT).model).changes).toEqual([]);
  });
  for (const path of CORPUS) {
    it(path.replace(`${SHARED}/`, '../shared/').replace(`${ROOT}/`, '').replace(/^\/.*\/api\//, 'starknet/api/'), () => {
      const a = readPath(path, ROOT);
      const b = readPath(path, ROOT);
      expect(a.model.services.reduce((n, s) => n + s.methods.length, 0)).toBeGreaterThan(path.includes('metadata') ? -1 : 0);
      expect(diffModels(a.model, b.model).changes).toEqual([]);
    });
  }

  it('our spec and its bundled documents (generated/openrpc) are the same interface', () => {
    expect(diffModels(readProject(ROOT).model, readPath(OURS, ROOT).model).changes).toEqual([]);
  });
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A document edited by `edit`, written to a scratch folder. */
function edited(source: string, edit: (doc: Json) => void): string {
  const doc = JSON.parse(readFileSync(source, 'utf8')) as Json;
  edit(doc);
  const file = join(scratch('edited'), 'openrpc.json');
  writeFileSync(file, JSON.stringify(doc));
  return file;
}

const method = (doc: Json, name: string) => (doc.methods as Json[]).find((m) => m.name === name)!;

describe('edited foreign documents give exactly the changes made', () => {
  it("MetaMask's document: a method removed, one renamed, one deprecated, a param loosened, a param added, a shared enum grown", () => {
    const before = join(REAL, 'metamask/openrpc.json');
    const after = edited(before, (doc) => {
      doc.methods = (doc.methods as Json[]).filter((m) => m.name !== 'wallet_scanQRCode');
      method(doc, 'eth_coinbase').name = 'eth_etherbase';
      method(doc, 'eth_decrypt').deprecated = true;
      method(doc, 'eth_getBalance').params[1].required = false;
      method(doc, 'wallet_watchAsset').params.push({ name: 'chainId', required: true, schema: { type: 'string' } });
      doc.components.schemas.BlockTag.enum.push('accepted');
    });
    const result = diffModels(readPath(before, ROOT).model, readPath(after, ROOT).model);
    // Every block param is `uint | BlockTag` (or `| hash32`): a union with plain strings, whose TypeScript
    // type is `string` whatever the enum holds. The enum's growth is a wire change only, met where each
    // method meets it.
    const blockTag = result.changes.filter((c) => c.schema === 'BlockTag');
    expect(blockTag.length).toBeGreaterThan(5);
    expect(new Set(blockTag.map((c) => `${c.rule} ${c.new}`))).toEqual(new Set(['param-wire-widened enum with "accepted"']));
    expect(result.changes.filter((c) => c.schema !== 'BlockTag').map(describeChange)).toEqual([
      'method-deprecated eth_decrypt',
      'method-renamed eth_etherbase',
      'param-became-optional eth_getBalance params.Block',
      'method-removed wallet_scanQRCode',
      'param-added-required wallet_watchAsset params.chainId',
    ]);
    expect(result.bump).toBe('major');
    // Removed, renamed, a param now optional (handlers see undefined), a required param added.
    expect(result.counts.breaking).toBe(4);
  });

  it('the execution-API specification, a later version: a field made optional in a shared schema, an error added, a method dropped', () => {
    const before = join(SHARED, 'conformance/execution-apis/refs-openrpc.json');
    const after = edited(before, (doc) => {
      const receipt = doc.components.schemas.ReceiptInfo;
      receipt.required = (receipt.required as string[]).filter((f) => f !== 'effectiveGasPrice');
      method(doc, 'eth_getProof').errors = [{ code: -32001, message: 'proof window exceeded' }];
      doc.methods = (doc.methods as Json[]).filter((m) => m.name !== 'eth_coinbase');
    });
    const result = diffModels(readPath(before, ROOT).model, readPath(after, ROOT).model);
    const receipt = result.changes.filter((c) => c.schema === 'ReceiptInfo');
    expect(new Set(receipt.map((c) => c.rule))).toEqual(new Set(['result-field-became-optional']));
    expect(new Set(receipt.map((c) => c.method))).toEqual(new Set(['eth_getBlockReceipts', 'eth_getTransactionReceipt']));
    expect(result.changes.filter((c) => c.schema !== 'ReceiptInfo').map(describeChange)).toEqual(['method-removed eth_coinbase', 'error-added eth_getProof errors.-32001']);
    expect(result.counts).toEqual({ breaking: receipt.length + 1, 'non-breaking': 1, info: 0 });
  });
});
