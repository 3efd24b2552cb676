#!/usr/bin/env node
// Installed from npm, noderpc runs its prebuilt JavaScript (dist/, made by `npm run build` when the package
// is packed): no TypeScript loader, and nothing written into the folder it is installed in.
// In a checkout of the noderpc repository (generator/ sources beside bin/), it runs an ES module bundle that
// esbuild makes of generator/ the first time and again whenever a source changes (the bundle is named after
// the sources' sizes and modification times), kept in the repository's own node_modules/.cache: editing
// generator/ and running `npm run generate` needs no build step.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createHash } from 'node:crypto';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function sources(dir, out = []) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) sources(p, out);
    else if (e.name.endsWith('.ts')) out.push(p);
  }
  return out;
}

async function fromSources() {
  process.env.NODERPC_ROOT ??= root;
  const h = createHash('sha256');
  for (const file of [...sources(join(root, 'generator')), ...sources(join(root, 'runtime')), ...sources(join(root, 'tools'))].sort()) {
    const st = statSync(file);
    h.update(`${file}\0${st.size}\0${st.mtimeMs}\0`);
  }
  const key = h.digest('hex').slice(0, 16);
  const dir = join(root, 'node_modules/.cache/noderpc/bin', key);
  const entry = join(dir, 'cli.js');
  if (!existsSync(entry)) {
    const { buildOptions, finishBuild } = await import('../scripts/build-options.mjs');
    const { build } = await import('esbuild');
    const tmp = `${dir}.${process.pid}.tmp`;
    await build({ ...buildOptions(root), outdir: tmp });
    await finishBuild(tmp, root);
    mkdirSync(dirname(dir), { recursive: true });
    try {
      renameSync(tmp, dir);
    } catch {
      rmSync(tmp, { recursive: true, force: true }); // another process got there first
    }
  }
  return import(pathToFileURL(entry).href);
}

const cli = existsSync(join(root, 'generator/cli/index.ts')) ? await fromSources() : await import('../dist/cli.js');
process.exitCode = await cli.main(process.argv.slice(2));
