/**
 * A cold run in a process of its own: `node --import tsx test/helpers/cold-generate.ts <root> [config JSON]`
 * generates the project at `<root>` (its config file, or the config given) from the generator's sources,
 * with no cache, and prints `{ ok, problems, report }` as JSON. A test comparing a watch session with a
 * cold run runs the cold one here: in the test's own process, loading the generator afresh (vi.resetModules)
 * would also give the session's own lazily loaded modules (emitters, the schema job) fresh copies, with
 * nothing kept, and the session would not be tested.
 */
import { readConfigFile, resolveConfig } from '../../generator/config/index.js';
import { generate } from '../../generator/generate.js';

const [root, raw] = process.argv.slice(2);
if (!root) throw new Error('usage: cold-generate.ts <root> [config JSON]');
const result = await generate(resolveConfig(root, raw ? JSON.parse(raw) : readConfigFile(root)!), { cacheDir: false });
process.stdout.write(JSON.stringify({ ok: result.ok, problems: result.problems, report: result.report }));
