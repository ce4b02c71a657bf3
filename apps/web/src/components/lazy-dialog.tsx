import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { lazyWithPreload } from '../lib/lazy-with-preload';
import { OpeningSpinner } from './opening-spinner';

/**
 * A dialog whose code is fetched when it first opens (or on `preload`, for a pointer over what
 * opens it), not with the page: a page's first load then carries no dialog code, CoreUI's
 * modal included (docs/decisions/0062-code-fetched-on-intent.md). Once opened it stays mounted, so
 * it closes with its fade like any dialog; `label` says what is opening while the code arrives.
 */
export function lazyDialog<P extends { visible: boolean }>(
  load: () => Promise<ComponentType<P>>,
  label: string,
) {
  const Dialog = lazyWithPreload<P>(async () => ({ default: await load() }));
  // Mounted closed, then opened: as when the dialog was always there (its fade, its content
  // unmounted on close).
  function OpenedAfterMount(props: P) {
    const [mounted, setMounted] = useState(false);
    useEffect(() => setMounted(true), []);
    return <Dialog {...props} visible={props.visible && mounted} />;
  }
  function LazyDialog(props: P) {
    const [opened, setOpened] = useState(props.visible);
    if (props.visible && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={<OpeningSpinner label={label} />}>
        <OpenedAfterMount {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyDialog, { preload: Dialog.preload });
}
