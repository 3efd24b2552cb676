/**
 * What the generator's bundle carries besides esbuild's output, made once when it is built (bin/noderpc.js in
 * a checkout, `npm run build` for the package) so that no run has to: the OpenRPC meta-schema validator and
 * the extension fields' validators as ajv's standalone code, the specs of the docs templates and the package
 * README's template precompiled by handlebars, and the runtime a package ships as `.js` and `.d.ts`. Each is used only when it was made by the same libraries from the same text; otherwise a run
 * compiles its own.
 */
import { join } from 'node:path';
import { writeTemplateSpecs } from '../emit/shared/render.js';
import { shipsRuntime } from '../emit/package/index.js';
import { writeTranspiled } from '../emit/shared/ts-module.js';
import { PACKAGE_DIR } from '../emit/shared/paths.js';
import { writeExtensionValidators } from '../load/extension-validators.js';
import { writeMetaValidator } from '../load/meta-schema.js';
import { readTree } from '../lib/read-tree.js';

export async function finishBundle(outdir: string, root: string): Promise<void> {
  writeMetaValidator(outdir);
  writeExtensionValidators(outdir);
  writeTemplateSpecs(readTree('templates', /\.hbs$/, root), join(outdir, 'handlebars'));
  // The runtime a package ships, as `.js` and `.d.ts` (whichever outputs a run emits, it ships a subset).
  const shipped = new Map<string, string>();
  for (const [path, source] of readTree('runtime', /\.ts$/, root)) if (shipsRuntime(path, () => true)) shipped.set(`${PACKAGE_DIR}/${path}`, source);
  await writeTranspiled(shipped, join(outdir, 'transpile'));
}
