/**
 * The `x-` fields the generator acts on, with the shape each must have (see spec/README.md). Checked like
 * the meta-schema: a misspelt or mistyped extension is a problem with a location, not a silent no-op.
 */

const availability = {
  type: 'object',
  additionalProperties: false,
  properties: {
    enabledByDefault: { type: 'boolean' },
    enableWith: { type: 'string', minLength: 1 },
    publicNode: { type: 'boolean' },
    served: { type: 'boolean' },
    removedIn: { type: 'string', minLength: 1 },
    note: { type: 'string' },
  },
} as const;

const contentDescriptorLike = { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1 } } } as const;

const resultByParam = {
  type: 'object',
  additionalProperties: false,
  required: ['param', 'cases'],
  properties: {
    param: { type: 'string', minLength: 1 },
    cases: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['values', 'result'],
        properties: {
          values: { type: 'array', minItems: 1, items: { type: ['string', 'number', 'boolean', 'null'] } },
          summary: { type: 'string' },
          result: { type: ['object', 'boolean'] },
        },
      },
    },
  },
} as const;

/** Where an extension may appear, and its schema. */
export const extensionSchemas = {
  document: {
    'x-jsonrpc': {
      type: 'object',
      additionalProperties: false,
      required: ['batch'],
      properties: {
        batch: { type: 'boolean' },
        batchLimit: { type: 'integer', minimum: 1 },
        publicNodeBatchLimit: { type: 'integer', minimum: 1 },
        dialect: { enum: ['standard', 'geth', 'gorilla-json2'] },
      },
    },
    'x-availability': availability,
    // The client namespace every method of the document goes under, instead of its name's prefix: two APIs
    // whose methods share a prefix (the node's `admin.*` and an EVM chain's `admin.*`) stay apart.
    'x-namespace': { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9]*$' },
  },
  server: {
    'x-transport': { enum: ['http', 'websocket'] },
  },
  method: {
    'x-availability': availability,
    // What a call does to the node: `read`, `write` or `admin`, or `{ kind, idempotent }` for a write that is
    // harmless to repeat. Verify calls only reads; the client's retry policy and the docs read it too.
    'x-effects': {
      // Dispatched on the value's type so that a mistake gets one message, not one per form.
      if: { type: 'string' },
      then: { enum: ['read', 'write', 'admin'] },
      else: {
        type: 'object',
        additionalProperties: false,
        required: ['kind'],
        properties: { kind: { enum: ['read', 'write', 'admin'] }, idempotent: { type: 'boolean' }, note: { type: 'string' } },
        // Only a write can be idempotent: a read is always repeatable, an admin call never.
        if: { required: ['idempotent'], properties: { idempotent: { const: true } } },
        then: { properties: { kind: { const: 'write' } } },
      },
    },
    'x-keystore': {
      type: 'object',
      additionalProperties: false,
      properties: { removedIn: { type: 'string', minLength: 1 } },
    },
    'x-replaced-by': { type: 'string', minLength: 1 },
    // Where in this method's result the node states its version (a JSON pointer; '' for the whole result):
    // verify reports it beside the node's URL.
    'x-node-version': { type: 'string', pattern: '^(/.*)?$' },
    'x-websocket-only': { type: 'boolean' },
    // The method is also served to plain HTTP GET requests (the node's health probes); model/http-get.ts.
    'x-http-get': {
      type: 'object',
      additionalProperties: false,
      required: ['paths'],
      properties: {
        // After the document's server path: '' is that path itself, '/readiness' one segment below it.
        paths: { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', pattern: '^(/[A-Za-z0-9._~-]+)*$' } },
        query: { type: 'object', propertyNames: { pattern: '^[A-Za-z0-9._~-]+$' }, additionalProperties: { type: 'string', minLength: 1 } },
        status: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['code'],
            properties: {
              code: { type: 'integer', minimum: 200, maximum: 599 },
              when: {
                type: 'object',
                additionalProperties: false,
                required: ['pointer', 'equals'],
                properties: { pointer: { type: 'string', pattern: '^/.*$' }, equals: {} },
              },
            },
          },
        },
      },
    },
    'x-pagination': {
      type: 'object',
      additionalProperties: false,
      required: ['cursorParam', 'nextCursor', 'items'],
      properties: {
        cursorParam: { type: 'string', minLength: 1 },
        nextCursor: { type: 'string', minLength: 1 },
        items: { type: 'string', minLength: 1 },
        count: { type: 'string', minLength: 1 },
        limitParam: { type: 'string', minLength: 1 },
        maxLimit: { type: 'integer', minimum: 1 },
      },
    },
    // A param whose value selects the shape of the result (`fullTransactions`, `encoding`): one case per
    // value or set of values, each with a schema that narrows the result. Clients type one overload per case.
    'x-result-by-param': resultByParam,
    'x-subscriptions': {
      type: 'object',
      additionalProperties: false,
      required: ['notification', 'kinds'],
      properties: {
        notification: { type: 'string', minLength: 1 },
        unsubscribe: { type: 'string', minLength: 1 },
        kinds: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['name', 'result', 'examples'],
            properties: {
              name: { type: 'string', minLength: 1 },
              summary: { type: 'string' },
              description: { type: 'string' },
              params: { type: 'array', items: contentDescriptorLike },
              result: contentDescriptorLike,
              'x-availability': availability,
              'x-result-by-param': resultByParam,
              examples: {
                type: 'array',
                minItems: 1,
                items: {
                  type: 'object',
                  additionalProperties: false,
                  required: ['name', 'notifications'],
                  properties: {
                    name: { type: 'string', minLength: 1 },
                    description: { type: 'string' },
                    params: {
                      type: 'array',
                      items: { type: 'object', required: ['name', 'value'], properties: { name: { type: 'string' }, value: {} } },
                    },
                    notifications: { type: 'array', minItems: 1 },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
  contentDescriptor: {
    'x-secret': { type: 'boolean' },
  },
  schema: {
    'x-codec': { enum: ['uint64', 'uint64-number', 'uint32', 'float', 'quantity', 'hex'] },
    'x-open': { type: 'boolean' },
    'x-hex-only': { type: 'boolean' },
  },
} as const;

export type ExtensionPlace = keyof typeof extensionSchemas;
