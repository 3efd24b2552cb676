/**
 * The docs and package README templates' handlebars specs, as the build writes them beside the bundle (and a
 * run into its cache): a run must find every one under the key it looks it up by, whatever was compiled in
 * the process before, and so compile none of them itself.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileTemplates, README_TEMPLATE, readmeTemplate, writeTemplateSpecs } from '../../../../generator/emit/shared/render.js';
import { readTree } from '../../../../generator/lib/read-tree.js';
import { RunMemory } from '../../../../generator/speed/incremental.js';

const dir = mkdtempSync(join(tmpdir(), 'noderpc-specs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('precompiled template specs', () => {
  it('are found by the run for every template after the build wrote them, none compiled again', () => {
    const templates = readTree('templates', /\.hbs$/);
    const docs = [...templates.keys()].filter((p) => p.startsWith('templates/docs/'));
    expect(docs.length).toBeGreaterThan(10);
    writeTemplateSpecs(templates, dir);
    const written = readdirSync(dir).sort();
    expect(written).toHaveLength(docs.length + 1);
    // A spec looked up and not found is compiled and written into the folder given as the cache: a new file.
    const render = compileTemplates(templates, new RunMemory(false), dir);
    readmeTemplate(templates.get(README_TEMPLATE)!, dir);
    expect(readdirSync(dir).sort()).toEqual(written);
    expect(render('errors.md', { id: 'errors', count: 0, codes: [], home: 'index.md', anyData: false })).toContain('# Errors');
  });
});
