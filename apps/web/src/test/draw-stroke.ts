import { fireEvent } from '@testing-library/react';

/**
 * One stroke with the left mouse button across a signature pad's canvas, as a browser reports
 * it: `pointerdown` at the first point, `pointermove` to each next one, `pointerup` at the last.
 * Where the browser has `PointerEvent` (every current one, and jsdom since 27) signature_pad
 * listens to pointer events only, and its `preventDefault` on `pointerdown` stops the mouse
 * events a browser would send after them; mouse events alone draw nothing there.
 */
export function drawStroke(canvas: Element, points: ReadonlyArray<readonly [number, number]>) {
  if (points.length < 2) throw new Error('a stroke needs a start and an end');
  const pointer = { pointerId: 1, pointerType: 'mouse', isPrimary: true } as const;
  const at = ([clientX, clientY]: readonly [number, number], buttons: number) => ({
    ...pointer,
    clientX,
    clientY,
    buttons,
    pressure: buttons ? 0.5 : 0,
  });
  const [first, ...rest] = points;
  fireEvent.pointerDown(canvas, { ...at(first!, 1), button: 0 });
  for (const point of rest) fireEvent.pointerMove(canvas, { ...at(point, 1), button: -1 });
  fireEvent.pointerUp(canvas, { ...at(points.at(-1)!, 0), button: 0 });
}
