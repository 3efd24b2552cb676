/** The public part of http.ts. */
export { createHttpTransport } from "../http.js";
