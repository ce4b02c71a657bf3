import { describe, expect, it } from 'vitest';
import { jsdomLabels } from './fast-labels';

const FORM = `
  <label>Wrapped <input id="a" name="a"> <input name="second-in-label"></label>
  <label for="a">For a</label>
  <label for="b">For b, a div</label><div id="b"></div>
  <input id="dup" name="first-dup"><input id="dup" name="second-dup">
  <label for="dup">For the first dup</label>
  <label>Outer <label>Inner <select name="s"><option>x</option></select></label></label>
  <label for="">Empty for <textarea name="t"></textarea></label>
  <label for="t2">Has for <textarea id="t2-no" name="t-inside"></textarea></label>
  <input type="HIDDEN" id="h" name="h"><label for="h">Hidden</label>
  <label>Button <button type="button" id="btn" name="btn">Go</button></label>
  <label for="btn">Button again</label>
  <label>Meter <meter></meter></label><progress id="p"></progress><label for="p">P</label>
  <output id="o" name="o"></output><label for="o">O1</label><label for="o">O2</label>
`;

const html = (labels: Iterable<Element> | null) => labels && [...labels].map((l) => l.outerHTML);

describe('the faster labels getter (installed by setup.ts)', () => {
  it('answers what jsdom answers for every labelable element of a varied form', () => {
    document.body.innerHTML = FORM;
    const elements = [
      ...document.body.querySelectorAll<HTMLInputElement>(
        'button, meter, output, progress, select, textarea, input',
      ),
    ];
    expect(elements).toHaveLength(12);
    for (const element of elements) {
      expect(html(element.labels), element.outerHTML).toEqual(html(jsdomLabels(element)));
    }
    // The cases are really there: wrapped and for, duplicates, nested, none, hidden, several.
    const labelsOf = (name: string) =>
      document.querySelector<HTMLInputElement>(`[name="${name}"]`)!.labels;
    expect(labelsOf('a')).toHaveLength(2);
    expect(labelsOf('first-dup')).toHaveLength(1);
    expect(labelsOf('second-dup')).toHaveLength(0);
    expect(labelsOf('second-in-label')).toHaveLength(0);
    expect(labelsOf('s')).toHaveLength(2);
    expect(labelsOf('t-inside')).toHaveLength(0);
    expect(labelsOf('btn')).toHaveLength(2);
    expect(labelsOf('o')).toHaveLength(2);
    expect(labelsOf('h')).toBeNull();
  });

  it('is not jsdom’s getter, and answers for elements outside the document too', () => {
    const getter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'labels')!.get!;
    expect(getter.toString()).toContain('labelsOf');
    const detached = document.createElement('label');
    detached.innerHTML = '<input name="x">';
    expect([...detached.querySelector('input')!.labels!]).toEqual([detached]);
  });
});
