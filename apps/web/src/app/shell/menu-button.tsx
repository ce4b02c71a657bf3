import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';

interface MenuButtonProps {
  /** The toggle's accessible name. */
  label: string;
  toggleClassName?: string;
  /** What the toggle shows (the avatar). */
  toggle: ReactNode;
  /** The menu's content: elements with role=menuitem, plus headers and dividers. */
  children: ReactNode;
}

type FocusTarget = 'first' | 'last' | null;

/**
 * A button that opens a menu below it, aligned to its end, in CoreUI's dropdown classes.
 * Our own instead of CDropdown, which brings Popper (about 10 KB gzip) to every signed-in
 * page for a menu that never needs to flip or follow a scroll.
 *
 * Keyboard as in the ARIA menu button pattern: Enter, Space or ArrowDown open it on the first
 * item, ArrowUp on the last; arrows, Home and End move between items; Escape closes it and
 * returns to the button; leaving it with Tab or a click elsewhere closes it.
 */
export function MenuButton({ label, toggleClassName, toggle, children }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<FocusTarget>(null);
  const menuId = useId();

  const items = () =>
    Array.from(
      menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not(:disabled)') ?? [],
    );

  useEffect(() => {
    if (!open) return;
    const list = items();
    if (focusOnOpen.current === 'first') list[0]?.focus();
    if (focusOnOpen.current === 'last') list.at(-1)?.focus();
    focusOnOpen.current = null;
    // A click anywhere else closes the menu; one on the toggle is the toggle's own business.
    const closeOnOutsideClick = (event: globalThis.MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    window.addEventListener('click', closeOnOutsideClick);
    return () => window.removeEventListener('click', closeOnOutsideClick);
  }, [open]);

  function show(focus: FocusTarget) {
    focusOnOpen.current = focus;
    setOpen(true);
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) toggleRef.current?.focus();
  }

  function onToggleClick(event: MouseEvent) {
    if (open) close(false);
    // detail 0: the click came from Enter or Space, so the keyboard user lands in the menu.
    else show(event.detail === 0 ? 'first' : null);
  }

  function onToggleKeyDown(event: KeyboardEvent) {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const target = event.key === 'ArrowDown' ? 'first' : 'last';
    if (!open) show(target);
    else (target === 'first' ? items()[0] : items().at(-1))?.focus();
  }

  function onMenuKeyDown(event: KeyboardEvent) {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const next: Record<string, number> = {
      ArrowDown: (at + 1) % list.length,
      ArrowUp: (at - 1 + list.length) % list.length,
      Home: 0,
      End: list.length - 1,
    };
    if (event.key in next) {
      event.preventDefault();
      list[next[event.key]!]?.focus();
    }
  }

  function onRootKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  }

  function onMenuClick(event: MouseEvent) {
    // Choosing an item closes the menu (its own click handler has run by now).
    if ((event.target as HTMLElement).closest('[role="menuitem"]')) close(false);
  }

  return (
    <div
      className="dropdown"
      ref={rootRef}
      onKeyDown={onRootKeyDown}
      onBlur={(event) => {
        // Focus moved on to something else (Tab past the last item): the menu goes too.
        const to = event.relatedTarget as Node | null;
        if (open && to && !rootRef.current?.contains(to)) setOpen(false);
      }}
    >
      <button
        type="button"
        ref={toggleRef}
        className={`btn${open ? ' show' : ''}${toggleClassName ? ` ${toggleClassName}` : ''}`}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={onToggleClick}
        onKeyDown={onToggleKeyDown}
      >
        {toggle}
      </button>
      {open && (
        <div
          id={menuId}
          ref={menuRef}
          role="menu"
          aria-label={label}
          className="dropdown-menu dropdown-menu-end show"
          // CoreUI's CSS places a menu marked this way below its toggle, without Popper.
          data-coreui-popper="static"
          onKeyDown={onMenuKeyDown}
          onClick={onMenuClick}
        >
          {children}
        </div>
      )}
    </div>
  );
}
