/**
 * The client: what importing it costs a process, what one call costs over a bare fetch (and viem), and how
 * much a bundle that uses one method weighs.
 */
import { mkdirSync, writeFileSync, cpSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { createPublicClient, http } from 'viem';
import { median, medianProcess, ms, NODE, remove, ROOT, scratch, type Section } from './lib.js';
import { nodeClientSizes, NODE_CLIENT_TARGET } from './node-bundle.js';

const IMPORT_RUNS = Number(process.env.BENCH_RUNS ?? 7);
const CALLS = Number(process.env.BENCH_CALLS ?? 3000);

function importCost(specifier: string): number {
  const code = `await import(${JSON.stringify(specifier)});`;
  return medianProcess([NODE, '--input-type=module', '-e', code], IMPORT_RUNS, { warmup: 2 }).ms;
}

async function localNode(): Promise<{ url: string; server: Server }> {
  const body = (id: unknown) => `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":"0x42c1d80"}`;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const msg = JSON.parse(Buffer.concat(chunks).toString()) as { id: unknown } | { id: unknown }[];
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(Array.isArray(msg) ? `[${msg.map((m) => body(m.id)).join(',')}]` : body(msg.id));
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function perCall(fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 300; i++) await fn();
  const rounds: number[] = [];
  for (let r = 0; r < 3; r++) {
    const t0 = performance.now();
    for (let i = 0; i < CALLS; i++) await fn();
    rounds.push(((performance.now() - t0) * 1000) / CALLS);
  }
  return median(rounds);
}

/**
 * What a program using one method loads up front: the entry chunk and every chunk it imports statically,
 * each gzipped on its own (as a server sends them). Chunks behind a dynamic import (the result validator,
 * batching, the failure paths) load only when used and are listed apart.
 */
export async function oneMethodBundle(app: string): Promise<Section['rows'][number]> {
  const result = await build({ entryPoints: [join(app, 'entry.js')], bundle: true, minify: true, format: 'esm', splitting: true, platform: 'browser', outdir: join(app, 'dist'), write: false, absWorkingDir: app, metafile: true });
  const files = new Map(result.outputFiles.map((f) => [relative(app, f.path), f.contents]));
  const entry = [...files.keys()].find((k) => /^dist\/entry\.js$/.test(k))!;
  const loaded = new Set<string>();
  const stack = [entry];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (loaded.has(file)) continue;
    loaded.add(file);
    for (const i of result.metafile.outputs[file]!.imports) if (i.kind === 'import-statement') stack.push(i.path);
  }
  let gz = 0;
  let min = 0;
  const perFile: string[] = [];
  const modules = new Map<string, number>();
  for (const file of loaded) {
    const size = gzipSync(files.get(file)!).length;
    gz += size;
    min += files.get(file)!.length;
    perFile.push(`${file.replace(/^dist\//, '')} ${(size / 1024).toFixed(2)} KB`);
    for (const [input, { bytesInOutput }] of Object.entries(result.metafile.outputs[file]!.inputs)) {
      const name = input.replace(/^node_modules\/@noderpc\/client\//, '');
      if (bytesInOutput > 0) modules.set(name, (modules.get(name) ?? 0) + bytesInOutput);
    }
  }
  const upFront = [...modules].sort((a, b) => b[1] - a[1]).map(([name, bytes]) => `${name} ${(bytes / 1024).toFixed(1)} KB`);
  // A lazy chunk with the chunks it needs that are not already loaded.
  const lazy = (name: RegExp) => {
    const file = [...files.keys()].find((k) => name.test(k));
    if (!file) return 'none';
    const more = new Set<string>();
    const todo = [file];
    while (todo.length > 0) {
      const f = todo.pop()!;
      if (more.has(f) || loaded.has(f)) continue;
      more.add(f);
      for (const i of result.metafile.outputs[f]!.imports) if (i.kind === 'import-statement') todo.push(i.path);
    }
    return `${([...more].reduce((n, f) => n + gzipSync(files.get(f)!).length, 0) / 1024).toFixed(2)} KB`;
  };
  return {
    name: 'bundle using one method (eth_getBalance + HTTP transport)',
    value: `${(gz / 1024).toFixed(2)} KB gzipped (${(min / 1024).toFixed(1)} KB minified, ${loaded.size} files loaded up front)`,
    target: '< 5 KB',
    met: gz < 5 * 1024,
    by: `${((gz - 5 * 1024) / 1024).toFixed(2)} KB`,
    why: `what loads up front, by module (minified): ${upFront.join(', ')}`,
    command: 'esbuild entry.js --bundle --minify --format=esm --splitting --platform=browser; gzip the entry chunk and each chunk it imports statically',
    note: `up front, gzipped per file: ${perFile.join(', ')}; by module (minified): ${upFront.join(', ')}. Loaded only when used: batching ${lazy(/^dist\/http-batch-/)}, failure handling ${lazy(/^dist\/http-failures-/)}, the call errors ${lazy(/^dist\/error-forms-/)}, the result validator ${lazy(/^dist\/eth_getBalance\.result-/)} (gzipped)`,
  };
}

/** The one-method bundle row, on its own (`npx tsx bench/bundle.ts` runs just this). */
export async function bundleRow(): Promise<Section['rows'][number]> {
  // A bundle that uses one method: the per-method module and an HTTP transport, as a bundler sees them.
  const app = scratch('bundle');
  const pkg = join(app, 'node_modules/@noderpc/client');
  mkdirSync(pkg, { recursive: true });
  cpSync(join(ROOT, 'generated/client'), pkg, { recursive: true });
  writeFileSync(
    join(app, 'entry.js'),
    "import { createHttpTransport } from '@noderpc/client/runtime';\nimport { ethGetBalance } from '@noderpc/client/methods/eth/getBalance';\nconst t = createHttpTransport({ url: 'http://127.0.0.1:9650/ext/bc/C/rpc', batch: true });\nconsole.log(await ethGetBalance(t, '0x8db97C7cEcE249c2b98bDC0226Cc4C2A57BF52FC', 'latest'));\n",
  );
  try {
    return await oneMethodBundle(app);
  } finally {
    remove(app);
  }
}

/** The whole-node client and one call, with esbuild and Vite, with and without code splitting. */
export async function nodeClientRows(): Promise<Section['rows']> {
  const sizes = await nodeClientSizes(join(ROOT, 'generated/client'), scratch('node-bundle'));
  return sizes.map((s) => ({
    name: `bundle: createNodeClient + platform.getHeight, ${s.bundler === 'vite' ? 'Vite (Rolldown)' : 'esbuild'}, ${s.splitting ? 'code splitting' : 'no code splitting'}`,
    value: `${(s.gzipped / 1024).toFixed(2)} KB gzipped (${(s.minified / 1024).toFixed(1)} KB minified, ${s.files} file${s.files === 1 ? '' : 's'} up front)`,
    target: `<= ${NODE_CLIENT_TARGET / 1024} KB`,
    met: s.gzipped <= NODE_CLIENT_TARGET,
    by: `${((s.gzipped - NODE_CLIENT_TARGET) / 1024).toFixed(2)} KB`,
    ...(s.modules.length ? { why: `largest modules up front (minified): ${s.modules.slice(0, 8).map(([n, b]) => `${n} ${(b / 1024).toFixed(1)} KB`).join(', ')}` } : {}),
    command:
      s.bundler === 'vite'
        ? `vite build (entry.js as the input, minify${s.splitting ? '' : ', codeSplitting: false'}); gzip -9 the entry and the chunks it imports statically`
        : `esbuild entry.js --bundle --minify --format=esm --platform=browser${s.splitting ? ' --splitting' : ''}; gzip -9 the entry and the chunks it imports statically`,
  }));
}

/** Median µs per run of `fn` over `rounds` rounds of `n` runs. */
function microseconds(fn: () => void, n = 5000, rounds = 5): number {
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const t = performance.now();
    for (let i = 0; i < n; i++) fn();
    times.push(((performance.now() - t) / n) * 1000);
  }
  return median(times);
}

