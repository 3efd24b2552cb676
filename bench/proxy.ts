/**
 * What the checking proxy adds to a call: the generated server answers platform.getBalance in its own
 * process; the same call is made one at a time (one keep-alive connection) straight to it and through the
 * proxy (forwarding only; checking every request and reply; checking and recording), rounds interleaved so that drift in
 * the machine's speed falls on every path alike. Added latency = median through the proxy − median direct.
 */
import { request, Agent } from 'node:http';
import { median, remove, scratch, startProcess, type Section } from './lib.js';
import { body, PATH } from './servers/request.js';

const CALLS = Number(process.env.BENCH_PROXY_CALLS ?? 400);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** One call's round trip in milliseconds over a kept-alive connection. */
function once(url: URL, payload: string, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = request(
      { hostname: url.hostname, port: url.port, path: PATH, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - t0) : reject(new Error(`HTTP ${res.statusCode}`))));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function latencies(url: string, payload: string, n: number): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const u = new URL(url);
  const out: number[] = [];
  try {
    for (let i = 0; i < n; i++) out.push(await once(u, payload, agent));
  } finally {
    agent.destroy();
  }
  return out;
}

export async function proxySection(): Promise<Section> {
  const dir = scratch('proxy-record');
  const upstream = await startProcess('bench/servers/generated.ts');
  const forwarding = await startProcess('bench/servers/proxy.ts', [upstream.url, '--no-checks']);
  const checking = await startProcess('bench/servers/proxy.ts', [upstream.url]);
  const recording = await startProcess('bench/servers/proxy.ts', [upstream.url, dir]);
  const paths = [
    { key: 'direct', url: upstream.url },
    { key: 'forwarding', url: forwarding.url },
    { key: 'checking', url: checking.url },
    { key: 'recording', url: recording.url },
  ];
  const payload = body(1);
  const times: Record<string, number[]> = {};
  try {
    for (const p of paths) await latencies(p.url, payload, 100); // warm-up: compile the checks, fill caches
    for (let round = 0; round < ROUNDS; round++) for (const p of paths) (times[p.key] ??= []).push(...(await latencies(p.url, payload, CALLS)));
  } finally {
    await Promise.all([upstream, forwarding, checking, recording].map((p) => p.stop()));
    remove(dir);
  }
  const med = (k: string) => median(times[k]!);
  const us = (v: number) => `${(v * 1000).toFixed(0)} µs`;
  const command = `${CALLS} sequential POST ${PATH} platform.getBalance per path per round, one keep-alive connection; median of ${ROUNDS * CALLS} calls`;
  return {
    title: 'Proxy',
    intro: 'The generated server (bench/servers/generated.ts) as the upstream node; the proxy (bench/servers/proxy.ts, as `noderpc proxy` wires it) in its own process; the caller in a third.',
    rows: [
      { name: 'one call, straight to the server', value: us(med('direct')), command },
      { name: 'one call through the proxy (forwarding only, no checks)', value: us(med('forwarding')), command: 'same calls via the proxy with no inspector (bench/servers/proxy.ts --no-checks)' },
      { name: 'one call through the proxy (checking)', value: us(med('checking')), command: 'same calls via noderpc proxy --upstream <server>' },
      { name: 'one call through the proxy (checking and recording)', value: us(med('recording')), command: 'same calls via noderpc proxy --upstream <server> --record <dir>' },
      { name: 'added by the hop alone', value: us(med('forwarding') - med('direct')), command: 'difference of the medians above' },
      { name: 'added by the proxy (checking)', value: us(med('checking') - med('direct')), command: 'difference of the medians above' },
      { name: 'added by the proxy (checking and recording)', value: us(med('recording') - med('direct')), command: 'difference of the medians above' },
    ],
  };
}
