import { useEffect } from 'react';

type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

/** Starts `load` once the page is idle; a failure is ignored here (the real load reports it). */
export function PrefetchWhenIdle({ load }: { load: () => Promise<unknown> }) {
  useEffect(() => {
    const w = window as IdleWindow;
    const run = () => void load().catch(() => undefined);
    if (w.requestIdleCallback && w.cancelIdleCallback) {
      const id = w.requestIdleCallback(run, { timeout: 3000 });
      return () => w.cancelIdleCallback!(id);
    }
    const timer = setTimeout(run, 1000);
    return () => clearTimeout(timer);
  }, [load]);
  return null;
}
