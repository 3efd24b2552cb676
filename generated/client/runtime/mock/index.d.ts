/** The mock node: every method answered from the spec's examples. */
export { createMockRawHandler, jsonEqual, MockError } from "./handler.js";
export { startMock, type RunningMock } from "./start.js";
export type { MockExample, MockOptions, MockServiceData, MockSubscriptionExample } from "./types.js";
