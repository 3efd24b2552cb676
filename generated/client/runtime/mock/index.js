/** The mock node: every method answered from the spec's examples, or from recorded exchanges. */
export { createMockRawHandler, MockError } from "./handler.js";
export { jsonEqual } from "./json-equal.js";
export { FixtureError, loadRecordings, REDACTED, Replay } from "./replay.js";
export { startMock } from "./start.js";
