/** npm as the pack tests run it: offline, with an empty cache of its own, quiet. */
import { join } from 'node:path';

/** The environment of an npm that reaches no registry and no cache but `dir`'s own. */
export function offlineNpmEnv(dir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    // Its own empty cache: nothing may come from a cache the machine happens to have, nor from the network.
    npm_config_cache: join(dir, 'npm-cache'),
    npm_config_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    npm_config_loglevel: 'error',
    ...extra,
  };
}
