/**
 * `<Method>Pages` for a method with `x-pagination`: the method called page after page, each page's next
 * cursor passed back as the cursor param, until a page holds fewer items than asked for. Emitted only where
 * the Go types line up (the cursor param takes the type of the result's cursor field, the items are a list).
 */
import type { GoMethod } from '../shared/go-layout.js';
import type { GoTypes } from '../shared/go-types.js';

const COUNTS = new Set(['U64', 'U32', 'U64Number', 'int64']);

export function pagesFunction(m: GoMethod, types: GoTypes): string[] {
  const pg = m.method.pagination;
  const fields = types.structs.get(m.result);
  if (!pg || !m.pages || !m.paramsType || !fields) return [];
  const items = fields.find((f) => f.key === pg.items);
  const next = fields.find((f) => f.key === pg.nextCursor);
  const cursor = m.params.find((p) => p.name === pg.cursorParam);
  if (!items || !next || !cursor) return [];
  const list = items.type.startsWith('[]') ? `page.${items.name}` : items.type.startsWith('Opt[[]') ? `page.${items.name}.Value` : undefined;
  const pointer = cursor.type === `*${next.type}`;
  if (!list || !(pointer || cursor.type === next.type)) return [];
  const count = pg.count ? fields.find((f) => f.key === pg.count && COUNTS.has(f.type)) : undefined;
  const limit = pg.limitParam ? m.params.find((p) => p.name === pg.limitParam && COUNTS.has(p.type.replace(/^\*/, ''))) : undefined;
  const short = pg.maxLimit !== undefined ? ` (${limit ? `${limit.field}, or ` : ''}${pg.maxLimit})` : '';
  const lines = [
    `// ${m.pages} calls ${m.method.name} page after page and gives each page to fn, passing`,
    `// each page's ${next.name} back as ${cursor.field}. A page with fewer items than asked for${short},`,
    '// or one that does not move the cursor, is the last; the first error of a call or of fn ends it.',
    '// An item at a page boundary may come again on the next page.',
    `func (a *${m.apiType}) ${m.pages}(ctx context.Context, params ${m.paramsType}, fn func(page ${m.result}) error) error {`,
  ];
  const asked = pg.maxLimit !== undefined ? String(pg.maxLimit) : '0';
  lines.push(`\tasked := ${asked}`);
  if (limit) {
    const value = limit.type.startsWith('*') ? `*params.${limit.field}` : `params.${limit.field}`;
    const guard = limit.type.startsWith('*') ? `params.${limit.field} != nil && ` : '';
    lines.push(`\tif ${guard}${value} > 0 && (asked == 0 || int(${value}) < asked) {`, `\t\tasked = int(${value})`, '\t}');
  }
  lines.push(
    '\tfor {',
    `\t\tpage, err := a.${m.name}(ctx, params)`,
    '\t\tif err != nil {',
    '\t\t\treturn err',
    '\t\t}',
    '\t\tif err := fn(page); err != nil {',
    '\t\t\treturn err',
    '\t\t}',
    `\t\tgot := ${count ? `int(page.${count.name})` : `len(${list})`}`,
    `\t\tif got == 0 || (asked > 0 && got < asked) || !moved(params.${cursor.field}, page.${next.name}) {`,
    '\t\t\treturn nil',
    '\t\t}',
    `\t\tcursor := page.${next.name}`,
    `\t\tparams.${cursor.field} = ${pointer ? '&cursor' : 'cursor'}`,
    '\t}',
    '}',
    '',
  );
  return lines;
}
