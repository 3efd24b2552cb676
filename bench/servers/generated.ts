/** The generated server, full params validation, serving platform.getBalance with a typed handler. */
import { createNodeServer } from '../../generated/client/server/index.js';
import { decode } from '../../runtime/client/codec.js';
import { platformGetBalanceMeta } from '../../generated/client/methods/platform/getBalance.js';
import { exampleResult } from './request.js';

const value = decode(platformGetBalanceMeta.decode, exampleResult);
const server = createNodeServer({
  handlers: { platform: { getBalance: () => value as never } },
});
const listening = await server.listen(0, '127.0.0.1');
process.stdout.write(`listening ${listening.url}\n`);
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
