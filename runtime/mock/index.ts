/** The mock node: every method answered from the spec's examples, or from recorded exchanges. */
export { createMockRawHandler, MockError } from './handler.js';
export { jsonEqual } from './json-equal.js';
export { FixtureError, loadRecordings, REDACTED, Replay, type Fixture, type Recording } from './replay.js';
export { startMock, type RunningMock } from './start.js';
export type { MockExample, MockOptions, MockServiceData, MockSubscriptionExample } from './types.js';
