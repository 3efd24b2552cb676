#!/usr/bin/env node
// The generator is TypeScript. Run from source through a loader it would spend a second starting up on
// every run, so it runs from an ES module bundle that esbuild makes of generator/ the first time and again
// whenever a source file changes (the bundle is named after their sizes and modification times). Without
// esbuild it falls back to tsx's loader.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createHash } from 'node:crypto';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
process.env.NODERPC_ROOT ??= root;

function sources(dir, out = []) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) sources(p, out);
    else if (e.name.endsWith('.ts')) out.push(p);
  }
  return out;
}

async function bundled() {
  const h = createHash('sha256');
  for (const file of [...sources(join(root, 'generator')), ...sources(join(root, 'runtime'))].sort()) {
    const st = statSync(file);
    h.update(`${file}\0${st.size}\0${st.mtimeMs}\0`);
  }
  const key = h.digest('hex').slice(0, 16);
  const dir = join(root, 'node_modules/.cache/noderpc/bin', key);
  const entry = join(dir, 'cli.js');
  if (!existsSync(entry)) {
    const { build } = await import('esbuild');
    const tmp = `${dir}.${process.pid}.tmp`;
    await build({
      // The schema thread's entry sits beside the CLI's (schema/thread.ts looks for it there).
      entryPoints: { cli: join(root, 'generator/cli.ts'), 'schema-worker': join(root, 'generator/schema/worker.ts') },
      outdir: tmp,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      logLevel: 'warning',
    });
    mkdirSync(dirname(dir), { recursive: true });
    try {
      renameSync(tmp, dir);
    } catch {
      rmSync(tmp, { recursive: true, force: true }); // another process got there first
    }
  }
  return import(pathToFileURL(entry).href);
}

let cli;
try {
  cli = await bundled();
} catch (e) {
  if (process.env.NODERPC_DEBUG) console.error(e);
  const { register } = await import('tsx/esm/api');
  register();
  cli = await import('../generator/cli.ts');
}
process.exitCode = await cli.main(process.argv.slice(2));
