import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { formatIssues, pointerToAccessor } from '../../../runtime/errors/forms.js';
import { toIssues } from '../../../runtime/client/validate.js';

const ajv = new Ajv({ allErrors: true });
const check = ajv.compile({
  type: 'object',
  required: ['addresses', 'encoding'],
  additionalProperties: false,
  properties: {
    addresses: { type: 'array', items: { type: 'string', pattern: '^P-' } },
    encoding: { enum: ['hex', 'json'] },
    limit: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
  },
});

describe('toIssues', () => {
  it('turns ajv errors into issues with path, keyword and a message naming what was expected', () => {
    check({ addresses: ['P-a', 'X-b'], encoding: 'cb58', limit: true, from: 'x' });
    const issues = toIssues(check.errors);
    expect(issues).toEqual([
      { path: '', keyword: 'additionalProperties', message: 'must not have the property "from"', params: { additionalProperty: 'from' } },
      { path: '/addresses/1', keyword: 'pattern', message: 'must match pattern "^P-"', params: { pattern: '^P-' } },
      { path: '/encoding', keyword: 'enum', message: 'must be one of "hex", "json"', params: { allowedValues: ['hex', 'json'] } },
      { path: '/limit', keyword: 'type', message: 'must be string', params: { type: 'string' } },
      { path: '/limit', keyword: 'type', message: 'must be integer', params: { type: 'integer' } },
      { path: '/limit', keyword: 'anyOf', message: 'must match a schema in anyOf', params: {} },
    ]);
  });

  it('gives no issues for no errors, and drops duplicates', () => {
    expect(toIssues(null)).toEqual([]);
    const e = { instancePath: '/a', keyword: 'type', message: 'must be string' };
    expect(toIssues([e, e])).toHaveLength(1);
  });
});

describe('formatIssues', () => {
  it('names the method, where each problem is and what was expected', () => {
    check({ addresses: ['X-b'] });
    expect(formatIssues('platform.getUTXOs', 'params', toIssues(check.errors))).toBe(
      'platform.getUTXOs: the params do not match the spec (2 problems):\n' +
        "  - params must have required property 'encoding'\n" +
        '  - params.addresses[0] must match pattern "^P-"',
    );
  });

  it('lists at most 10 problems', () => {
    const issues = Array.from({ length: 12 }, (_, i) => ({ path: `/${i}`, message: 'must be string', keyword: 'type' }));
    const text = formatIssues('eth_getLogs', 'result', issues);
    expect(text.split('\n')).toHaveLength(12);
    expect(text).toMatch(/^eth_getLogs: the result does not match the spec \(12 problems\):\n {2}- result\[0\] must be string/);
    expect(text).toMatch(/\.\.\. and 2 more$/);
  });

  it('renders JSON pointers as accessors', () => {
    expect(pointerToAccessor('')).toBe('');
    expect(pointerToAccessor('/validators/3/nodeID')).toBe('.validators[3].nodeID');
    expect(pointerToAccessor('/balances/2ZpjQ~1x/a b')).toBe('.balances["2ZpjQ/x"]["a b"]');
  });
});
