// `npm run build` (run by `npm pack` and `npm publish` through `prepack`): the generator as plain JavaScript
// in dist/ (cli.js, index.js, schema-worker.js and their shared chunks, and the precompiled OpenRPC meta-schema
// validator) and the declarations of its programmatic API in dist/types/. Written beside and swapped in whole,
// so dist/ is never half-built.
import { execFileSync } from 'node:child_process';
import { renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { buildOptions, finishBuild } from './build-options.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tmp = join(root, `dist.${process.pid}.tmp`);
rmSync(tmp, { recursive: true, force: true });
try {
  await build({ ...buildOptions(root), outdir: tmp });
  await finishBuild(tmp, root);
  execFileSync(
    process.execPath,
    [
      join(root, 'node_modules/typescript/bin/tsc'),
      join(root, 'generator/index.ts'),
      '--ignoreConfig', '--declaration', '--emitDeclarationOnly', '--outDir', join(tmp, 'types'), '--rootDir', root,
      '--module', 'NodeNext', '--moduleResolution', 'NodeNext', '--target', 'ES2022', '--strict', '--noUncheckedIndexedAccess', '--skipLibCheck', '--types', 'node',
    ],
    { stdio: 'inherit' },
  );
  rmSync(join(root, 'dist'), { recursive: true, force: true });
  renameSync(tmp, join(root, 'dist'));
} catch (e) {
  rmSync(tmp, { recursive: true, force: true });
  throw e;
}
