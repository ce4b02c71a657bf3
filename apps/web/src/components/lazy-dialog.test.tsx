import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { lazyDialog, preloadAll } from './lazy-dialog';

function Probe({ visible, name }: { visible: boolean; name: string }) {
  return <p>{visible ? `${name} open` : `${name} closed`}</p>;
}

/** A dialog opened with what it shows (an id), not with `visible`. */
function RecordProbe({ recordId }: { recordId: string | null }) {
  return <p>{recordId ? `Record ${recordId} open` : 'Record closed'}</p>;
}

describe('lazyDialog', () => {
  it('fetches nothing until first opened, then stays mounted when closed', async () => {
    const load = vi.fn(() => Promise.resolve(Probe));
    const Dialog = lazyDialog(load, 'Opening the probe…');
    const { rerender } = render(<Dialog visible={false} name="Probe" />);
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByText(/Probe/)).toBeNull();

    rerender(<Dialog visible name="Probe" />);
    expect(await screen.findByText('Probe open')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);

    // Closed, it stays mounted (the dialog's own fade and unmounting then apply).
    rerender(<Dialog visible={false} name="Probe" />);
    expect(screen.getByText('Probe closed')).toBeInTheDocument();
  });

  it('says what is opening while the code arrives', async () => {
    let arrive!: (component: typeof Probe) => void;
    const Dialog = lazyDialog(
      () => new Promise<typeof Probe>((resolve) => (arrive = resolve)),
      'Opening the probe…',
    );
    render(<Dialog visible name="Probe" />);
    expect(await screen.findByRole('status')).toHaveTextContent('Opening the probe…');
    arrive(Probe);
    expect(await screen.findByText('Probe open')).toBeInTheDocument();
  });

  it('fetches each of several dialogs once on their shared preload, and renders none', () => {
    const loadFirst = vi.fn(() => Promise.resolve(Probe));
    const loadSecond = vi.fn(() => Promise.resolve(Probe));
    const First = lazyDialog(loadFirst, 'Opening the first probe…');
    const preload = preloadAll(First, lazyDialog(loadSecond, 'Opening the second probe…'));
    expect(loadFirst).not.toHaveBeenCalled();
    preload();
    preload();
    expect(loadFirst).toHaveBeenCalledTimes(1);
    expect(loadSecond).toHaveBeenCalledTimes(1);
    render(<First visible={false} name="First" />);
    expect(screen.queryByText(/First/)).toBeNull();
  });

  it('opens by what `isOpen` reads (an id) and passes the props through unchanged', async () => {
    const load = vi.fn(() => Promise.resolve(RecordProbe));
    const Dialog = lazyDialog(load, 'Opening the record…', (props) => props.recordId !== null);
    const { rerender } = render(<Dialog recordId={null} />);
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByText(/Record/)).toBeNull();

    rerender(<Dialog recordId="r1" />);
    expect(await screen.findByText('Record r1 open')).toBeInTheDocument();
    rerender(<Dialog recordId={null} />);
    expect(screen.getByText('Record closed')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
