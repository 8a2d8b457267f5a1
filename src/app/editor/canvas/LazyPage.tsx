/**
 * Mounts a page's content (its rows of Slate editors, tables, codes) only when the page comes near
 * the viewport, or later when the browser is idle. A long template opens with its first pages
 * editable at once instead of building every editor of every page before the first paint; the
 * paper itself (size, margins) is drawn by the caller, so the canvas keeps its full height.
 */
import { type ReactNode, useEffect, useRef, useState } from 'react';

/** Pages from the top mounted with the canvas itself. */
const EAGER_PAGES = 2;
/** How far outside the viewport a page starts mounting. */
const NEAR = '150% 0px';

type IdleHandle = { cancel: () => void };

/** One idle turn (a timer where requestIdleCallback is missing). */
function whenIdle(run: () => void): IdleHandle {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 1000 });
    return { cancel: () => cancelIdleCallback(id) };
  }
  const id = setTimeout(run, 50);
  return { cancel: () => clearTimeout(id) };
}

/**
 * Pages waiting for an idle turn, mounted one per turn in page order so a long template fills in
 * without one long task.
 */
const idleQueue: Array<{ index: number; mount: () => void }> = [];
let idleTurn: IdleHandle | null = null;

function scheduleIdle(): void {
  if (idleTurn || idleQueue.length === 0) return;
  idleTurn = whenIdle(() => {
    idleTurn = null;
    idleQueue.sort((a, b) => a.index - b.index);
    idleQueue.shift()?.mount();
    scheduleIdle();
  });
}

function enqueueIdle(entry: { index: number; mount: () => void }): () => void {
  idleQueue.push(entry);
  scheduleIdle();
  return () => {
    const at = idleQueue.indexOf(entry);
    if (at >= 0) idleQueue.splice(at, 1);
  };
}

export function LazyPage({ index, children }: { index: number; children: ReactNode }) {
  const [mounted, setMounted] = useState(index < EAGER_PAGES);
  const anchor = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (mounted) return;
    const mount = () => setMounted(true);
    const dequeue = enqueueIdle({ index, mount });
    let observer: IntersectionObserver | undefined;
    if (typeof IntersectionObserver === 'function' && anchor.current) {
      observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && mount(), {
        rootMargin: NEAR,
      });
      observer.observe(anchor.current.parentElement ?? anchor.current);
    }
    return () => {
      dequeue();
      observer?.disconnect();
    };
  }, [mounted, index]);

  if (mounted) return <>{children}</>;
  return <div ref={anchor} className="qe-page-pending" data-lazy="pending" aria-busy="true" />;
}
