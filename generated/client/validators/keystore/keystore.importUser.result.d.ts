import type { ValidationIssue } from '../../runtime/client/meta.js';
/** Issues found in `value`, or null when it is valid. */
export declare function validate(value: unknown): readonly ValidationIssue[] | null;
