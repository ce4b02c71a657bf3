import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

// setup.ts installs accessible-name-spaces.ts; these are the names a browser gives.
describe('accessible names keep the spaces of the text (accessible-name-spaces.ts)', () => {
  it('keeps a space that starts or ends an inline element’s text', () => {
    document.body.innerHTML = `
      <button>Remove<span class="visually-hidden"> a.png</span></button>
      <h2><span>Hello </span><strong>World!</strong></h2>
      <button>abc<span> - </span>abc</button>
    `;
    // Testing Library's copy of dom-accessibility-api
    expect(screen.getByRole('button', { name: 'Remove a.png' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Hello World!' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'abc - abc' })).toBeInTheDocument();
    // jest-dom's own copy
    const [remove, dashes] = screen.getAllByRole('button');
    expect(remove).toHaveAccessibleName('Remove a.png');
    expect(dashes).toHaveAccessibleName('abc - abc');
  });

  it('keeps a space in a description taken from inline elements', () => {
    document.body.innerHTML = `
      <input aria-label="Photo" aria-describedby="hint">
      <span id="hint"><span>PNG or JPG,</span><span> at most 5 MB</span></span>
    `;
    expect(screen.getByRole('textbox')).toHaveAccessibleDescription('PNG or JPG, at most 5 MB');
  });

  it('still counts text of only spaces as none, so the title names the button', () => {
    document.body.innerHTML = `<button title="Close"> <span> </span> </button>`;
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('adds no space of its own between inline elements, and one between blocks', () => {
    document.body.innerHTML = `
      <button><span>Save</span><span>horse</span></button>
      <button><div>Save</div><div>horse</div></button>
      <button>  Save
        horse  </button>
    `;
    const [inline, blocks, spaced] = screen.getAllByRole('button');
    expect(inline).toHaveAccessibleName('Savehorse');
    expect(blocks).toHaveAccessibleName('Save horse');
    expect(spaced).toHaveAccessibleName('Save horse');
  });
});
