/**
* Bodies of the go-ethereum flavor (the EVM chain's endpoints), answered as geth's server answers them:
* its parse errors, its batch limit, responses in a request ignored, every reply escaped as Go escapes.
*/
import type { Calls } from "./outcome.js";
import type { Site } from "./tables.js";
export declare function gethBody(calls: Calls, site: Site, text: string): Promise<string | null>;
