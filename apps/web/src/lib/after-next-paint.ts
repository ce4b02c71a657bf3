/**
 * Runs `work` once the browser has painted the current frame, and answers a function that
 * cancels it: two animation frames (the first frame's callbacks run before its paint), then a
 * task. For fetches a view starts when it mounts but does not need for its first paint:
 * started in the mount's effect, they ran before the Register Horse form was first painted,
 * and on a phone that paint then waited on them (docs/decisions.md, "Field speed"). Where no
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
