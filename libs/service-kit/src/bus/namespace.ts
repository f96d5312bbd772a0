import type { Bus, BusMessage, ConsumeOptions, HandleOptions, RequestHandler } from './types.js';

/** What a namespace may be: one NATS subject token, usable in a stream name. */
export const NAMESPACE_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * A bus whose subjects all live under `<namespace>.` on the wire, so several PowerPool
 * deployments (or test runs) can share one NATS server without seeing each other's events or
 * answering each other's requests. Handlers see the subjects without the namespace, exactly as
 * with a bus of their own.
 */
export function namespacedBus(inner: Bus, namespace: string): Bus {
  if (!NAMESPACE_PATTERN.test(namespace)) throw new Error(`Invalid bus namespace ${JSON.stringify(namespace)}: letters, digits, _ and - only`);
  const prefix = `${namespace}.`;
  const add = (s: string) => `${prefix}${s}`;
  const strip = <T>(m: BusMessage<T>): BusMessage<T> => ({ ...m, subject: m.subject.startsWith(prefix) ? m.subject.slice(prefix.length) : m.subject });
  return {
    kind: inner.kind,
    publish: (subject, data, options) => inner.publish(add(subject), data, options),
    broadcast: (subject, data, options) => inner.broadcast(add(subject), data, options),
    consume: <T>(options: ConsumeOptions<T>) =>
      inner.consume<T>({ ...options, subjects: options.subjects.map(add), handler: (m) => options.handler(strip(m)) }),
    subscribe: <T>(subject: string, handler: (m: BusMessage<T>) => Promise<void> | void) => inner.subscribe<T>(add(subject), (m) => handler(strip(m))),
    request: (subject, data, options) => inner.request(add(subject), data, options),
    handle: <Req, Res>(subject: string, handler: RequestHandler<Req, Res>, options: HandleOptions) =>
      inner.handle<Req, Res>(add(subject), (m) => handler(strip(m)), options),
    onReconnect: (listener) => inner.onReconnect(listener),
    isReady: () => inner.isReady(),
    close: () => inner.close(),
  };
}
