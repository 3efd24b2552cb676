/**
 * Hedged reads for the fallback transport (fallback.ts): a read sent to the next node whenever `delay` ms
 * pass without an answer (or the current node fails), the first answer winning and the others aborted.
 */
import type { RequestOptions, RpcCall } from './transport.js';

/**
 * Sends `call` to the nodes in `tried` (indexes) through `attempt`, one more every `delay` ms; `movesOn`
 * says whether a failure sends it on to the next node.
 */
export function hedged(
  tried: readonly number[],
  call: RpcCall,
  opts: RequestOptions | undefined,
  delay: number,
  attempt: (i: number, call: RpcCall, opts: RequestOptions) => Promise<unknown>,
  movesOn: (error: unknown) => boolean,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const controllers: AbortController[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    let running = 0;
    let next = 0;
    let done = false;
    const outer = opts?.signal;
    const finish = (ok: boolean, value: unknown): void => {
      if (done) return;
      done = true;
      if (timer !== undefined) clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
      for (const c of controllers) c.abort(new Error('another node answered first'));
      if (ok) resolve(value);
      else reject(value);
    };
    const onAbort = (): void => {
      for (const c of controllers) c.abort(outer?.reason);
    };
    outer?.addEventListener('abort', onAbort, { once: true });
    const launch = (): void => {
      if (done || next >= tried.length) return;
      const i = tried[next++]!;
      const controller = new AbortController();
      controllers.push(controller);
      if (outer?.aborted) controller.abort(outer.reason);
      running++;
      if (timer !== undefined) clearTimeout(timer);
      timer = next < tried.length ? setTimeout(launch, delay) : undefined;
      attempt(i, call, { ...opts, signal: controller.signal }).then(
        (value) => finish(true, value),
        (e: unknown) => {
          running--;
          if (done) return;
          const onwards = movesOn(e);
          // Move on at once; with no node left, wait for those still running unless this error is final.
          if (onwards && next < tried.length) launch();
          else if (!onwards || running === 0) finish(false, e);
        },
      );
    };
    launch();
  });
}
