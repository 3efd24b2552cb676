/**
 * `x-effects`: what a call does to the node. Every method of our spec says it; the methods the node's
 * documentation names as changing state are not reads; a foreign document without the extension is loaded
 * with every method `unknown` (not a read) and no problem reported.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../../generator/config/index.js';
import { loadProject } from '../../../generator/load/index.js';
import { effectsOf, isRepeatable } from '../../../generator/model/index.js';
import { allMethods } from '../../helpers/model.js';
import { ROOT } from '../../helpers/paths.js';

describe('x-effects', () => {
  const methods = allMethods().map(({ method }) => method);
  const byName = new Map(methods.map((m) => [m.name, m]));

  it('is stated on every method of the spec', () => {
    expect(methods.filter((m) => m.effects.kind === 'unknown').map((m) => m.name)).toEqual([]);
  });

  it.each([
    // [method, kind, idempotent]
    ['platform.getHeight', 'read', false],
    ['eth_getBalance', 'read', false],
    ['eth_call', 'read', false],
    ['eth_sendRawTransaction', 'write', true],
    ['platform.issueTx', 'write', true],
    ['native.issueTx', 'write', true],
    ['eth_sendTransaction', 'write', false],
    ['native.export', 'write', false],
    ['native.importKey', 'write', false],
    ['native.exportKey', 'admin', false],
    ['personal_unlockAccount', 'admin', false],
    ['personal_sendTransaction', 'write', false],
    ['admin.setLogLevel', 'admin', false],
    ['debug_startCPUProfile', 'admin', false],
    ['debug_setGCPercent', 'admin', false],
    ['debug_traceTransaction', 'read', false],
    // Advances the filter's cursor: a repeated call loses what the first answer held.
    ['eth_getFilterChanges', 'write', false],
  ] as const)('%s is %s (idempotent: %s)', (name, kind, idempotent) => {
    const m = byName.get(name);
    expect(m, name).toBeDefined();
    expect(m!.effects).toEqual({ kind, idempotent });
  });

  it('keeps every keystore method with a secret, personal_ (but ecRecover), admin and profiler method away from reads', () => {
    const reads = methods.filter((m) => m.effects.kind === 'read').map((m) => m.name);
    // A keystore method that takes a password or returns a key is no read (keystore.listUsers, names only, is).
    const withSecret = (n: string) => byName.get(n)!.params.some((p) => p.secret) || byName.get(n)!.result?.secret === true;
    const mustNot = reads.filter(
      (n) =>
        (byName.get(n)!.keystore !== undefined && withSecret(n)) ||
        (n.startsWith('personal_') && n !== 'personal_ecRecover') ||
        n.startsWith('admin.') ||
        /Profile|CPUProfile|GoTrace|ToFile|FromFile|GCPercent|freeOSMemory|verbosity|vmodule/.test(n),
    );
    expect(mustNot).toEqual([]);
  });

  it.each([
    ['read', { kind: 'read', idempotent: false }, true],
    ['write', { kind: 'write', idempotent: false }, false],
    ['admin', { kind: 'admin', idempotent: false }, false],
    [{ kind: 'write', idempotent: true }, { kind: 'write', idempotent: true }, true],
    [undefined, { kind: 'unknown', idempotent: false }, false],
    ['reads', { kind: 'unknown', idempotent: false }, false],
  ] as const)('effectsOf(%j) is %j, repeatable: %s', (given, want, repeatable) => {
    expect(effectsOf(given)).toEqual(want);
    expect(isRepeatable(effectsOf(given))).toBe(repeatable);
  });

  it('is unknown, and not a problem, for a foreign document that does not use it', () => {
    const config = resolveConfig(ROOT, {
      documents: [join('../shared/conformance/openrpc-real/metamask/openrpc.json')],
      out: 'test/.tmp/effects-foreign',
      strict: false,
    });
    const loaded = loadProject(config);
    expect(loaded.problems.filter((p) => p.code === 'effects-missing')).toEqual([]);
    const kinds = new Set(loaded.model!.services.flatMap((s) => s.methods.map((m) => m.effects.kind)));
    expect([...kinds]).toEqual(['unknown']);
  });
});
