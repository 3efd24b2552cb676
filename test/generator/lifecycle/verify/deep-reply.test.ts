/**
 * `noderpc verify` against a node whose reply nests 200,000 levels deep: the method is reported as not
 * checked (`unreadable`), with where the nesting goes too deep, and the command exits 2: the check is
 * incomplete (no stack trace, and not the exit status of drift).
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../../helpers/paths.js';

const DEEP = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;

describe('verify and a reply nested too deep', () => {
  it('reports the method as not checked and does not crash', { timeout: 60_000 }, async () => {
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        const { id } = JSON.parse(body) as { id: unknown };
        res.setHeader('content-type', 'application/json');
        res.end(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"height":${DEEP}}}`);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const run = await new Promise<{ status: number | null; out: string; err: string }>((resolve) => {
        const child = spawn(process.execPath, [join(ROOT, 'bin/noderpc.js'), 'verify', url, '--methods', 'platform.getHeight', '--no-discover'], { cwd: ROOT });
        let out = '';
        let err = '';
        child.stdout.on('data', (d) => (out += d));
        child.stderr.on('data', (d) => (err += d));
        child.on('close', (status) => resolve({ status, out, err }));
      });
      expect(run.err).not.toMatch(/RangeError|at .*\.js:\d+/);
      expect(run.out).toContain('platform.getHeight: the reply nests values more than 256 levels deep (at /result/height/0/0');
      expect(run.out).toMatch(/1 unreadable/);
      expect(run.status).toBe(2);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
