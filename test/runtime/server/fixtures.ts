/**
 * Hand-built service definitions for the server and mock tests: the shape generated code will emit, with
 * plain validator functions (ajv-like issues) and real codec plans. Small on purpose: every rule of the
 * server has a method here that exercises it.
 */
import { EventEmitter } from 'node:events';
import type { Availability, ServerMethodMeta, ValidationIssue, Validator } from '../../../runtime/client/meta.js';
import type { MockServiceData } from '../../../runtime/mock/types.js';
import type { HandlerContext, ServerOptions, ServerServiceDef, SubscriptionRequest } from '../../../runtime/server/types.js';

// ---------------------------------------------------------------------------------------------------------
// A tiny validator kit producing ajv-shaped issues.
// ---------------------------------------------------------------------------------------------------------

type Check = (value: unknown, path: string) => ValidationIssue[];

const issue = (path: string, keyword: string, message: string, params: Record<string, unknown>): ValidationIssue => ({
  path,
  keyword,
  message,
  params,
});

export const str =
  (pattern?: RegExp): Check =>
  (v, path) => {
    if (typeof v !== 'string') return [issue(path, 'type', 'must be string', { type: 'string' })];
    if (pattern && !pattern.test(v)) return [issue(path, 'pattern', `must match pattern "${pattern.source}"`, { pattern: pattern.source })];
    return [];
  };

export const bool: Check = (v, path) => (typeof v === 'boolean' ? [] : [issue(path, 'type', 'must be boolean', { type: 'boolean' })]);

export const oneOf =
  (...values: string[]): Check =>
  (v, path) =>
    values.includes(v as string) ? [] : [issue(path, 'enum', 'must be equal to one of the allowed values', { allowedValues: values })];

export const arr =
  (item: Check, minItems = 0): Check =>
  (v, path) => {
    if (!Array.isArray(v)) return [issue(path, 'type', 'must be array', { type: 'array' })];
    if (v.length < minItems) return [issue(path, 'minItems', `must NOT have fewer than ${minItems} items`, { limit: minItems })];
    return v.flatMap((x, i) => item(x, `${path}/${i}`));
  };

/** An object: listed properties checked when present, extra properties tolerated (like the node). */
export const obj =
  (props: Record<string, Check>, required: string[] = []): Check =>
  (v, path) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return [issue(path, 'type', 'must be object', { type: 'object' })];
    const o = v as Record<string, unknown>;
    const missing = required.filter((k) => !Object.prototype.hasOwnProperty.call(o, k));
    if (missing.length) return missing.map((k) => issue(path, 'required', `must have required property '${k}'`, { missingProperty: k }));
    return Object.keys(props).flatMap((k) => (o[k] === undefined ? [] : (props[k] as Check)(o[k], `${path}/${k}`)));
  };

/** A positional params array. */
export const tuple =
  (items: Check[]): Check =>
  (v, path) => {
    if (!Array.isArray(v)) return [issue(path, 'type', 'must be array', { type: 'array' })];
    return v.flatMap((x, i) => (i < items.length ? (items[i] as Check)(x, `${path}/${i}`) : []));
  };

export const validator =
  (check: Check): Validator =>
  (v) => {
    const found = check(v, '');
    return found.length ? found : null;
  };

const ANY: Validator = () => null;

// ---------------------------------------------------------------------------------------------------------
// Method builder.
// ---------------------------------------------------------------------------------------------------------

const on: Availability = { enabledByDefault: true, publicNode: true, served: true };

type MethodInput = Partial<ServerMethodMeta> & { readonly name: string; readonly service: string };

export function method(m: MethodInput): ServerMethodMeta {
  const cut = m.name.search(/[._]/);
  return {
    structure: 'by-name',
    params: [],
    required: [],
    namespace: m.name.slice(0, cut),
    member: m.name.slice(cut + 1),
    validateParams: ANY,
    availability: on,
    errors: [],
    ...m,
  };
}

function byName(list: ServerMethodMeta[]): Record<string, ServerMethodMeta> {
  return Object.fromEntries(list.map((m) => [m.name, m]));
}

const NODE_ID = /^NodeID-[1-9A-HJ-NP-Za-km-z]+$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const BLOCK = /^(latest|earliest|pending|safe|finalized|accepted|0x[0-9a-f]+)$/;

