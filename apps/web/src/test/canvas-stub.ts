/**
 * jsdom has no canvas. A 2D context whose every method does nothing (and whose properties can
 * be set) lets signature_pad run; toDataURL answers a real 1x1 PNG, so code that stores the
 * drawing gets a valid data URL.
 */
export const STUB_PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export function installCanvasStub(): void {
  const context = new Proxy({} as Record<PropertyKey, unknown>, {
    get(target, key) {
      if (key in target) return target[key];
      if (key === 'canvas') return undefined;
      return () => undefined;
    },
    set(target, key, value) {
      target[key] = value;
      return true;
    },
  });
  HTMLCanvasElement.prototype.getContext = function getContext() {
    return context as unknown as CanvasRenderingContext2D;
  } as unknown as typeof HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.toDataURL = function toDataURL() {
    return STUB_PNG_DATA_URL;
  };
}
