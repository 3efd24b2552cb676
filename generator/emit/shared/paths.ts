/**
 * Where the package keeps its validators: the paths the client, server and docs emitters point at. Apart
 * from the emitter (index.ts) so that pointing at a validator does not load ajv's standalone compiler.
 */
import type { MethodModel, ServiceModel } from '../../model/index.js';

export const PACKAGE_DIR = 'client';

export function validatorPath(service: ServiceModel, method: MethodModel, direction: 'params' | 'result'): string {
  return `validators/${service.name}/${method.name}.${direction}`;
}

/** The validator of one subscription kind's notification payloads. */
export function notificationValidatorPath(service: ServiceModel, method: MethodModel, kind: string): string {
  return `validators/${service.name}/${method.name}.${kind.replace(/[^A-Za-z0-9_-]/g, '_')}.notification`;
}