/**
 * What making a client costs before its first call: the client itself, each namespace on its first use,
 * and a scope (`chain(id)`), which is kept and so costs a lookup when a program scopes every call.
 */
function constructionRows(createNodeClient: typeof import('../generated/client/index.js').createNodeClient, url: string): Section['rows'] {
  const make = () => createNodeClient({ url });
  const tMake = microseconds(make);
  const tFirst = microseconds(() => {
    const n = make();
    void n.eth.blockNumber;
    void n.platform.getHeight;
  });
  const scoped = make();
  const tScope = microseconds(() => void scoped.chain('C').eth.blockNumber, 50_000);
  const tViem = microseconds(() => createPublicClient({ transport: http(`${url}/ext/bc/C/rpc`) }));
  return [
    { name: 'make a client: createNodeClient({ url })', value: `${tMake.toFixed(1)} µs (viem's createPublicClient: ${tViem.toFixed(1)} µs)`, command: '5 rounds of 5,000, median round, in one process' },
    { name: 'make a client and use two namespaces (eth, platform)', value: `${tFirst.toFixed(1)} µs`, command: 'each namespace is made on its first use' },
    { name: 'a scope on every call: node.chain(id).eth', value: `${tScope.toFixed(2)} µs`, command: "scoped.chain('C').eth.blockNumber, 5 rounds of 50,000 (scopes are kept per value)" },
  ];
}

