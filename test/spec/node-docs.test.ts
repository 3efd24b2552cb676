/**
 * Fidelity to every form the node's own documentation still shows. test/fixtures/node-docs holds the JSON
 * of every sample request, response and notification of the node repository's service documentation for
 * the services the spec models (Info, P-Chain, and the C-Chain's EVM additions, `avax` (our `native`) and
 * admin APIs, in the node repository and in the archived C-Chain repository), collected by
 * scripts/node-doc-samples.mjs. Each one must conform to the spec, or be a documentation form that no node
 * version sends or accepts, listed below with the reason, which the method's description must also give.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createConformance } from '../../generator/lifecycle/conform/index.js';
import type { MethodModel } from '../../generator/model/index.js';
import { projectModel } from '../helpers/model.js';
import { ROOT } from '../helpers/paths.js';

interface Sample {
  readonly heading: string;
  readonly line: number;
  readonly request?: { method: string; params?: unknown };
  readonly response?: { result?: unknown; error?: unknown };
  readonly notification?: { params: { result: unknown } };
  readonly repaired?: readonly string[];
}

interface Source {
  readonly source: string;
  readonly repository: string;
  readonly commit: string;
  readonly path: string;
  readonly samples: readonly Sample[];
}

const DIR = join(ROOT, 'test/fixtures/node-docs');
const sources = readdirSync(DIR)
  .sort()
  .map((f) => JSON.parse(readFileSync(join(DIR, f), 'utf8')) as Source);

/** The docs' names for our methods: the node's `avax` service is our `native`; `admin_x` means `admin.x`. */
function ours(name: string): string {
  return name.replace(/^avax\./, 'native.').replace(/^admin_/, 'admin.');
}

/** Documented methods the spec does not model (not in the interface it describes). */
const NOT_MODELED = new Map<string, string>([]);

/**
 * Samples no node version sends or accepts: by heading, the part at fault and what in it (`holds`, a piece of
 * that part's JSON); `says` is what the method's description quotes of the form, where it explains why (as a
 * "documentation form").
 */
const DOCUMENTATION_ONLY: readonly { heading: string; part: 'request' | 'response' | 'notification' | 'method name'; holds: string; says: string }[] = [
  { heading: 'eth_callDetailed', part: 'request', holds: '"to":"0x..."', says: '"0x..."' },
  { heading: 'eth_newAcceptedTransactions', part: 'request', holds: '{"fullTx":false}', says: '{"fullTx":' },
  { heading: 'eth_newAcceptedTransactions', part: 'notification', holds: '"0xtransactionhash..."', says: '"0xtransactionhash..."' },
  { heading: 'avax.getUTXOs', part: 'request', holds: '"X-avax1..."', says: '"X-avax1..."' },
  { heading: 'avax.issueTx', part: 'request', holds: '"0x..."', says: '"0x..."' },
  { heading: 'avax.getAtomicTxStatus', part: 'request', holds: '"2QouvNW..."', says: '"2QouvNW..."' },
  { heading: 'avax.getAtomicTx', part: 'request', holds: '"2QouvNW..."', says: '"2QouvNW..."' },
  { heading: 'platform.getL1Validator', part: 'request', holds: '"validationID":["', says: '"validationID": ["..."]' },
  { heading: 'platform.getUTXOs', part: 'request', holds: '"utxo":"0x62fc816b', says: '"0x62fc816b..."' },
  { heading: 'admin_startCPUProfiler', part: 'method name', holds: '"admin_startCPUProfiler"', says: 'admin_startCPUProfiler' },
  { heading: 'admin_stopCPUProfiler', part: 'method name', holds: '"admin_stopCPUProfiler"', says: 'admin_stopCPUProfiler' },
  { heading: 'admin_memoryProfile', part: 'method name', holds: '"admin_memoryProfile"', says: 'admin_memoryProfile' },
  { heading: 'admin_lockProfile', part: 'method name', holds: '"admin_lockProfile"', says: 'admin_lockProfile' },
  { heading: 'admin_setLogLevel', part: 'method name', holds: '"admin_setLogLevel"', says: 'admin_setLogLevel' },
  { heading: 'warp_getMessage', part: 'response', holds: '"0x..."', says: '"0x..."' },
  { heading: 'warp_getMessageSignature', part: 'response', holds: '"0x..."', says: '"0x..."' },
  { heading: 'warp_getBlockSignature', part: 'response', holds: '"0x..."', says: '"0x..."' },
  { heading: 'warp_getMessageAggregateSignature', part: 'response', holds: '"0x..."', says: '"0x..."' },
  { heading: 'warp_getBlockAggregateSignature', part: 'response', holds: '"0x..."', says: '"0x..."' },
  { heading: 'admin_getVMConfig', part: 'method name', holds: '"admin_getVMConfig"', says: 'admin_getVMConfig' },
];

