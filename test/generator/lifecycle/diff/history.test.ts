/**
 * The changelog the spec's own history gives: the spec replayed commit by commit (each commit that touched
 * spec/, up to a pinned one, read with `git` the way `--base` reads a ref), every commit that changed the
 * interface released in turn, and the changelog of those releases held to a golden file.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffModels } from '../../../../generator/lifecycle/diff/compare.js';
import { DiffInputError, readRef } from '../../../../generator/lifecycle/diff/inputs.js';
import { changelog, nextRelease } from '../../../../generator/lifecycle/release/history.js';
import type { Release } from '../../../../generator/lifecycle/release/record.js';
import type { Model } from '../../../../generator/model/index.js';
import { expectGolden } from '../../../helpers/golden.js';
import { ROOT } from '../../../helpers/paths.js';

/** The last commit to replay: the history up to it never changes, so neither does the golden file. */
const PINNED = '93f6421dc095d168e84a81f150d3f59cf9fa3922';

describe("the changelog of the spec's own history", () => {
  it('replays every commit that touched spec/ and releases each change of the interface', { timeout: 180_000 }, () => {
    const commits = execFileSync('git', ['rev-list', '--reverse', PINNED, '--', 'spec/'], { cwd: ROOT, encoding: 'utf8' }).trim().split('\n');
    expect(commits.length).toBeGreaterThanOrEqual(6);
    const releases: Release[] = [];
    const skipped: string[] = [];
    let previous: Model | undefined;
    for (const commit of commits) {
      let model: Model;
      try {
        // Documents were added one commit at a time: one the config names but the commit lacks is left out.
        model = readRef(commit, ROOT, { missing: 'skip' }).model;
      } catch (e) {
        if (!(e instanceof DiffInputError)) throw e;
        skipped.push(`${commit.slice(0, 7)}: ${e.message.split('\n')[0]}`);
        continue;
      }
      if (!previous) releases.push({ version: '0.1.0', first: true, changes: [] });
      else {
        const result = diffModels(previous, model);
        if (result.changes.length) releases.push(nextRelease(releases.at(-1)!.version, result));
      }
      previous = model;
    }
    // The first commit holds the project's skeleton, no document yet.
    expect(skipped).toEqual([`${commits[0]!.slice(0, 7)}: ${commits[0]} holds none of the documents its noderpc.config.json names.`]);
    expect(releases.map((r) => `${r.version} ${r.bump ?? 'first'}`)).toEqual(['0.1.0 first', '0.1.1 minor', '0.1.2 minor', '0.2.0 major', '0.3.0 major']);
    expectGolden(join(ROOT, 'test/golden/changelog/spec-history.md'), changelog({ releases }, '@noderpc/client'));
  });
});
