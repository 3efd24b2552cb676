/**
 * `noderpc release [--dry-run]`: records a release of the generated package. The version is derived: the
 * first release takes the config's `package.version`; every later one the bump its changes call for
 * (`noderpc diff` against the last release). The record and the released documents are written, then the
 * outputs regenerated (package version, CHANGELOG.md, docs); when the spec does not generate cleanly the
 * record is put back as it was and nothing is released. Nothing is recorded when nothing changed.
 */
import type { Config } from '../config/index.js';
import { diffModels } from '../lifecycle/diff/compare.js';
import { diffText } from '../lifecycle/diff/report.js';
import type { GenerateOptions, GenerateResult } from '../generate.js';
import { nextRelease } from '../lifecycle/release/history.js';
import { formatDiagnostic, isError } from '../lib/diagnostics.js';
import { loadProject } from '../load/index.js';
import { readRecord, restoreRecord, saveRecord, writeRecord, type Release } from '../lifecycle/release/record.js';

export interface ReleaseOutcome {
  readonly exitCode: number;
  readonly text: string;
  /** The release recorded (or that would be, with --dry-run). */
  readonly release?: Release;
}

type Generate = (config: Config, options?: GenerateOptions) => Promise<GenerateResult>;

export async function runRelease(config: Config, options: { dryRun?: boolean; cacheDir?: string | false }, generate: Generate): Promise<ReleaseOutcome> {
  if (!config.releasesDir) return { exitCode: 2, text: 'The config names no release record: add "releases": "releases" (a folder, project-relative) to noderpc.config.json.' };
  const loaded = loadProject(config);
  const errors = loaded.problems.filter(isError);
  if (!loaded.model || errors.length) return { exitCode: 1, text: `Nothing was released: ${errors.length} problem${errors.length === 1 ? '' : 's'} in the spec.\n${errors.map(formatDiagnostic).join('\n')}` };
  const model = loaded.model;
  const record = readRecord(config);
  let release: Release;
  let detail: string;
  if (!record) {
    const methods = model.services.reduce((n, s) => n + s.methods.length, 0);
    release = { version: config.package.version, first: true, changes: [] };
    const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
    detail = `First release: ${count(methods, 'method')} in ${count(model.services.length, 'service')}, version ${release.version} (the config's package.version).`;
  } else {
    const result = diffModels(record.released, model);
    if (!result.changes.length) return { exitCode: 1, text: `Nothing to release: the spec is as released in ${record.version}.` };
    release = nextRelease(record.version, result);
    detail = diffText(result, { old: `release ${record.version}`, new: 'the spec' }, { current: record.version, next: release.version }).trimEnd();
  }
  if (options.dryRun) return { exitCode: 0, text: `${detail}\n(--dry-run: nothing recorded)`, release };
  // Recorded, then generated from the record; a spec that does not generate takes the record back.
  const before = saveRecord(config);
  writeRecord(config, { releases: [...(record?.record.releases ?? []), release] }, model);
  const written = await generate(config, options.cacheDir !== undefined ? { cacheDir: options.cacheDir } : {});
  if (!written.ok) {
    restoreRecord(config, before);
    return { exitCode: 1, text: `Nothing was released: ${written.report}` };
  }
  return { exitCode: 0, text: `${detail}\nReleased ${release.version}: recorded in ${config.releasesDir}/.\n${written.report}`, release };
}
