import { createElement, lazy, type ComponentType } from 'react';

export type PreloadableComponent<P extends object> = ComponentType<P> & {
  /** Starts loading the chunk; resolves when it is ready (never rejects). */
  preload: () => Promise<void>;
  /** True once the chunk is in: the component then renders without suspending. */
  isLoaded: () => boolean;
};

/**
 * React.lazy plus preload(). Once the chunk is in, the component renders synchronously
 * instead of suspending, so a page fetched ahead of time appears without a spinner flash.
 */
export function lazyWithPreload<P extends object>(
  factory: () => Promise<{ default: ComponentType<P> }>,
): PreloadableComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;

  const load = () => {
    pending ??= factory().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // Forget the failure so a later render or preload can try again (flaky network).
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };

  const Lazy = lazy(load);
  const Preloadable = (props: P) => createElement(loaded ?? Lazy, props);
  return Object.assign(Preloadable, {
    preload: () =>
      load().then(
        () => undefined,
        () => undefined,
      ),
    isLoaded: () => loaded !== undefined,
  });
}
