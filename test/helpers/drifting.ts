/**
 * For test servers that stand in for a drifting node: the generated mock answers, and the test changes what
 * it must. Reading a request's body, and asking the mock (in process, through its fetch handler).
 */
import type { IncomingMessage } from 'node:http';
import type { RpcServer } from '../../generated/client/runtime/server/index.js';

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString('utf8')));
    req.on('end', () => resolve(text));
  });
}

/** The mock's answer to a JSON-RPC body posted on `path`. */
export function askMock(mock: { readonly server: RpcServer }, path: string | undefined, body: string): Promise<Response> {
  return mock.server.fetch(new Request(`http://mock${path ?? '/'}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }));
}
