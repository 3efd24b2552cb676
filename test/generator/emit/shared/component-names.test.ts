/**
 * The names the Go and Python emitters give components: one declaration per component, shared between
 * services whose schema is the same, prefixed by the service's name where the schemas differ.
 */
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../../../generator/model/index.js';
import { ComponentNames } from '../../../../generator/emit/shared/component-names.js';
import { goPascal } from '../../../../generator/emit/shared/go-types.js';
import { NameTable, pascal } from '../../../../generator/emit/shared/names.js';

const BLOCK: JsonSchema = { type: 'object', properties: { height: { type: 'string' } } };
const OTHER_BLOCK: JsonSchema = { type: 'object', properties: { number: { type: 'string' } } };
const AMOUNT: JsonSchema = { type: 'string', 'x-codec': 'u64' };

/** A lookup of `ref` in `service`; a new component is claimed, or given `set` for its service alone. */
interface Step {
  readonly service: string;
  readonly ref: string;
  readonly set?: string;
}

interface Case {
  readonly services: Record<string, Record<string, JsonSchema>>;
  readonly steps: readonly Step[];
  readonly reserved?: readonly string[];
  readonly casing?: (text: string) => string;
  /** Per step: the name found (`=`) or claimed (`+`), or `-` when the reference names no component. */
  readonly want: readonly string[];
}

const ref = (component: string) => `#/components/schemas/${component}`;

const CASES: [string, Case][] = [
  [
    'a component is claimed once, then found',
    { services: { info: { Block: BLOCK } }, steps: [{ service: 'info', ref: ref('Block') }, { service: 'info', ref: ref('Block') }], want: ['+Block', '=Block'] },
  ],
  [
    'services with the same schema share one declaration',
    {
      services: { info: { Block: BLOCK }, platform: { Block: { ...BLOCK } } },
      steps: [{ service: 'info', ref: ref('Block') }, { service: 'platform', ref: ref('Block') }, { service: 'platform', ref: ref('Block') }],
      want: ['+Block', '=Block', '=Block'],
    },
  ],
  [
    'a service whose schema differs gets its own, prefixed by its name',
    {
      services: { info: { Block: BLOCK }, 'x-chain': { Block: OTHER_BLOCK }, platform: { Block: BLOCK } },
      steps: [{ service: 'info', ref: ref('Block') }, { service: 'x-chain', ref: ref('Block') }, { service: 'platform', ref: ref('Block') }, { service: 'x-chain', ref: ref('Block') }],
      want: ['+Block', '+XChainBlock', '=Block', '=XChainBlock'],
    },
  ],
  [
    'a name the table already holds gets a number',
    { services: { info: { Client: BLOCK } }, reserved: ['Client'], steps: [{ service: 'info', ref: ref('Client') }], want: ['+Client2'] },
  ],
  [
    "the language's casing makes the name",
    {
      services: { info: { nodeId: BLOCK }, health: { nodeId: OTHER_BLOCK } },
      casing: goPascal,
      steps: [{ service: 'info', ref: ref('nodeId') }, { service: 'health', ref: ref('nodeId') }],
      want: ['+NodeID', '+HealthNodeID'],
    },
  ],
  [
    'a percent-encoded component name is decoded',
    { services: { info: { 'Block Header': BLOCK } }, steps: [{ service: 'info', ref: ref('Block%20Header') }], want: ['+BlockHeader'] },
  ],
  [
    'references to no component of the service name nothing',
    {
      services: { info: { Block: BLOCK }, platform: {} },
      steps: [{ service: 'info', ref: '#/definitions/Block' }, { service: 'info', ref: ref('Missing') }, { service: 'platform', ref: ref('Block') }, { service: 'info', ref: ref('Block/properties/height') }],
      want: ['-', '-', '-', '-'],
    },
  ],
  [
    'a name set for one service is shared with no other',
    {
      services: { info: { Amount: AMOUNT }, platform: { Amount: AMOUNT } },
      steps: [{ service: 'info', ref: ref('Amount'), set: 'U64' }, { service: 'info', ref: ref('Amount') }, { service: 'platform', ref: ref('Amount') }],
      want: ['+U64', '=U64', '+Amount'],
    },
  ],
];

describe('ComponentNames', () => {
  for (const [name, c] of CASES) {
    it(name, () => {
      const names = new ComponentNames(new NameTable(c.reserved), c.casing ?? pascal);
      const got = c.steps.map((step) => {
        const found = names.find(step.ref, { name: step.service, schemas: c.services[step.service]! });
        if (found === undefined) return '-';
        if (typeof found === 'string') return `=${found}`;
        expect(found.schema).toBe(c.services[step.service]![found.component]);
        if (step.set === undefined) return `+${names.claim(found)}`;
        names.set(found, step.set);
        return `+${step.set}`;
      });
      expect(got).toEqual(c.want);
    });
  }
});
