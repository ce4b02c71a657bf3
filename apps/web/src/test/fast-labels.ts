/**
 * jsdom answers `input.labels` by walking the whole document and, for every `<label for>` it
 * meets, walking the document again to find the element with that id. Testing Library asks
 * every labelable element for its labels on each `getByLabelText` (and each accessible name),
 * so on the registration form (thousands of nodes, about a hundred labels) one query took 9 s
 * and the form's tests 25-40 s each. This getter gives the same labels, in the same order, by
 * the HTML rules (a label's control is the element its `for` names, or else its first
 * labelable descendant), with the document's id index instead of a walk per label. Elements
 * outside a document keep jsdom's own answer. `fast-labels.test.ts` checks it against jsdom's.
 */
const LABELABLE = 'button, meter, output, progress, select, textarea, input:not([type="hidden" i])';

/** The labelable elements whose `labels` jsdom implements. */
const LABELABLE_CLASSES = [
  HTMLButtonElement,
  HTMLInputElement,
  HTMLMeterElement,
  HTMLOutputElement,
  HTMLProgressElement,
  HTMLSelectElement,
  HTMLTextAreaElement,
];

export function labelsOf(
  element: HTMLElement,
  jsdomLabels: () => NodeListOf<HTMLLabelElement> | null,
) {
  const root = element.getRootNode();
  if (!(root instanceof Document)) return jsdomLabels();
  if (element instanceof HTMLInputElement && element.type === 'hidden') return null;
  const labels: HTMLLabelElement[] = [];
  // A label without `for` labels its first labelable descendant.
  for (let node = element.parentElement; node; node = node.parentElement) {
    if (
      node instanceof HTMLLabelElement &&
      !node.hasAttribute('for') &&
      node.querySelector(LABELABLE) === element
    ) {
      labels.push(node);
    }
  }
  // A label with `for` labels the first element with that id, when it is labelable.
  if (element.id && root.getElementById(element.id) === element) {
    for (const label of root.querySelectorAll<HTMLLabelElement>('label[for]')) {
      if (label.getAttribute('for') === element.id) labels.push(label);
    }
  }
  return labels.sort((a, b) =>
    a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
  );
}

/** jsdom's own getters, kept by installFastLabels (for fast-labels.test.ts). */
const jsdomGetters = new Map<object, () => NodeListOf<HTMLLabelElement> | null>();

/** jsdom's own answer for `element.labels`, whether or not the faster getter is installed. */
export function jsdomLabels(element: HTMLElement): NodeListOf<HTMLLabelElement> | null {
  const prototype = LABELABLE_CLASSES.find((type) => element instanceof type)?.prototype;
  const getter =
    (prototype && jsdomGetters.get(prototype)) ??
    (prototype && Object.getOwnPropertyDescriptor(prototype, 'labels')?.get);
  if (!getter) throw new Error(`${element.tagName} is not labelable`);
  return getter.call(element);
}

/** Replaces jsdom's `labels` getter on every labelable element class (once). */
export function installFastLabels(): void {
  for (const { prototype } of LABELABLE_CLASSES) {
    if (jsdomGetters.has(prototype)) continue;
    const original = Object.getOwnPropertyDescriptor(prototype, 'labels');
    // The web test files share one window (src/test/between-files.ts): a later file loads
    // this module afresh and finds the getter already replaced; jsdom's own is kept with it.
    const kept = (original?.get as { jsdomGetter?: () => NodeListOf<HTMLLabelElement> | null })
      ?.jsdomGetter;
    if (kept) {
      jsdomGetters.set(prototype, kept);
      continue;
    }
    if (!original?.get)
      throw new Error(`jsdom has no labels getter on ${prototype.constructor.name}`);
    jsdomGetters.set(prototype, original.get);
    const jsdomGet = original.get;
    const get = function labels(this: HTMLElement) {
      return labelsOf(this, () => jsdomGet.call(this));
    };
    Object.defineProperty(prototype, 'labels', {
      ...original,
      get: Object.assign(get, { jsdomGetter: jsdomGet }),
    });
  }
}
