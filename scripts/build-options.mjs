// How the generator is bundled: by `npm run build` into dist/ (what the npm package ships), and by
// bin/noderpc.js in a checkout of the repository (a bundle of the current sources). One definition, so the
// two run the same code.
import { join } from 'node:path';

/** esbuild options for the bundle of the generator at `root` (set `outdir`). */
export function buildOptions(root) {
  return {
    entryPoints: {
      cli: join(root, 'generator/cli.ts'),
      // The programmatic API (the package's main export).
      index: join(root, 'generator/api.ts'),
      // The schema thread's entry sits beside the CLI's (schema/thread.ts looks for it there).
      'schema-worker': join(root, 'generator/schema/worker.ts'),
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