// ---------------------------------------------------------------------------------------------------------
// Services.
// ---------------------------------------------------------------------------------------------------------

export const info: ServerServiceDef = {
  name: 'info',
  dialect: 'gorilla-json2',
  batch: false,
  endpoints: [{ name: 'node', transport: 'http', path: '/ext/info', variables: {} }],
  document: { openrpc: '1.3.2', info: { title: 'Info API', version: '1.0.0' }, methods: [{ name: 'info.getNodeID' }] },
  methods: byName([
    method({ name: 'info.getNodeID', service: 'info', validateParams: validator(obj({})) }),
    method({
      name: 'info.isBootstrapped',
      service: 'info',
      params: ['chain'],
      required: ['chain'],
      validateParams: validator(obj({ chain: str(/^.+$/) }, ['chain'])),
      errors: [
        { code: -32000, message: "there is no chain with alias/ID 'Z'" },
        { code: -32000, message: "argument 'chain' not given" },
      ],
    }),
    method({ name: 'info.getNetworkID', service: 'info', encodeResult: { o: { networkID: 'u32' } }, validateParams: validator(obj({})) }),
    method({
      name: 'info.peers',
      service: 'info',
      params: ['nodeIDs'],
      validateParams: validator(obj({ nodeIDs: arr(str(NODE_ID)) })),
      availability: { ...on, publicNode: false },
      encodeResult: { o: { numPeers: 'u64' } },
    }),
    method({ name: 'info.crash', service: 'info' }),
    method({ name: 'info.badResult', service: 'info', encodeResult: { o: { n: 'u64' } } }),
    method({
      name: 'info.checked',
      service: 'info',
      validateResult: async () => ({ validate: validator(obj({ ok: bool }, ['ok'])) }),
    }),
    method({ name: 'info.unimplemented', service: 'info' }),
    method({ name: 'info.echo', service: 'info', params: ['text'], validateParams: validator(obj({ text: str() })) }),
  ]),
};

export const platform: ServerServiceDef = {
  name: 'platform',
  dialect: 'gorilla-json2',
  batch: false,
  endpoints: [{ name: 'p', transport: 'http', path: '/ext/bc/P', variables: {} }],
  document: { openrpc: '1.3.2', info: { title: 'P-Chain API', version: '1.0.0' }, methods: [] },
  methods: byName([
    method({ name: 'platform.getHeight', service: 'platform', validateParams: validator(obj({})), encodeResult: { o: { height: 'u64' } } }),
    method({
      name: 'platform.getBalance',
      service: 'platform',
      params: ['addresses'],
      required: ['addresses'],
      validateParams: validator(obj({ addresses: arr(str(/^P-/), 1) }, ['addresses'])),
      encodeResult: { o: { balance: 'u64' } },
    }),
    method({
      name: 'platform.getUTXOs',
      service: 'platform',
      params: ['addresses', 'limit', 'encoding'],
      required: ['addresses'],
      validateParams: validator(obj({ addresses: arr(str(/^P-/), 1), encoding: oneOf('hex', 'json') }, ['addresses'])),
      decodeParams: { o: { limit: 'u32' } },
      encodeResult: { o: { numFetched: 'u64' } },
    }),
  ]),
};

export const native: ServerServiceDef = {
  name: 'native',
  dialect: 'gorilla-json2',
  batch: false,
  endpoints: [{ name: 'native', transport: 'http', path: '/ext/bc/{blockchainID}/native', variables: { blockchainID: { default: 'C' } } }],
  document: { openrpc: '1.3.2', info: { title: 'native', version: '1.0.0' }, methods: [] },
  methods: byName([
    method({
      name: 'native.exportKey',
      service: 'native',
      params: ['username', 'password', 'address'],
      required: ['username', 'password', 'address'],
      secrets: ['password'],
      validateParams: validator(
        obj({ username: str(), password: str(/^.{4,}$/), address: str(ADDRESS) }, ['username', 'password', 'address']),
      ),
    }),
    method({ name: 'native.where', service: 'native' }),
  ]),
};

