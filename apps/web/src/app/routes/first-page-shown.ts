let shown = false;
const waiting: Array<() => void> = [];

/**
 * Runs `work` once the first signed-in page of this visit is on screen (at once if it is):
 * for what the app does at start but the page does not need, such as main.tsx's session check.
 */
export function afterFirstPageShown(work: () => void): void {
  if (shown) work();
  else waiting.push(work);
}

/** Called by the signed-in guard once its page has painted (route-guards.tsx). */
export function firstPageShown(): void {
  if (shown) return;
  shown = true;
  for (const work of waiting.splice(0)) work();
}
