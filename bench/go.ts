/**
 * The Go client: what one call through generated/go costs over a bare net/http + encoding/json call, both
 * from one Go program (bench/go/main.go) against the same local node:http server, in the same run.
 */
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { output, withBlockNumberNode } from './client-process.js';
import { remove, ROOT, scratch, type Section } from './lib.js';

const CALLS = Number(process.env.BENCH_CALLS ?? 3000);
/** The Go toolchain to build with (Debian's by default). */
const GO = process.env.GO ?? 'go';

function go(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<string> {
  return output(GO, args, { cwd, env });
}

export async function goSection(): Promise<Section> {
  const dir = scratch('go');
  const env = { ...process.env, GOFLAGS: '-mod=mod', GOPROXY: 'off', GOTOOLCHAIN: 'local' };
  try {
    writeFileSync(join(dir, 'go.mod'), `module bench\n\ngo 1.19\n\nrequire noderpc/client v0.0.0\n\nreplace noderpc/client => ${join(ROOT, 'generated/go')}\n`);
    copyFileSync(join(ROOT, 'bench/go/main.go'), join(dir, 'main.go'));
    await go(['build', '-o', 'bench', '.'], dir, env);
    const out = await withBlockNumberNode((url) => output(join(dir, 'bench'), [url, String(CALLS)]));
    const { bare, client, memBare, memClient } = JSON.parse(out) as Record<'bare' | 'client' | 'memBare' | 'memClient', number>;
    const command = `bench/go/main.go (go build, Go ${(await go(['env', 'GOVERSION'], dir, env)).trim()}): ${CALLS} sequential calls x5 alternating, against a local node:http server, median round`;
    return {
      title: 'Go client',
      intro:
        'Per-call figures of one Go process, the two kinds of call alternating by round: first against one local server, then through an in-process transport that isolates what each side itself costs.',
      rows: [
        { name: 'one call (eth_blockNumber), bare net/http + encoding/json + math/big', value: `${bare.toFixed(0)} µs/call`, command },
        { name: 'one call, generated Go client', value: `${client.toFixed(0)} µs/call (${(client - bare).toFixed(0)} µs over bare, ${(client / bare).toFixed(2)}x)`, command: 'client.New(url).Evm.Eth.BlockNumber(ctx)' },
        {
          name: 'one call, bare, through an in-process RoundTripper (no network, no server)',
          value: `${memBare.toFixed(1)} µs/call`,
          command: `the same bare call with http.Client{Transport: canned{}}, ${CALLS * 10} calls x5`,
        },
        {
          name: 'one call, generated Go client, in-process RoundTripper',
          value: `${memClient.toFixed(1)} µs/call (${(memClient - memBare).toFixed(1)} µs over bare, ${(memClient / memBare).toFixed(2)}x)`,
          command: 'client.New(url, client.WithHTTPClient(&http.Client{Transport: canned{}}))',
        },
      ],
    };
  } finally {
    remove(dir);
  }
}
