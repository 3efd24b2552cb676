/**
 * A content-addressed cache as the stages that use it see it: values stored under the hash of everything
 * they were computed from. speed/cache.ts implements it (in memory and on disk); a run without a cache is
 * given {@link noCache}.
 */
export interface Cache {
  get(kind: string, key: string): string | undefined;
  set(kind: string, key: string, value: string): void;
}

/** A cache that remembers nothing (`--no-cache`). */
export const noCache: Cache = { get: () => undefined, set: () => undefined };
