/**
 * The checking proxy as `noderpc proxy` runs it: the project spec compiled in process, every call and
 * reply checked after it is passed on, and with a second argument each exchange recorded to that folder.
 * `--no-checks` instead of a folder: forwarding alone, to tell the hop from the checks.
 */
import { readConfigFile, resolveConfig } from '../../generator/config/index.js';
import { createConformance } from '../../generator/lifecycle/conform/index.js';
import { loadProject } from '../../generator/load/index.js';
import { createInspector, createRedactor } from '../../tools/proxy/inspect.js';
import { startProxy } from '../../tools/proxy/index.js';
import { createRecorder } from '../../tools/proxy/record.js';
import { ROOT } from '../lib.js';

const [upstream, recordDir] = process.argv.slice(2);
const model = loadProject(resolveConfig(ROOT, readConfigFile(ROOT)!)).model!;
const conformance = createConformance(model.services);
const checks = recordDir !== '--no-checks';
const recorder = recordDir && checks ? createRecorder(recordDir, createRedactor(conformance)) : undefined;
const proxy = await startProxy({
  upstream: upstream!,
  ...(checks ? { inspector: createInspector(conformance) } : {}),
  ...(recorder ? { onExchange: (e) => void recorder.record(e) } : {}),
});
process.stdout.write(`listening ${proxy.url}\n`);
process.once('SIGTERM', () => void proxy.close().then(() => process.exit(0)));
