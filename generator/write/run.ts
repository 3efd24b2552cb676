/**
 * The back end of a run: the produced files planned against the output folder, then compared with it
 * (`--check`) or written, and the manifest (speed/manifest.ts) recorded for a later process's fast path.
 */
import type { Config } from '../config/index.js';
import type { OutputFile } from '../lib/output-file.js';
import type { Phases } from '../lib/phases.js';
import { inputKey, writeManifest } from '../speed/manifest.js';
import type { WatchSession } from '../speed/session.js';
import { describeChanges, diffAgainstDisk, planOutputs, RECORD, samePathsAs, writeOutputs, type Change } from './index.js';

export interface WriteRun {
  readonly config: Config;
  readonly outDir: string;
  readonly outLabel: string;
  readonly produced: readonly OutputFile[];
  readonly check: boolean;
  readonly session?: WatchSession;
  readonly cacheRoot?: string;
  /** The files the run read, and their texts as read (the manifest's key). */
  readonly inputs: readonly string[];
  readonly texts: ReadonlyMap<string, string>;
  /** The release line that ends the headline ('' without a release record). */
  readonly note: string;
}

export interface Written {
  readonly ok: boolean;
  readonly headline: string;
  readonly changes?: readonly Change[];
  readonly files?: readonly OutputFile[];
}

export async function writeRun(w: WriteRun, phases: Phases): Promise<Written> {
  const { config, outDir, outLabel, produced, cacheRoot, inputs, note } = w;
  const memory = w.session?.output.outDir === outDir ? w.session.output : undefined;
  // (The paths of the last files planned, in the same order, were checked then.)
  if (!samePathsAs(produced, memory?.lastPlan?.files)) {
    const seen = new Set<string>();
    for (const f of produced) {
      if (seen.has(f.path)) throw new Error(`two emitters produced ${f.path}`);
      seen.add(f.path);
    }
  }
  const plan = await phases.time(w.check ? 'check' : 'write', () => planOutputs(outDir, produced, config.emit, memory));
  if (plan.clobbered.length) {
    const shown = plan.clobbered.slice(0, 5).map((p) => `  ${outLabel}/${p}`);
    const headline = `${outLabel}/ holds files noderpc did not write (it has no ${RECORD} record), and ${plan.clobbered.length} of them would be overwritten:\n${shown.join('\n')}${plan.clobbered.length > 5 ? '\n  ...' : ''}\nNothing was written. Choose an empty or new folder with --out, or move those files away.`;
    return { ok: false, headline };
  }
  const files = plan.files;
  const foreign = plan.untracked.length
    ? `\n${plan.untracked.length} file${plan.untracked.length === 1 ? '' : 's'} in ${outLabel}/ not written by noderpc, left alone: ${plan.untracked.slice(0, 5).join(', ')}${plan.untracked.length > 5 ? ', ...' : ''}`
    : '';
  const summary = note.trim() || undefined;

  if (w.check) {
    if (cacheRoot) await phases.time('check', () => writeManifest(cacheRoot, config, inputKey(config, inputs, w.texts), inputs, files, summary));
    const changes = await phases.time('check', () => diffAgainstDisk(outDir, files, plan.owned));
    const headline = (changes.length ? await describeChanges(outDir, outLabel, files, changes) : `${outLabel}/ is up to date (${files.length} files).`) + foreign + note;
    return { ok: changes.length === 0, changes, files, headline };
  }
  // Written first, so that the manifest hashes the bytes written rather than encoding the texts again (a run
  // that writes its manifest now: see below).
  const written = cacheRoot && !w.session ? new Map<string, Uint8Array>() : undefined;
  const changes = await phases.time('write', () => writeOutputs(outDir, files, plan.owned, memory, written, plan.removed));
  if (cacheRoot) {
    // The key of the texts this run read, not of the files as they are by now (a save during the run).
    const key = await phases.time('write', () => inputKey(config, inputs, w.texts));
    // A watch session records its manifest once it is idle (see WatchSession.manifest).
    if (w.session) w.session.manifest.schedule(() => writeManifest(cacheRoot, config, key, inputs, files, summary));
    else await phases.time('write', () => writeManifest(cacheRoot, config, key, inputs, files, summary, written));
  }
  const counts = { added: 0, changed: 0, removed: 0 };
  for (const c of changes) counts[c.kind]++;
  const headline =
    (changes.length
      ? `${outLabel}/: ${counts.added} added, ${counts.changed} changed, ${counts.removed} removed (${files.length} files).`
      : `${outLabel}/ already up to date (${files.length} files).`) + foreign + note;
  return { ok: true, changes, files, headline };
}
