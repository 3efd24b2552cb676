import type { Emitter } from '../types.js';
export const goEmitter: Emitter = { name: 'go', emit: () => [] };
