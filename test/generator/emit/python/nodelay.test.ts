/**
 * TCP_NODELAY on the generated Python client's own connections: test/generator/emit/python/nodelay/test_nodelay.py
 * run by Debian's python3 with generated/python on its path. Its HTTP server listens on 127.0.0.1 with a free port,
 * started and stopped by the script; the option is read back from the client's socket, never inferred from timing.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../../helpers/paths.js';
import { run } from '../clients/run.js';

const SCRIPT = resolve(ROOT, 'test/generator/emit/python/nodelay/test_nodelay.py');

describe('Python client TCP_NODELAY', () => {
  it('sets TCP_NODELAY on the sync and async clients it makes, leaves a given client and env proxies alone', async () => {
    const ran = await run('/usr/bin/python3', [SCRIPT], { env: { ...process.env, PYTHONPATH: resolve(ROOT, 'generated/python') }, timeoutMs: 60_000 });
    expect(ran.status, ran.stderr).toBe(0);
    const out = JSON.parse(ran.stdout) as Record<string, unknown>;
    expect(out).toMatchObject({
      sync_block: 42,
      async_block: 42,
      sync_owned: 1,
      async_owned: 1,
      // Debian's httpx 0.23 / httpcore 0.16 leave Nagle on: the probe sees the difference the fix makes.
      sync_plain: 0,
      sync_given_untouched: true,
      odd_pool_refused: true,
      env_proxy_kept: true,
    });
  }, 90_000);
});
