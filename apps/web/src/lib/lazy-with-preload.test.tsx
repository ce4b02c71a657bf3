import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { lazyWithPreload } from './lazy-with-preload';

const Hello = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe('lazyWithPreload', () => {
  it('renders without suspending once preloaded, loading the chunk once', async () => {
    const factory = vi.fn(() => Promise.resolve({ default: Hello }));
    const Page = lazyWithPreload(factory);
    expect(Page.isLoaded()).toBe(false);
    await Page.preload();
    await Page.preload();
    expect(Page.isLoaded()).toBe(true);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page name="Ada" />
      </Suspense>,
    );
    // Synchronous: no fallback was ever needed.
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(factory).toHaveBeenCalledTimes(1);
  });

  it('suspends like React.lazy when not preloaded', async () => {
    const Page = lazyWithPreload(() => Promise.resolve({ default: Hello }));
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page name="Bo" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByText('Hello Bo')).toBeInTheDocument();
  });

  it('retries after a failed download', async () => {
    const factory = vi
      .fn<() => Promise<{ default: typeof Hello }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ default: Hello });
    const Page = lazyWithPreload(factory);
    await expect(Page.preload()).resolves.toBeUndefined();
    await Page.preload();
    expect(factory).toHaveBeenCalledTimes(2);
    render(<Page name="Cy" />);
    expect(screen.getByText('Hello Cy')).toBeInTheDocument();
  });
});