/** The entries that excuse this sample: same heading, and the part holds what the entry names. */
function excusesOf(sample: Sample): typeof DOCUMENTATION_ONLY {
  return DOCUMENTATION_ONLY.filter((d) => {
    if (d.heading !== sample.heading) return false;
    const part = d.part === 'method name' ? sample.request : sample[d.part];
    return part !== undefined && JSON.stringify(part).includes(d.holds);
  });
}

/**
 * The services a documentation file describes: the EVM chain's (whose `admin` namespace is its own) for
 * coreth's, the node's Info and P-Chain for the rest. Method names alone are not unique across the node:
 * the node Admin API has methods of the same names as the EVM chain's admin namespace.
 */
const services = projectModel().services;
const EVM_CHAIN = new Set(['evm', 'admin', 'native']);
const conformanceOf = (source: { repository: string; path: string }) =>
  createConformance(services.filter((s) => (/coreth/.test(`${source.repository}/${source.path}`) ? EVM_CHAIN.has(s.name) : !EVM_CHAIN.has(s.name))));

/** The problems of each part of a sample, in words. */
function problems(conformance: ReturnType<typeof createConformance>, sample: Sample): Record<'request' | 'response' | 'notification', string[]> {
  const name = ours(sample.request?.method ?? sample.heading);
  const m = conformance.method(name)!;
  const say = (prefix: string) => (p: { pointer: string; message: string }) => `${prefix}${p.pointer} ${p.message}`;
  const out = { request: [] as string[], response: [] as string[], notification: [] as string[] };
  if (sample.request) out.request = m.params(sample.request.params).problems.map(say('params'));
  if (sample.response && 'result' in sample.response) out.response = m.result(sample.response.result).problems.map(say('result'));
  if (sample.notification) {
    const kind = (sample.request?.params as unknown[] | undefined)?.[0];
    const verdict = typeof kind === 'string' ? m.notification(kind, sample.notification.params.result) : undefined;
    out.notification = verdict ? verdict.problems.map(say('notification')) : [`no subscription kind ${String(kind)}`];
  }
  return out;
}

/** The method's description and its subscription kinds', on one line. */
function describedIn(method: MethodModel): string {
  const kinds = method.subscriptions?.kinds.map((k) => k.description ?? '') ?? [];
  return [method.description ?? '', ...kinds].join('\n').replace(/\s+/g, ' ');
}

describe('the node documentation samples', () => {
  it('are read from every documentation file, each with its commit', () => {
    expect(sources.map((s) => `${s.repository}:${s.path}`)).toEqual([
      'ava-labs/avalanchego:graft/coreth/plugin/evm/service.md',
      'ava-labs/coreth:plugin/evm/api.md',
      'ava-labs/avalanchego:api/info/service.md',
      'ava-labs/avalanchego:vms/platformvm/service.md',
    ]);
    for (const s of sources) expect(s.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(sources.reduce((n, s) => n + s.samples.length, 0)).toBeGreaterThan(80);
  });

  for (const source of sources) {
    describe(`${source.repository} ${source.path}`, () => {
      const conformance = conformanceOf(source);
      for (const sample of source.samples) {
        const name = sample.request?.method ?? sample.heading;
        const title = `${sample.heading} (line ${sample.line})`;
        if (NOT_MODELED.has(name)) {
          it(`${title}: not modeled, ${NOT_MODELED.get(name)}`, () => {
            expect(conformance.method(ours(name))).toBeUndefined();
          });
          continue;
        }
        const known = excusesOf(sample);
        it(title, () => {
          const method = conformance.method(ours(name));
          expect(method, `${name} is neither modeled nor listed as not modeled`).toBeDefined();
          const found = problems(conformance, sample);
          for (const part of ['request', 'response', 'notification'] as const) {
            const excused = known.find((d) => d.part === part);
            if (excused) {
              // Still rejected (else the entry has outlived its reason), and explained in the spec.
              expect(found[part], `${part} is now accepted: drop it from DOCUMENTATION_ONLY`).not.toEqual([]);
              expect(describedIn(method!.method)).toContain('documentation form');
              expect(describedIn(method!.method)).toContain(excused.says);
            } else expect(found[part], `${part} of the sample`).toEqual([]);
          }
          const named = known.find((d) => d.part === 'method name');
          if (named) {
            expect(name).not.toBe(method!.method.name);
            expect(describedIn(method!.method)).toContain('documentation form');
            expect(describedIn(method!.method)).toContain(named.says);
          } else if (!name.startsWith('avax.')) expect(name).toBe(method!.method.name);
        });
      }
    });
  }

  it('lists no documentation form that no sample shows', () => {
    const used = new Set(sources.flatMap((s) => s.samples.flatMap(excusesOf)));
    expect(DOCUMENTATION_ONLY.filter((d) => !used.has(d))).toEqual([]);
  });
});
