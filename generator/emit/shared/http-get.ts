/** What the Python and Go clients share of the plain GETs (`x-http-get`). */
import type { MethodModel } from '../../model/index.js';

/** Whether the clients offer a method as a plain GET call: served to GETs, answering with a result, not a subscription. */
export function offersHttpGet(method: MethodModel): boolean {
  return method.httpGet !== undefined && method.result !== undefined && method.subscriptions === undefined;
}
