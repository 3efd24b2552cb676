/**
 * The release record as a generate run reads it: the version the package carries, the changelog, and the
 * bump the spec now calls for. Loaded only when the project keeps a record.
 */
import type { Config } from '../../config/index.js';
import type { Diagnostic } from '../../lib/diagnostics.js';
import type { Model } from '../../model/index.js';
import type { ReleasesModel } from '../../model/releases.js';
import { readRecord, recordFiles, ReleaseError } from './record.js';

export type RunReleases =
  | { readonly ok: true; readonly releases?: ReleasesModel; readonly note: string; readonly files: readonly string[] }
  | { readonly ok: false; readonly problem: Diagnostic };

export async function releasesForRun(config: Config, model: Model): Promise<RunReleases> {
  try {
    const record = readRecord(config);
    const files = recordFiles(config);
    if (!record) return { ok: true, note: '', files };
    const history = await import('./history.js');
    const view = history.releaseView(record, model);
    return { ok: true, releases: history.releasesModel(view), note: `\n${history.releaseNote(view)}`, files };
  } catch (e) {
    if (!(e instanceof ReleaseError)) throw e;
    return { ok: false, problem: { code: 'release-record-invalid', message: e.message, ...(config.releasesDir ? { file: config.releasesDir } : {}) } };
  }
}
