import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STUB_PNG_DATA_URL } from '../test/canvas-stub';
import { drawStroke } from '../test/draw-stroke';
import { SIGNATURE_PAD_HEIGHT, SIGNATURE_PAD_WIDTH } from './signature-dialog';
import { SignatureField } from './signature-field';

function Harness({ onChange }: { onChange?: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <SignatureField
      id="sig"
      name="ownerSignature"
      label="Owner Signature"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

/** A short stroke with the left mouse button. */
function drawShortStroke(canvas: HTMLElement) {
  drawStroke(canvas, [
    [20, 20],
    [60, 40],
    [120, 60],
  ]);
}

describe('SignatureField and SignatureDialog', () => {
  it('opens a 400x200 pad, saves a PNG data URL, closes and shows the thumbnail', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);

    await user.click(screen.getByRole('button', { name: 'Owner Signature' }));
    const dialog = await screen.findByRole('dialog', { name: 'Owner Signature' });
    const canvas = dialog.querySelector('canvas');
    expect(canvas).not.toBeNull();
    expect(canvas).toHaveStyle({
      width: `${SIGNATURE_PAD_WIDTH}px`,
      height: `${SIGNATURE_PAD_HEIGHT}px`,
    });

    drawShortStroke(canvas as HTMLCanvasElement);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(onChange).toHaveBeenCalledWith(STUB_PNG_DATA_URL);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const thumbnail = screen.getByRole('img', { name: 'Owner Signature (signed)' });
    expect(thumbnail).toHaveAttribute('src', STUB_PNG_DATA_URL);
    expect(thumbnail).toHaveClass('signature-thumb');
    expect(screen.getByRole('button', { name: 'Owner Signature' })).toHaveTextContent('Sign again');
  });

  it('refuses to save an empty pad, and Clear empties a drawn one', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Owner Signature' }));
    const dialog = await screen.findByRole('dialog', { name: 'Owner Signature' });

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please draw a signature before saving.');
    expect(onChange).not.toHaveBeenCalled();

    drawShortStroke(dialog.querySelector('canvas') as HTMLCanvasElement);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Owner Signature' })).toBeInTheDocument();
  });

  it('closes on Escape without saving', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Owner Signature' }));
    const dialog = await screen.findByRole('dialog', { name: 'Owner Signature' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onChange).not.toHaveBeenCalled();
  });

  it('ties its error to the button', () => {
    render(
      <SignatureField
        id="sig"
        name="ownerSignature"
        label="Owner Signature"
        value=""
        onChange={() => undefined}
        error="Owner Signature is required"
      />,
    );
    const button = screen.getByRole('button', { name: 'Owner Signature' });
    expect(button).toHaveAttribute('aria-invalid', 'true');
    expect(button).toHaveAccessibleDescription('Owner Signature is required');
  });
});
