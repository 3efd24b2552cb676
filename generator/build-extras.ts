/**
 * What the generator's bundle carries besides esbuild's output, made once when it is built (bin/noderpc.js in
 * a checkout, `npm run build` for the package) so that no run has to: the OpenRPC meta-schema validator and
 * the extension fields' validators as ajv's standalone code, and the specs of the docs templates precompiled
 * by handlebars. Each is used only when it was made by the same libraries from the same text; otherwise a run
 * compiles its own.
 */
import { join } from 'node:path';
import { writeTemplateSpecs } from './emit/docs/render.js';
import { writeExtensionValidators } from './load/extension-validators.js';
import { writeMetaValidator } from './load/meta-schema.js';
import { readTree } from './tree.js';

export function finishBundle(outdir: string, root: string): void {
  writeMetaValidator(outdir);
  writeExtensionValidators(outdir);
  writeTemplateSpecs(readTree('templates', /\.hbs$/, root), join(outdir, 'handlebars'));
}
