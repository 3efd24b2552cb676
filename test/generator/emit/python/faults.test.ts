/**
 * The Python client's fault suite: test/generator/emit/python/faults/test_faults.py run by Debian's python3 with
 * generated/python on its path (httpx and websockets, offline). Its servers (http.server, websockets) listen on
 * 127.0.0.1 with a free port, started and stopped by each Python test; each test must pass by name, so a test that vanishes fails here.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../../helpers/paths.js';
import { run } from '../clients/run.js';

const SUITE = resolve(ROOT, 'test/generator/emit/python/faults/test_faults.py');

describe('Python client faults', () => {
  it('ends every fault in its typed exception and never re-sends a write (HTTP and WebSocket)', async () => {
    const ran = await run('/usr/bin/python3', [SUITE], { env: { ...process.env, PYTHONPATH: resolve(ROOT, 'generated/python') }, timeoutMs: 120_000 });
    expect(ran.status, ran.stderr).toBe(0);
    const outcomes = JSON.parse(ran.stdout) as Record<string, string>;
    const failed = Object.entries(outcomes).filter(([, v]) => v !== 'ok');
    expect(failed.map(([name, why]) => `${name}: ${why}`).join('\n')).toBe('');
    const declared = [...readFileSync(SUITE, 'utf8').matchAll(/^ {4}def (test_\w+)\(/gm)].map((m) => m[1]).sort();
    expect(declared.length).toBeGreaterThan(40);
    expect(Object.keys(outcomes).sort()).toEqual(declared);
  }, 150_000);
});
