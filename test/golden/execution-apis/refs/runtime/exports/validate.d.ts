/** The public part of validate.ts. */
export { formatIssues, toIssues } from "../validate.js";
export type { AjvErrorLike } from "../validate.js";
