/** The public part of subscribe.ts. */
export { subscribe } from "../subscribe.js";
