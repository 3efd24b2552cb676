/**
 * `x-brand` read from any document: a good declaration becomes a brand (name, pattern, form, samples the
 * pattern matches); a bad one is reported with its file and pointer, every one of them, and leaves its
 * schema an ordinary string; a document without the keyword gets no brand code at all.
 */
import { describe, expect, it } from 'vitest';
import { brandCode, brandFunctionName, collectBrands } from '../../../generator/schema/brands.js';
import type { ServiceModel } from '../../../generator/model/index.js';

const service = (schemas: Record<string, unknown>): ServiceModel => ({ source: 'spec/ids.yaml', document: { openrpc: '1.3.2', components: { schemas } } }) as unknown as ServiceModel;

describe('collectBrands', () => {
  it('a string schema with a pattern and x-brand is a brand', () => {
    const { brands, problems } = collectBrands([service({ Ticket: { description: 'A ticket, `T-` and six digits.', type: 'string', pattern: '^T-[0-9]{6}$', 'x-brand': 'TicketID' } })]);
    expect(problems).toEqual([]);
    expect([...brands.values()]).toEqual([
      { name: 'TicketID', pattern: '^T-[0-9]{6}$', form: 'A ticket, `T-` and six digits.', samples: ['T-000000', 'T-999999'], origin: 'spec/ids.yaml#/components/schemas/Ticket' },
    ]);
  });

  it('reports every bad declaration with its pointer', () => {
    const { brands, problems } = collectBrands([
      service({
        Lower: { type: 'string', pattern: '^a$', 'x-brand': 'lower' },
        Number: { type: 'integer', pattern: '^1$', 'x-brand': 'Num' },
        NoPattern: { type: 'string', 'x-brand': 'Free' },
        Twice1: { type: 'string', pattern: '^a$', 'x-brand': 'Twice' },
        Twice2: { type: 'string', pattern: '^b$', 'x-brand': 'Twice' },
      }),
    ]);
    expect(problems.map((p) => [p.code, p.pointer, p.message])).toEqual([
      ['brand-invalid', '/components/schemas/Lower', 'x-brand must be a type name (a capital letter, then letters, digits or _), got "lower".'],
      ['brand-invalid', '/components/schemas/Number', 'x-brand Num needs a schema of type string (or [string, null]).'],
      ['brand-invalid', '/components/schemas/NoPattern', 'x-brand Free needs a pattern: the constructor checks values with it.'],
      ['brand-invalid', '/components/schemas/Twice2', 'x-brand Twice is declared with two patterns: ^a$ (spec/ids.yaml#/components/schemas/Twice1) and ^b$. One brand has one form: give one of them another name.'],
    ]);
    expect([...brands.keys()]).toEqual(['Twice']);
    expect(problems.every((p) => p.file === 'spec/ids.yaml')).toBe(true);
  });

  it('a document without x-brand: no brands, no code', () => {
    const { brands, problems } = collectBrands([service({ Plain: { type: 'string', pattern: '^a$' } })]);
    expect([brands.size, problems]).toEqual([0, []]);
    expect(brandCode(brands, './runtime/client/brand.js')).toEqual({ dts: '', js: '' });
  });

  it('names the constructor after the brand', () => {
    expect(['NodeID', 'CB58ID', 'ChainAddress', 'TicketID', 'Account'].map(brandFunctionName)).toEqual(['nodeId', 'cb58Id', 'chainAddress', 'ticketId', 'account']);
  });
});
