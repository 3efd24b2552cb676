/**
 * A bare node:http server doing the same work by hand: read the body, JSON.parse, check the envelope,
 * validate params with ajv (compiled from the same bundled schema), answer. The floor to compare against.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import AjvModule from 'ajv';
import { exampleResult, platformDocument } from './request.js';

const Ajv = ((AjvModule as unknown as { default?: unknown }).default ?? AjvModule) as typeof import('ajv').default;
const ajv = new Ajv({ strict: false, allErrors: true, allowUnionTypes: true });
ajv.addKeyword({ keyword: 'components' });
ajv.addKeyword({ keyword: 'methods' });
for (const k of ['x-codec', 'x-hex-only', 'x-open', 'x-secret']) ajv.addKeyword({ keyword: k });
ajv.addSchema({ $id: 'doc', components: platformDocument.components, methods: platformDocument.methods });
const index = platformDocument.methods.findIndex((m) => m.name === 'platform.getBalance');
const validate = ajv.compile({ type: 'object', properties: { addresses: { $ref: `doc#/methods/${index}/params/0/schema` } }, required: ['addresses'] });

function answer(req: { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown }): unknown {
  if (req === null || typeof req !== 'object' || req.jsonrpc !== '2.0' || typeof req.method !== 'string') return { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'invalid request' } };
  if (req.method !== 'platform.getBalance') return { jsonrpc: '2.0', id: req.id ?? null, error: { code: -32601, message: 'method not found' } };
  if (!validate(req.params)) return { jsonrpc: '2.0', id: req.id ?? null, error: { code: -32602, message: 'invalid params', data: validate.errors } };
  return { jsonrpc: '2.0', id: req.id ?? null, result: exampleResult };
}

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    let out: unknown;
    try {
      const msg = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
      out = Array.isArray(msg) ? msg.map((m) => answer(m as never)) : answer(msg as never);
    } catch {
      out = { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } };
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(out));
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`listening http://127.0.0.1:${(server.address() as AddressInfo).port}\n`));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
