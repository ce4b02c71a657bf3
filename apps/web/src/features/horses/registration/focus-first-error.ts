import { flushSync } from 'react-dom';

type NamedControl = HTMLElement & { name?: string; disabled?: boolean };

function matches(name: string, paths: readonly string[]): boolean {
  return paths.some((path) => name === path || name.startsWith(`${path}.`));
}

/** Shows the tab panel an element sits in (the pedigree's Sire and Dam tabs). */
function revealTabPanel(element: HTMLElement): void {
  const panel = element.closest<HTMLElement>('[role="tabpanel"]');
  if (!panel?.hidden) return;
  const tabId = panel.getAttribute('aria-labelledby');
  const tab = tabId ? document.getElementById(tabId) : null;
  if (tab) flushSync(() => tab.click());
}

/**
 * Scrolls to and focuses the first field, in the order the form shows them, whose path has
 * an error; false when no field on screen holds one. react-hook-form's own focus follows
 * registration order and cannot open a tab.
 */
export function focusFirstError(container: HTMLElement | null, paths: readonly string[]): boolean {
  if (!container || paths.length === 0) return false;
  const controls = Array.from(
    container.querySelectorAll<NamedControl>('input, select, textarea, button'),
  );
  const target = controls.find(
    (control) => control.name && !control.disabled && matches(control.name, paths),
  );
  if (!target) return false;
  revealTabPanel(target);
  target.scrollIntoView?.({ block: 'center' });
  target.focus({ preventScroll: true });
  return true;
}
