/** `noderpc verify`: probe a live node with every read the spec describes and report where they differ. */
export { verify, type VerifyOptions } from './run.js';
export { formatReport } from './report.js';
export { exitStatus, failed, STATUSES, type DiscoverReport, type MethodReport, type Problem, type Status, type VerifyReport } from './types.js';
export { plan, globMatcher, type PlanOptions, type Probe } from './plan.js';
