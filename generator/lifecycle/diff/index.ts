/**
 * `noderpc diff` as a library: read two sides, diff their models, report. The command line (command.ts)
 * is these calls with flags.
 */
export { diffModels, type Change, type DiffResult } from './compare.js';
export { DiffInputError, readPath, readProject, readRef, type Side } from './inputs.js';
export { diffJson, diffText, JSON_FORMAT } from './report.js';
export { nextVersion, RULES, rulesMarkdown, type Bump, type Effect, type Rule, type Severity } from './rules.js';