export const admin: ServerServiceDef = {
  name: 'admin',
  dialect: 'gorilla-json2',
  batch: false,
  endpoints: [{ name: 'admin', transport: 'http', path: '/ext/bc/C/admin', variables: {} }],
  document: { openrpc: '1.3.2', info: { title: 'admin', version: '1.0.0' }, methods: [] },
  methods: byName([
    method({
      name: 'admin.setLogLevel',
      service: 'admin',
      params: ['level'],
      required: ['level'],
      validateParams: validator(obj({ level: str() }, ['level'])),
      availability: { enabledByDefault: false, enableWith: 'admin-api-enabled', publicNode: false, served: true },
    }),
  ]),
};

const positional = { structure: 'by-position' as const };
const heads = (n: number): { number: bigint; hash: `0x${string}` }[] =>
  Array.from({ length: n }, (_, i) => ({ number: BigInt(i + 1), hash: `0x${(i + 1).toString(16).padStart(64, '0')}` as `0x${string}` }));

export const evm: ServerServiceDef = {
  name: 'evm',
  dialect: 'geth',
  batch: true,
  batchLimit: 1000,
  publicNodeBatchLimit: 40,
  endpoints: [
    { name: 'http', transport: 'http', path: '/ext/bc/{blockchainID}/rpc', variables: { blockchainID: { default: 'C' } } },
    { name: 'websocket', transport: 'websocket', path: '/ext/bc/{blockchainID}/ws', variables: { blockchainID: { default: 'C' } } },
  ],
  document: { openrpc: '1.3.2', info: { title: 'EVM', version: '1.0.0' }, methods: [{ name: 'eth_chainId' }] },
  methods: byName([
    method({ name: 'eth_chainId', service: 'evm', ...positional, validateParams: validator(tuple([])), encodeResult: 'q' }),
    method({
      name: 'eth_getBalance',
      service: 'evm',
      ...positional,
      params: ['address', 'block'],
      required: ['address'],
      validateParams: validator(tuple([str(ADDRESS), str(BLOCK)])),
      decodeParams: { t: [0, 0] },
      encodeResult: 'q',
    }),
    method({
      name: 'eth_getBlockByNumber',
      service: 'evm',
      ...positional,
      params: ['block', 'full'],
      required: ['block', 'full'],
      validateParams: validator(tuple([str(BLOCK), bool])),
      decodeParams: {
        t: [
          {
            u: [
              [{ ty: ['string'], p: '^0x' }, 'q'],
              [{}, 0],
            ],
          },
          0,
        ],
      },
      encodeResult: { o: { number: 'q' } },
    }),
    method({
      name: 'eth_call',
      service: 'evm',
      ...positional,
      params: ['tx', 'block'],
      required: ['tx'],
      validateParams: validator(tuple([obj({}), str(BLOCK)])),
    }),
    method({ name: 'eth_coinbase', service: 'evm', ...positional, availability: { ...on, served: false } }),
    method({
      name: 'debug_traceTransaction',
      service: 'evm',
      ...positional,
      params: ['hash'],
      required: ['hash'],
      availability: { enabledByDefault: false, enableWith: 'debug-tracer', publicNode: false, served: true },
    }),
    method({ name: 'eth_slow', service: 'evm', ...positional }),
    method({ name: 'eth_context', service: 'evm', ...positional }),
    method({
      name: 'eth_subscribe',
      service: 'evm',
      ...positional,
      params: ['kind', 'options'],
      required: ['kind'],
      wsOnly: true,
      validateParams: validator(
        tuple([
          oneOf('newHeads', 'logs', 'newPendingTransactions', 'syncing', 'flood', 'broken'),
          (v, p) =>
            typeof v === 'boolean' || (typeof v === 'object' && v !== null)
              ? []
              : [issue(p, 'type', 'must be object,boolean', { type: 'object,boolean' })],
        ]),
      ),
      errors: [{ code: -32601, message: 'notifications not supported' }],
      subscriptions: {
        notification: 'eth_subscription',
        unsubscribe: 'eth_unsubscribe',
        kinds: {
          newHeads: { encodeResult: { o: { number: 'q' } }, availability: on },
          logs: { availability: on },
          newPendingTransactions: { decodeParams: { t: [0] }, availability: on },
          syncing: { availability: { ...on, served: false } },
          flood: { availability: on },
          broken: { availability: on },
        },
      },
    }),
    method({
      name: 'eth_unsubscribe',
      service: 'evm',
      ...positional,
      params: ['subscriptionId'],
      required: ['subscriptionId'],
      wsOnly: true,
      validateParams: validator(tuple([str(/^0x[0-9a-f]+$/)])),
      errors: [{ code: -32000, message: 'subscription not found' }],
    }),
  ]),
};

