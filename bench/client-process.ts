/**
 * What the benches of the clients in other languages (bench/go.ts, bench/python.ts) share: the local node their
 * program calls, and running that program for its output.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Runs `measure` against a node:http server on 127.0.0.1 that answers every call with the same block number
 * (`eth_blockNumber`), with keep-alive connections; the server is closed after.
 */
export async function withBlockNumberNode<T>(measure: (url: string) => Promise<T>): Promise<T> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const { id } = JSON.parse(Buffer.concat(chunks).toString()) as { id: unknown };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":"0x42c1d80"}`);
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    return await measure(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.close();
  }
}

/** The standard output of a program run to its end; a failed run rejects with its exit code and standard error. */
export function output(file: string, args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, options);
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${file} ${args.join(' ')}: exited with ${code}: ${err}`))));
  });
}
