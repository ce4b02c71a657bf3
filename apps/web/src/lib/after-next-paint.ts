/**
 * Runs `work` once the browser has painted the current frame, and answers a function that
 * cancels it. The frame after next: the first animation frame's callbacks run before that
 * frame's paint, whose pixels reach the screen a little later still. For fetches a view starts when it
 * mounts but does not need for its first paint: started in the mount's effect, they ran before
 * the Register Horse form was first painted, and on a phone the paint then waited on them
 * (docs/decisions.md, "Field speed"). Without animation frames (tests) it runs after a task.
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
