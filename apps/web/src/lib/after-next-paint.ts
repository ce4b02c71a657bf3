/**
 * Runs `work` once the browser has painted the current frame, and answers a function that
 * cancels it: two animation frames (the first frame's callbacks run before its paint), then a
 * task. For fetches a view starts when it mounts but does not need for its first paint:
 * started in the mount's effect, they ran before the Register Horse form was first painted,
 * and on a phone that paint then waited on them
 * (docs/decisions/0065-register-horse-first-paint.md). Where no
 * animation frames exist, it runs after a task.
 */
export function afterNextPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof requestAnimationFrame !== 'function') {
    timer = setTimeout(work, 0);
    return () => clearTimeout(timer);
  }
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => {
      timer = setTimeout(work, 0);
    });
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * How long after its paint a frame may still be on its way to the screen: 30-50 ms measured in
 * headless Chromium (the observed LCP against the task that painted it), one frame on a phone.
 */
const SHOWN_LAG_MS = 100;

/**
 * afterNextPaint, then SHOWN_LAG_MS more: for fetches a page does not need for its first paint.
 * With afterNextPaint alone, a quick answer to them came back before the painted frame was
 * shown, and Lighthouse then counts the fetch as something the largest paint waited on
 * (docs/decisions/0065-register-horse-first-paint.md). On a phone they also keep out of the busy
 * first moments, when the form's later sections are being mounted.
 */
export function afterPaintIsShown(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = afterNextPaint(() => {
    timer = setTimeout(work, SHOWN_LAG_MS);
  });
  return () => {
    cancel();
    clearTimeout(timer);
  };
}

/**
 * Resolves in a task of its own. Between two imports of chunks that are already fetched: the
 * browser runs the modules of both in one task otherwise, which on a phone became one long
 * task after the first paint (docs/decisions/0116-first-load-in-short-tasks.md).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs zod (fetched already, beside the page that needs it) in a task of its own, before the
 * page's modules build their schemas with it: together they were one long task on a phone.
 */
export async function zodFirst(): Promise<void> {
  // One member named: a bare import('zod') kept every export of the package in its chunk, all of
  // zod's locales included (about 50 KB brotli more).
  const { string } = await import('zod');
  void string;
  await nextTask();
}
