import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { lazyWithPreload } from '../lib/lazy-with-preload';
import { OpeningSpinner } from './opening-spinner';

/**
 * A dialog whose code is fetched when it first opens (or on `preload`, for a pointer over what
 * opens it), not with the page: a page's first load then carries no dialog code, CoreUI's
 * modal included (docs/decisions/0062-code-fetched-on-intent.md). Once opened it stays mounted, so
 * it closes with its fade like any dialog; `label` says what is opening while the code arrives.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  label: string,
  /** Whether these props open it: `visible`, or for a dialog opened with what it shows, its id. */
  isOpen: (props: P) => boolean = (props) => (props as { visible?: boolean }).visible === true,
) {
  const Dialog = lazyWithPreload<P>(async () => ({ default: await load() }));
  // Mounted closed, then opened: as when the dialog was always there (its fade, its content
  // unmounted on close).
  function OpenedAfterMount(props: P) {
    const [mounted, setMounted] = useState(false);
    useEffect(() => setMounted(true), []);
    if (!('visible' in props)) return <Dialog {...props} />;
    return <Dialog {...props} visible={props.visible === true && mounted} />;
  }
  function LazyDialog(props: P) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    if (!opened && !open) return null;
    return (
      <Suspense fallback={<OpeningSpinner label={label} />}>
        <OpenedAfterMount {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyDialog, { preload: Dialog.preload });
}

/**
 * One preload for several lazy dialogs (or pages): for the pointer over, or the focus in, what
 * opens them, so each dialog's code is fetched on intent and none with the page.
 */
export function preloadAll(...loadable: readonly { preload: () => Promise<unknown> }[]) {
  return () => {
    for (const one of loadable) void one.preload();
  };
}
