/** @open-rpc/server-js serving the same method from the same (dereferenced) document, over its HTTP transport. */
import { createServer } from 'node:net';
import serverJs from '@open-rpc/server-js';
import { parseOpenRPCDocument } from '@open-rpc/schema-utils-js';
import { exampleResult, platformDocument } from './request.js';

const { Server } = serverJs as unknown as { Server: new (o: unknown) => { start(): Promise<void>; stop(): Promise<void> } };
const free = await new Promise<number>((resolve) => {
  const s = createServer();
  s.listen(0, '127.0.0.1', () => {
    const { port } = s.address() as { port: number };
    s.close(() => resolve(port));
  });
});
const doc = { ...platformDocument, methods: platformDocument.methods.filter((m) => m.name === 'platform.getBalance') };
const server = new Server({
  openrpcDocument: await parseOpenRPCDocument({ ...doc, servers: [{ url: "http://127.0.0.1" }] } as never, { validate: false }),
  transportConfigs: [{ type: 'HTTPTransport', options: { port: free, middleware: [] } }],
  methodMapping: { 'platform.getBalance': async () => exampleResult },
});
console.log = () => undefined; // it logs on start
await server.start();
process.stdout.write(`listening http://127.0.0.1:${free}\n`);
process.once('SIGTERM', () => void server.stop().then(() => process.exit(0)));
