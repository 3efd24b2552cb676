#!/usr/bin/env node
// `npm run docs:dev`: the generated mock on 127.0.0.1 (a free port, CORS on) beside `vitepress dev`, so every
// method page's console can call it. The console's "Mock node" target is told the mock's URL through
// VITE_NODERPC_MOCK_URL. Ctrl-C stops both. Extra arguments go to vitepress (`-- --port 5174`).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(root, 'generated/client/mock/index.js');
if (!existsSync(entry)) {
  console.error('no generated mock in generated/client: run `npm run generate` first');
  process.exit(1);
}
const { startNodeMock } = await import(pathToFileURL(entry).href);
const mock = await startNodeMock({ port: Number(process.env.NODERPC_MOCK_PORT ?? 0) });
console.log(`mock listening on ${mock.url} (the consoles' "Mock node" target)`);
const vitepress = spawn(process.execPath, [join(root, 'node_modules/vitepress/bin/vitepress.js'), 'dev', join(root, 'generated/docs'), ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, VITE_NODERPC_MOCK_URL: mock.url },
});
let stopping = false;
const stop = async (code) => {
  if (stopping) return;
  stopping = true;
  vitepress.kill('SIGTERM');
  await mock.close();
  process.exit(code);
};
vitepress.on('exit', (code) => void stop(code ?? 0));
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
