/** The generated mock node as `noderpc mock` starts it (standard mode, full profile), answering from the spec's examples. */
import { startNodeMock } from '../../generated/client/mock/index.js';

const mock = await startNodeMock({ port: 0, host: '127.0.0.1' });
process.stdout.write(`listening ${mock.url}\n`);
process.once('SIGTERM', () => void mock.close().then(() => process.exit(0)));
