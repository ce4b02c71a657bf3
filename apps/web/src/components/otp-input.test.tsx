import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OtpInput } from './otp-input';

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <OtpInput id="code" label="Verification code" value={value} onChange={setValue} />
      <output aria-label="value">{value}</output>
      <button type="button" onClick={() => setValue('')}>
        Reset
      </button>
    </>
  );
}

const box = (n: number) => screen.getByRole('textbox', { name: `Digit ${n} of 6` });
const joined = () => screen.getByLabelText('value').textContent;
const boxes = () => [1, 2, 3, 4, 5, 6].map((n) => (box(n) as HTMLInputElement).value);

describe('OtpInput', () => {
  it('has six labelled numeric boxes in a named group, the first one-time-code', () => {
    render(<Harness />);
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeInTheDocument();
    expect(screen.getAllByRole('textbox')).toHaveLength(6);
    expect(box(1)).toHaveAttribute('autocomplete', 'one-time-code');
    expect(box(2)).toHaveAttribute('autocomplete', 'off');
    expect(box(6)).toHaveAttribute('inputmode', 'numeric');
  });

  it('takes digits only and moves focus forward as digits are typed', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('a');
    expect(box(1)).toHaveValue('');
    expect(box(1)).toHaveFocus();
    await user.keyboard('4');
    expect(box(2)).toHaveFocus();
    await user.keyboard('-x2 7');
    expect(box(1)).toHaveValue('4');
    expect(box(2)).toHaveValue('2');
    expect(box(3)).toHaveValue('7');
    expect(box(4)).toHaveFocus();
    expect(joined()).toBe('427');
  });

  it('backspace on an empty box clears the previous one and moves back', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('123');
    expect(box(4)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(box(3)).toHaveFocus();
    expect(box(3)).toHaveValue('');
    expect(joined()).toBe('12');
    await user.keyboard('{Backspace}{Backspace}');
    expect(box(1)).toHaveFocus();
    expect(joined()).toBe('');
  });

  it('backspace on a filled box clears it and stays', async () => {
    const user = userEvent.setup();
    render(<Harness initial="123456" />);
    await user.click(box(4));
    await user.keyboard('{Backspace}');
    expect(box(4)).toHaveValue('');
    expect(box(4)).toHaveFocus();
    expect(joined()).toBe('12356');
  });

  it('arrow keys move between boxes', async () => {
    const user = userEvent.setup();
    render(<Harness initial="123456" />);
    await user.click(box(3));
    await user.keyboard('{ArrowRight}');
    expect(box(4)).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(box(1)).toHaveFocus();
  });

  it('a pasted code fills every box, whatever box has focus, and ignores separators', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(3));
    await user.paste('123 456');
    expect(joined()).toBe('123456');
    expect([1, 2, 3, 4, 5, 6].map((n) => (box(n) as HTMLInputElement).value).join('')).toBe(
      '123456',
    );
    expect(box(6)).toHaveFocus();
  });

  it('a paste without digits changes nothing', async () => {
    const user = userEvent.setup();
    render(<Harness initial="12" />);
    await user.click(box(3));
    await user.paste('abc-def');
    expect(joined()).toBe('12');
    expect(box(3)).toHaveValue('');
  });

  it('typing over a filled box replaces its digit', async () => {
    const user = userEvent.setup();
    render(<Harness initial="111111" />);
    await user.click(box(2));
    await user.keyboard('9');
    expect(joined()).toBe('191111');
    expect(box(3)).toHaveFocus();
  });

  it('typing a whole code again from the first box gives that code (issue 28 §7)', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('5435');
    expect(joined()).toBe('5435');
    await user.click(box(1));
    await user.keyboard('543598');
    expect(joined()).toBe('543598');
    expect(boxes()).toEqual(['5', '4', '3', '5', '9', '8']);
    expect(box(6)).toHaveFocus();
  });

  it('typing the digit already in a box replaces it and moves on', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness initial="123456" />);
    await user.click(box(3));
    await user.keyboard('3');
    expect(box(4)).toHaveFocus();
    await user.keyboard('4');
    expect(box(5)).toHaveFocus();
    await user.keyboard('0');
    expect(joined()).toBe('123406');
    expect(box(6)).toHaveFocus();
  });

  it('a digit typed after the one in a box (caret at the end) replaces it', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness initial="123456" />);
    await user.click(box(2));
    // Focus selects the digit; put the caret after it instead, as a tap next to it would.
    (box(2) as HTMLInputElement).setSelectionRange(1, 1);
    await user.keyboard('2');
    expect(boxes()).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(box(3)).toHaveFocus();
    (box(3) as HTMLInputElement).setSelectionRange(1, 1);
    await user.keyboard('7');
    expect(joined()).toBe('127456');
    expect(box(4)).toHaveFocus();
  });

  it("a whole code a phone's keyboard inserts into one box fills every box", () => {
    render(<Harness initial="12" />);
    const inserted = new InputEvent('beforeinput', {
      inputType: 'insertReplacementText',
      data: '654321',
      bubbles: true,
      cancelable: true,
    });
    act(() => {
      box(3).dispatchEvent(inserted);
    });
    expect(inserted.defaultPrevented).toBe(true);
    expect(joined()).toBe('654321');
    expect(box(6)).toHaveFocus();
  });

  it('a letter typed over a filled box leaves it as it was', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness initial="123456" />);
    await user.click(box(2));
    await user.keyboard('x');
    expect(joined()).toBe('123456');
    expect(box(2)).toHaveFocus();
  });

  it('empties when the parent resets the value', async () => {
    const user = userEvent.setup();
    render(<Harness initial="123456" />);
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(box(1)).toHaveValue('');
    expect(box(6)).toHaveValue('');
  });

  it('announces its error on every box', () => {
    render(<OtpInput id="c" label="Code" value="" onChange={() => {}} error="OTP is required" />);
    expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveAccessibleDescription(
      'OTP is required',
    );
    expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });
});
