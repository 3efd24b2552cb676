// How the generator is bundled: by `npm run build` into dist/ (what the npm package ships), and by
// bin/noderpc.js in a checkout of the repository (a bundle of the current sources). One definition, so the
// two run the same code.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** esbuild options for the bundle of the generator at `root` (set `outdir`). */
export function buildOptions(root) {
  return {
    entryPoints: {
      cli: join(root, 'generator/cli/index.ts'),
      // The programmatic API (the package's main export).
      index: join(root, 'generator/index.ts'),
      // The schema thread's entry sits beside the CLI's (speed/schema-thread.ts looks for it there).
      'schema-worker': join(root, 'generator/speed/schema-worker.ts'),
      // Run once after the build (finishBuild): what the bundle carries precompiled.
      'build-extras': join(root, 'generator/write/tool-bundle.ts'),
    },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  };
}

/** What a bundle needs besides esbuild's output, made in its folder before it is swapped in. */
export async function finishBuild(outdir, root) {
  const { finishBundle } = await import(pathToFileURL(join(outdir, 'build-extras.js')).href);
  await finishBundle(outdir, root);
}
