/**
 * The Python client: what one call through generated/python costs over a bare httpx + json.loads call, both
 * from one Python process (bench/python/bench.py, Debian's python3) against the same local node:http server,
 * in the same run; then both through an in-process httpx.MockTransport.
 */
import { join } from 'node:path';
import { output, withBlockNumberNode } from './client-process.js';
import { ROOT, type Section } from './lib.js';

const CALLS = Number(process.env.BENCH_CALLS ?? 1000);
/** The interpreter to run (Debian's, with python3-httpx, by default). */
const PYTHON = process.env.PYTHON ?? '/usr/bin/python3';

function python(args: string[]): Promise<string> {
  return output(PYTHON, args, { env: { ...process.env, PYTHONPATH: join(ROOT, 'generated/python') } });
}

export async function pythonSection(): Promise<Section> {
  return withBlockNumberNode(async (url) => {
    type Pair = Record<'bare' | 'client' | 'bareCpu' | 'clientCpu', number>;
    const out = JSON.parse(await python([join(ROOT, 'bench/python/bench.py'), url, String(CALLS)])) as { local: Pair; memory: Pair; instant: Pair; rounds: number; httpx: string; python: string };
    const { local, memory, instant, rounds } = out;
    const over = (client: number, bare: number, digits: number) => `${(client - bare).toFixed(digits)} µs over bare, ${(client / bare).toFixed(2)}x`;
    const command = `bench/python/bench.py (Python ${out.python}, httpx ${out.httpx}): ${CALLS} sequential calls per round, ${rounds} rounds of bare and client (each first in every other round), one keep-alive httpx.Client as the package makes it (TCP_NODELAY), against a local node:http server; median round`;
    return {
      title: 'Python client',
      intro:
        "Per-call figures of one Python process, the two kinds of call alternating by round: first against one local server, then through an in-process httpx.MockTransport that leaves out network and server. CPU is the Python process's own user + system time per call, the steadier measure on a shared machine; wall time includes the server and the loopback.",
      extra:
        "Both sides share the httpx.Client the package makes when given none, which sets TCP_NODELAY on its connections: httpcore before 0.17 (Debian's python3-httpx 0.23 brings 0.16) leaves Nagle's algorithm on and writes a request's headers and body in two sends, so a plain httpx.Client() would wait out the server's delayed ACK (about 40 ms on Linux) on every call, bare or client.",
      rows: [
        { name: 'one call (eth_blockNumber), bare httpx + json.loads + int(x, 16): wall', value: `${local.bare.toFixed(0)} µs/call`, command },
        { name: 'one call, generated Python client: wall', value: `${local.client.toFixed(0)} µs/call (${over(local.client, local.bare, 0)})`, command: 'NodeClient(url, http_client=hc).evm.eth.block_number()' },
        { name: 'one call against the server, Python CPU: bare / generated client', value: `${local.bareCpu.toFixed(0)} / ${local.clientCpu.toFixed(0)} µs/call (${over(local.clientCpu, local.bareCpu, 0)})`, command: 'time.process_time_ns() over the same rounds' },
        {
          name: 'one call through an in-process httpx.MockTransport, Python CPU: bare / generated client',
          value: `${memory.bareCpu.toFixed(0)} / ${memory.clientCpu.toFixed(0)} µs/call (${over(memory.clientCpu, memory.bareCpu, 0)})`,
          command: `httpx.Client(transport=httpx.MockTransport(canned)) for both, ${CALLS} calls per round, ${rounds} rounds`,
        },
        {
          name: 'one call with no HTTP stack (a stand-in whose post builds the reply at once), Python CPU: bare / generated client',
          value: `${instant.bareCpu.toFixed(1)} / ${instant.clientCpu.toFixed(1)} µs/call (${over(instant.clientCpu, instant.bareCpu, 1)})`,
          command: 'bench.py Instant: what each side does besides httpx (the client: builder, codec plans, id, status and reply checks, decode)',
        },
      ],
    };
  });
}
