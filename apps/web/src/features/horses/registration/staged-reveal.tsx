import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useState,
  type ReactNode,
} from 'react';
import { flushSync } from 'react-dom';

interface Waiting {
  /** Shows the part in a transition of its own (one part per render and commit). */
  show: () => void;
  /** Shows it in the update being flushed (revealAll). */
  showNow: () => void;
}

/**
 * The parts of the registration form below its first sections, mounted one after another after
 * the form has painted, each in a render and commit of its own. Mounted at once, the ~150
 * fields made one task of several hundred milliseconds on a phone
 * (docs/decisions/0065-register-horse-first-paint.md); one part at a time, each task stays short
 * and the page keeps answering.
 */
export class RevealQueue {
  private waiting: Waiting[] = [];
  private active: Waiting | null = null;
  /** Set by revealAll: parts mounted from then on render at once. */
  all = false;

  /** Queues a part; answers the function that withdraws it (unmounted, or shown). */
  enqueue(part: Waiting): () => void {
    this.waiting.push(part);
    this.next();
    return () => {
      this.waiting = this.waiting.filter((w) => w !== part);
      if (this.active === part) {
        this.active = null;
        this.next();
      }
    };
  }

  /** Everything now, in this update: before Save looks for the first field in error. */
  revealAll(): void {
    this.all = true;
    const parts = this.active ? [this.active, ...this.waiting] : this.waiting;
    this.waiting = [];
    this.active = null;
    if (parts.length > 0) flushSync(() => parts.forEach((part) => part.showNow()));
  }

  private next(): void {
    if (this.active || this.waiting.length === 0) return;
    this.active = this.waiting.shift()!;
    this.active.show();
  }
}

export const RevealQueueContext = createContext<RevealQueue | null>(null);

/**
 * Renders `children` once its turn in the form's RevealQueue comes (at once without a queue,
 * or after revealAll). Parts nested in a revealed part queue behind those already waiting.
 */
export function Staged({ children }: { children: ReactNode }) {
  const queue = useContext(RevealQueueContext);
  const [shown, setShown] = useState(() => queue === null || queue.all);
  useEffect(() => {
    if (shown || !queue) return;
    // The cleanup (the part committed shown, or unmounted) lets the next part go.
    return queue.enqueue({
      show: () => startTransition(() => setShown(true)),
      showNow: () => setShown(true),
    });
  }, [queue, shown]);
  return shown ? children : null;
}