/** Claims `/ext/bc/X/rpc` with a literal segment, which must win over evm's `{blockchainID}`. */
export const special: ServerServiceDef = {
  name: 'special',
  dialect: 'standard',
  batch: true,
  endpoints: [{ name: 'x', transport: 'http', path: '/ext/bc/X/rpc', variables: {} }],
  document: { openrpc: '1.3.2', info: { title: 'special', version: '1.0.0' }, methods: [] },
  methods: byName([method({ name: 'x_hello', service: 'special', ...positional })]),
};

export const ALL_SERVICES: ServerServiceDef[] = [info, platform, native, admin, evm, special];

// ---------------------------------------------------------------------------------------------------------
// Handlers (value form).
// ---------------------------------------------------------------------------------------------------------

/** Every context a handler saw, for assertions. */
export const seen: HandlerContext[] = [];

/** How many times eth_slow ran (notifications are executed too). */
export const counters = { slow: 0 };

/** Emits `ended` (with the kind) when a subscription's producer stops: tests await it instead of polling. */
export const subscriptionEvents: EventEmitter = new EventEmitter();

function rpcError(code: number, message: string, data?: unknown): Error & { code: number; data?: unknown } {
  return Object.assign(new Error(message), { code, ...(data !== undefined ? { data } : {}) });
}

async function* headStream(req: SubscriptionRequest, ctx: HandlerContext): AsyncGenerator<unknown> {
  try {
    for (const h of heads(2)) yield h;
    // Then stay open until the subscription ends.
    await new Promise<void>((resolve) => {
      if (ctx.signal?.aborted) resolve();
      ctx.signal?.addEventListener('abort', () => resolve(), { once: true });
    });
  } finally {
    subscriptionEvents.emit('ended', req.kind);
  }
}

