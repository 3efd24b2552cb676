/**
 * Logging: structured entries through the logger option, secrets masked in params and scrubbed from a
 * handler's own failure, and a logger that throws never takes a request down.
 */
import { describe, expect, it } from 'vitest';
import { createRpcServer, type LogEntry } from '../../../runtime/server/index.js';
import { post } from './client.js';
import { ALL_SERVICES, handlers } from './fixtures.js';

const ADDR = '0x1111111111111111111111111111111111111111';
const exportKey = (password: string): Record<string, unknown> => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'native.exportKey',
  params: { username: 'u', password, address: ADDR },
});

describe('logger', () => {
  it('gets one call entry per call, with secret params as *** and the error code of failed calls', async () => {
    const logs: LogEntry[] = [];
    const server = createRpcServer({ services: ALL_SERVICES, handlers, logger: (e) => logs.push(e) });
    const at = await server.listen();
    try {
      await post(at.url, '/ext/bc/C/native', exportKey('hunter22'));
      await post(at.url, '/ext/bc/C/rpc', { jsonrpc: '2.0', id: 2, method: 'eth_chainId' });
      const calls = logs.filter((e) => e.event === 'call');
      expect(calls).toHaveLength(2);
      expect(calls[0]).toMatchObject({
        level: 'debug',
        service: 'native',
        method: 'native.exportKey',
        transport: 'http',
        code: -32000,
        params: { username: 'u', password: '***', address: ADDR },
      });
      expect(calls[1]).toMatchObject({ service: 'evm', method: 'eth_chainId', params: undefined, message: 'eth_chainId ok' });
      expect(typeof calls[1]?.durationMs).toBe('number');
      expect(JSON.stringify(logs)).not.toContain('hunter22');
    } finally {
      await server.close();
    }
  });

  it('logs params as sent, with secrets masked also inside a one-element array', async () => {
    const logs: LogEntry[] = [];
    const server = createRpcServer({ services: ALL_SERVICES, handlers, logger: (e) => logs.push(e), mode: 'node' });
    const at = await server.listen();
    try {
      await post(at.url, '/ext/bc/C/native', { ...exportKey('x'), params: [{ username: 'u', password: 'hunter22', address: ADDR }] });
      expect(logs.find((e) => e.event === 'call')?.params).toEqual([{ username: 'u', password: '***', address: ADDR }]);
      expect(JSON.stringify(logs)).not.toContain('hunter22');
    } finally {
      await server.close();
    }
  });

  it("logs a handler's unexpected failure with its message and stack, secrets scrubbed; the client sees neither", async () => {
    const logs: LogEntry[] = [];
    const server = createRpcServer({
      services: ALL_SERVICES,
      handlers: {
        ...handlers,
        native: {
          native: {
            exportKey: ({ password }: { password: string }) => {
              throw new Error(`keystore at /var/lib/keys rejected password hunter22 (${password.length} chars): ${password}`);
            },
          },
        },
      },
      logger: (e) => logs.push(e),
    });
    const at = await server.listen();
    try {
      const res = await post(at.url, '/ext/bc/C/native', exportKey('hunter22'));
      expect(res.body).toBe('{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"Internal error"}}');
      const failed = logs.find((e) => e.event === 'handler-failed');
      expect(failed).toMatchObject({
        level: 'error',
        method: 'native.exportKey',
        error: { name: 'Error', message: 'keystore at /var/lib/keys rejected password *** (8 chars): ***' },
      });
      expect(failed?.error?.stack).toContain('keystore at /var/lib/keys');
      expect(JSON.stringify(logs)).not.toContain('hunter22');
    } finally {
      await server.close();
    }
  });

  it('logs invalid results in development mode', async () => {
    const logs: LogEntry[] = [];
    const server = createRpcServer({ services: ALL_SERVICES, handlers, logger: (e) => logs.push(e), validateResults: true });
    try {
      const res = await server.fetch(
        new Request('http://x/ext/info', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"jsonrpc":"2.0","id":1,"method":"info.checked"}',
        }),
      );
      expect(((await res.json()) as { error: { code: number } }).error.code).toBe(-32603);
      expect(logs.find((e) => e.event === 'result-invalid')).toMatchObject({ level: 'error', method: 'info.checked' });
    } finally {
      await server.close();
    }
  });

  it('may throw without breaking a request', async () => {
    const server = createRpcServer({
      services: ALL_SERVICES,
      handlers,
      logger: () => {
        throw new Error('the log sink is full');
      },
    });
    const at = await server.listen();
    try {
      expect((await post(at.url, '/ext/info', { jsonrpc: '2.0', id: 1, method: 'info.crash' })).body).toBe(
        '{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"Internal error"}}',
      );
    } finally {
      await server.close();
    }
  });
});
