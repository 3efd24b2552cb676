/**
 * A transport layered over another (retries, logging): the same kind, URL, validation, batching and
 * subscriptions, with its own request, batch and close. Whatever else the inner transport offers (a WebSocket
 * transport's extras) stays reachable through the prototype.
 */
import type { Transport } from './transport.js';

export function wrapTransport<T extends Transport>(transport: T, own: Pick<Transport, 'request' | 'batch' | 'close'>): T {
  const wrapped: Transport = {
    kind: transport.kind,
    get url(): string {
      return transport.url;
    },
    validate: transport.validate,
    validators: transport.validators,
    batching: transport.batching,
    request: own.request,
    batch: own.batch,
    close: own.close,
  };
  if (transport.subscribe) wrapped.subscribe = transport.subscribe.bind(transport);
  return Object.defineProperties(Object.create(transport) as T, Object.getOwnPropertyDescriptors(wrapped));
}