export const handlers = {
  info: {
    info: {
      getNodeID: (_p: Record<string, never>, ctx: HandlerContext) => {
        seen.push(ctx);
        return { nodeID: 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg', tag: '<b>&' };
      },
      isBootstrapped: ({ chain }: { chain: string }) => {
        if (chain === 'X' || chain === 'P') return { isBootstrapped: true };
        throw rpcError(-32000, `there is no chain with alias/ID '${chain}'`);
      },
      getNetworkID: () => ({ networkID: 1 }),
      peers: () => ({ numPeers: 0n, peers: [] }),
      crash: () => {
        throw new Error('ENOENT: /var/lib/node/secret.db could not be opened');
      },
      badResult: () => ({ n: -1n }),
      checked: () => ({ ok: 'yes' }),
      echo: async ({ text }: { text?: string }) => ({ text: text ?? null }),
    },
  },
  platform: {
    platform: {
      getHeight: () => ({ height: 1234567n }),
      getBalance: ({ addresses }: { addresses: string[] }) => ({ balance: BigInt(addresses.length) * 1_000_000_000n }),
      getUTXOs: (p: { addresses: string[]; limit?: number; encoding?: string }) => ({ numFetched: BigInt(p.limit ?? 0), seen: p }),
    },
  },
  native: {
    native: {
      exportKey: ({ password }: { password: string }) => {
        throw rpcError(-32000, `incorrect password ${password} for user`, { tried: password });
      },
      where: (_p: unknown, ctx: HandlerContext) => ({ variables: ctx.variables, path: ctx.path }),
    },
  },
  admin: { admin: { setLogLevel: () => ({}) } },
  evm: {
    eth: {
      chainId: () => 43114n,
      getBalance: ([address, block]: [string, string | undefined]) => {
        if (block === '0xffffff') throw rpcError(-32000, 'cannot query unfinalized data');
        return address.endsWith('0') ? 0n : 1_000_000_000_000_000_000n;
      },
      getBlockByNumber: ([block, full]: [bigint | string, boolean]) => ({ number: typeof block === 'bigint' ? block : 0n, full }),
      call: () => {
        throw rpcError(3, 'execution reverted: user error', '0x08c379a0');
      },
      coinbase: () => '0x0000000000000000000000000000000000000000',
      context: (_p: unknown, ctx: HandlerContext) => ({
        service: ctx.service,
        method: ctx.method,
        transport: ctx.transport,
        path: ctx.path,
        variables: ctx.variables,
        test: ctx.headers['x-test'] ?? null,
        signal: ctx.signal instanceof AbortSignal,
      }),
      slow: async () => {
        counters.slow++;
        await new Promise((r) => setImmediate(r));
        return counters.slow;
      },
      subscribe: (req: SubscriptionRequest, ctx: HandlerContext) => {
        if (req.kind === 'newHeads') return headStream(req, ctx);
        if (req.kind === 'newPendingTransactions') {
          return (async function* () {
            yield req.params[0] === true ? { hash: '0x01', full: true } : '0x01';
            await new Promise<void>((resolve) => ctx.signal?.addEventListener('abort', () => resolve(), { once: true }));
          })();
        }
        if (req.kind === 'flood') {
          // A producer that never waits: only the send-queue limit stops it.
          return (async function* () {
            const big = 'x'.repeat(64 * 1024);
            try {
              for (let i = 0; ; i++) yield { i, big };
            } finally {
              subscriptionEvents.emit('ended', 'flood');
            }
          })();
        }
        if (req.kind === 'broken') {
          return (async function* () {
            yield { ok: 1 };
            throw new Error('the feed broke');
          })();
        }
        return (async function* () {
          yield { kind: req.kind, params: req.params };
        })();
      },
    },
    debug: { traceTransaction: () => ({ gas: 21000 }) },
  },
  special: { x: { hello: () => 'hello from X' } },
};

/** Server options for a named scenario fixture. */
export function fixtureOptions(name: string): Pick<ServerOptions, 'services' | 'handlers'> {
  switch (name) {
    case 'node':
      return { services: ALL_SERVICES, handlers };
    case 'bare':
      return { services: ALL_SERVICES };
    default:
      throw new Error(`unknown fixture ${JSON.stringify(name)}; fixtures: node, bare`);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Mock data (wire form, as the spec's examples give it).
// ---------------------------------------------------------------------------------------------------------

export const mockData: MockServiceData[] = [
  {
    service: 'info',
    examples: {
      'info.getNodeID': [{ name: 'node-id', params: [], result: { nodeID: 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg' } }],
      'info.isBootstrapped': [
        { name: 'x-chain', params: [{ name: 'chain', value: 'X' }], result: { isBootstrapped: true } },
        { name: 'p-chain', params: [{ name: 'chain', value: 'P' }], result: { isBootstrapped: false } },
      ],
      'info.getNetworkID': [{ name: 'mainnet', params: [], result: { networkID: '1' } }],
    },
  },
  {
    service: 'platform',
    examples: {
      'platform.getHeight': [{ name: 'current', params: [], result: { height: '1234567' } }],
      'platform.getUTXOs': [
        { name: 'first-page', params: [{ name: 'addresses', value: ['P-avax1a'] }], result: { numFetched: '1', page: 1 } },
        {
          name: 'second-page',
          params: [
            { name: 'addresses', value: ['P-avax1a'] },
            { name: 'limit', value: 1 },
          ],
          result: { numFetched: '1', page: 2 },
        },
      ],
    },
  },
  {
    service: 'evm',
    examples: {
      eth_chainId: [{ name: 'mainnet', params: [], result: '0xa86a' }],
      eth_getBalance: [
        { name: 'latest', params: [{ name: 'address', value: '0x1111111111111111111111111111111111111111' }], result: '0x1' },
        {
          name: 'at-block',
          params: [
            { name: 'address', value: '0x1111111111111111111111111111111111111111' },
            { name: 'block', value: '0x10' },
          ],
          result: '0x2',
        },
      ],
      eth_call: [{ name: 'no-result', params: [] }],
      eth_coinbase: [{ name: 'zero', params: [], result: '0x0000000000000000000000000000000000000000' }],
    },
    subscriptions: {
      eth_subscribe: {
        newHeads: [{ name: 'two-blocks', params: [], notifications: [{ number: '0x1' }, { number: '0x2' }] }],
        logs: [
          { name: 'all', params: [{ name: 'filter', value: {} }], notifications: [{ logIndex: '0x0' }] },
          {
            name: 'usdc',
            params: [{ name: 'filter', value: { address: '0xb97e' } }],
            notifications: [{ logIndex: '0x7', address: '0xb97e' }],
          },
        ],
      },
    },
  },
];