export async function clientSection(): Promise<Section> {
  const rows: Section['rows'] = [];
  const baseline = importCost('node:path');
  const ours = importCost(join(ROOT, 'generated/client/index.js'));
  const avalanchejs = importCost('@avalabs/avalanchejs');
  const viem = importCost('viem');
  const extra = (v: number) => `${ms(v)} process (${ms(v - baseline)} over a bare \`node\`)`;
  rows.push({ name: 'import the whole-node client (noderpc)', value: extra(ours), target: 'below avalanchejs, far below viem', met: ours < avalanchejs && ours < viem, command: "node --input-type=module -e \"await import('generated/client/index.js')\"" });
  rows.push({ name: 'import @avalabs/avalanchejs 5.2.0', value: extra(avalanchejs), command: "node --input-type=module -e \"await import('@avalabs/avalanchejs')\"" });
  rows.push({ name: 'import viem', value: extra(viem), command: "node --input-type=module -e \"await import('viem')\"" });

  const { url, server } = await localNode();
  try {
    const { createNodeClient } = (await import(join(ROOT, 'generated/client/index.js'))) as typeof import('../generated/client/index.js');
    const node = createNodeClient({ url });
    const viemClient = createPublicClient({ transport: http(`${url}/ext/bc/C/rpc`) });
    const fetchUrl = `${url}/ext/bc/C/rpc`;
    let id = 0;
    const bare = async () => {
      const res = await fetch(fetchUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method: 'eth_blockNumber', params: [] }) });
      const json = (await res.json()) as { result: string };
      return BigInt(json.result);
    };
    const tFetch = await perCall(bare);
    const tOurs = await perCall(() => node.eth.blockNumber());
    const bareNode = createNodeClient({ url, retry: false });
    const tNoRetry = await perCall(() => bareNode.eth.blockNumber());
    await bareNode.close();
    const tViem = await perCall(() => viemClient.getBlockNumber({ cacheTime: 0 }));
    rows.push({ name: 'one call (eth_blockNumber), bare fetch + JSON.parse + BigInt', value: `${tFetch.toFixed(0)} µs/call`, command: `${CALLS} sequential calls x3 against a local node:http server, median round` });
    rows.push({ name: 'one call, noderpc client', value: `${tOurs.toFixed(0)} µs/call (${(tOurs - tFetch).toFixed(0)} µs over fetch, ${(tOurs / tFetch).toFixed(2)}x)`, command: 'node.eth.blockNumber()' });
    rows.push({
      name: 'one call, noderpc client without the retry layer',
      value: `${tNoRetry.toFixed(0)} µs/call (${tOurs >= tNoRetry ? `the retry layer costs ${(tOurs - tNoRetry).toFixed(0)} µs/call on the success path` : `${(tNoRetry - tOurs).toFixed(0)} µs/call slower than with it: the retry layer's cost on the success path is below the rounds' spread`})`,
      command: 'createNodeClient({ url, retry: false }).eth.blockNumber()',
    });
    rows.push({ name: 'one call, viem', value: `${tViem.toFixed(0)} µs/call (${(tViem - tFetch).toFixed(0)} µs over fetch, ${(tViem / tFetch).toFixed(2)}x)`, command: 'publicClient.getBlockNumber({ cacheTime: 0 })' });
    rows.push(...constructionRows(createNodeClient, url));
    await node.close();
  } finally {
    server.closeAllConnections();
    server.close();
  }

  rows.push(await bundleRow());
  rows.push(...(await nodeClientRows()));
  return { title: 'Client', intro: 'Import costs are medians of whole `node` processes; per-call figures are median rounds.', rows };
}
