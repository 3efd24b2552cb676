/**
 * Synthetic OpenRPC documents of any number of methods, for the scale benchmark. Each method looks like a
 * node method: params by name (an ID with a pattern, an optional integer, an optional shared filter object),
 * a result object that refers to shared component schemas, one example pairing. There is one shared schema
 * per ten methods, so the components grow with the document as they do in real ones.
 */

export function syntheticDocument(methods: number): Record<string, unknown> {
  const shared = Math.max(1, Math.ceil(methods / 10));
  const schemas: Record<string, unknown> = {
    ID: { title: 'ID', type: 'string', pattern: '^[0-9a-f]{8}$', description: 'An identifier.' },
    Amount: { title: 'Amount', type: 'string', pattern: '^(0|[1-9][0-9]*)$', description: 'A decimal amount.' },
    Filter: {
      title: 'Filter',
      type: 'object',
      properties: { from: { type: 'integer', minimum: 0 }, to: { type: 'integer', minimum: 0 }, tags: { type: 'array', items: { type: 'string' } } },
    },
  };
  for (let s = 0; s < shared; s++) {
    schemas[`Record${s}`] = {
      title: `Record${s}`,
      type: 'object',
      required: ['id', 'amount', 'state'],
      properties: {
        id: { $ref: '#/components/schemas/ID' },
        amount: { $ref: '#/components/schemas/Amount' },
        state: { type: 'string', enum: ['pending', 'done', `kind${s}`] },
        note: { type: 'string', maxLength: 200 },
        items: { type: 'array', items: { type: 'object', required: ['index'], properties: { index: { type: 'integer' }, label: { type: 'string' } } } },
      },
    };
  }
  const list = [];
  for (let i = 0; i < methods; i++) {
    const record = `Record${i % shared}`;
    list.push({
      name: `svc_method${i}`,
      summary: `Method ${i}`,
      description: `Returns record ${i} of its kind, optionally filtered.`,
      paramStructure: 'by-name',
      params: [
        { name: 'id', required: true, schema: { $ref: '#/components/schemas/ID' } },
        { name: 'limit', required: false, schema: { type: 'integer', minimum: 1, maximum: 1000 } },
        { name: 'filter', required: false, schema: { $ref: '#/components/schemas/Filter' } },
      ],
      result: {
        name: 'result',
        schema: { type: 'object', required: ['record', 'total'], properties: { record: { $ref: `#/components/schemas/${record}` }, total: { type: 'integer' } } },
      },
      examples: [
        {
          name: `example${i}`,
          params: [
            { name: 'id', value: '0000abcd' },
            { name: 'limit', value: 10 },
          ],
          result: { name: 'result', value: { record: { id: '0000abcd', amount: String(i * 1000), state: 'done', items: [{ index: 0, label: 'a' }] }, total: 1 } },
        },
      ],
    });
  }
  return {
    openrpc: '1.3.2',
    info: { title: `Synthetic API of ${methods} methods`, version: '1.0.0' },
    servers: [{ name: 'node', url: 'http://127.0.0.1:8545' }],
    methods: list,
    components: { schemas },
  };
}
