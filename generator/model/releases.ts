/**
 * The project's releases as the outputs show them: the version the package carries, the changelog, and per
 * method the version it appeared in. lifecycle/release makes it from the release record; emitters read it
 * like the model, and know nothing of how the record is kept or diffed.
 */

export interface MethodHistory {
  /** The version the method appeared in (under its current name). */
  readonly since: string;
  /** Later versions that changed it, oldest first. */
  readonly changed: readonly string[];
}

export interface ReleasesModel {
  /** The last released version: the one the package carries. */
  readonly version: string;
  /** The version a release now would get (the same as `version` when nothing changed). */
  readonly next: string;
  /** The first release's version (what a method released without a recorded change has been in since). */
  readonly first: string;
  /** Methods the last release has. */
  readonly released: ReadonlySet<string>;
  /** Per method, by name. */
  readonly history: ReadonlyMap<string, MethodHistory>;
  /** The changelog (CHANGELOG.md) of the package so named. */
  changelog(packageName: string): string;
}
