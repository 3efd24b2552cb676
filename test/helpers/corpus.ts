/**
 * The real-document corpus, as every test that takes all of it reads it: the documents kept beside the other
 * projects' conformance material (../shared/conformance) and the published documents vendored under
 * test/corpus/<name>/, each with a source.json that names the document.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, SHARED } from './paths.js';

export interface CorpusEntry {
  readonly name: string;
  /** The folder its documents' paths are relative to. */
  readonly root: string;
  readonly documents: readonly string[];
}

const REAL = join(SHARED, 'conformance/openrpc-real');
const CORPUS_DIR = join(ROOT, 'test/corpus');

/** The documents kept beside the other projects' conformance material, as the conformance tests use them. */
export const SHARED_DOCUMENTS: readonly CorpusEntry[] = [
  { name: 'metamask', root: join(REAL, 'metamask'), documents: ['openrpc.json'] },
  {
    name: 'starknet',
    root: join(REAL, 'starknet'),
    documents: ['api/starknet_api_openrpc.json', 'api/starknet_write_api.json', 'api/starknet_trace_api_openrpc.json', 'api/starknet_ws_api.json', 'api/starknet_executables.json'],
  },
  { name: 'filecoin-lotus', root: join(REAL, 'filecoin-lotus'), documents: ['lotus-v1.27.0.json'] },
  { name: 'execution-apis', root: join(SHARED, 'conformance/execution-apis'), documents: ['openrpc.json'] },
];

/** test/corpus/<name>/source.json names the document kept beside it. */
export const VENDORED: readonly CorpusEntry[] = readdirSync(CORPUS_DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => {
    const source = JSON.parse(readFileSync(join(CORPUS_DIR, d.name, 'source.json'), 'utf8')) as { document: string };
    return { name: d.name, root: join(CORPUS_DIR, d.name), documents: [source.document] };
  });

/** Every document of the corpus. */
export const CORPUS: readonly CorpusEntry[] = [...SHARED_DOCUMENTS, ...VENDORED];
