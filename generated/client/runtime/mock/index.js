/** The mock node: every method answered from the spec's examples. */
export { createMockRawHandler, jsonEqual, MockError } from "./handler.js";
export { startMock } from "./start.js";
