/** The mock node: every method answered from the spec's examples, or from recorded exchanges. */
export { createMockRawHandler, jsonEqual, MockError } from "./handler.js";
export { FixtureError, loadRecordings, REDACTED, Replay } from "./replay.js";
export { startMock } from "./start.js";
