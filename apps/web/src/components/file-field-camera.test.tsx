import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FileField } from './file-field';

/** Marking photos can be taken with the phone's camera or chosen (issue 14 item 4). */
function Harness({ disabled = false }: { disabled?: boolean }) {
  const [files, setFiles] = useState<File[]>([]);
  return (
    <FileField
      id="markings"
      name="markings"
      label="Horse Marking Documents"
      accept=".png,.jpg,.jpeg"
      multiple
      files={files}
      onChange={setFiles}
      cameraLabel="Take a photo"
      disabled={disabled}
    />
  );
}

const jpeg = (name: string) => new File(['x'], name, { type: 'image/jpeg' });

describe('FileField with a camera', () => {
  it('offers the camera (capture) beside the chooser, and a photo taken joins the chosen ones', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const camera = screen.getByLabelText('Take a photo');
    expect(camera).toHaveAttribute('type', 'file');
    expect(camera).toHaveAttribute('capture', 'environment');
    expect(camera).toHaveAttribute('accept', 'image/*');
    await user.upload(screen.getByLabelText('Horse Marking Documents'), jpeg('chosen.jpg'));
    await user.upload(camera, jpeg('IMG_0001.jpg'));
    const chosen = screen.getByRole('list', { name: 'Chosen files' });
    const rows = within(chosen).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('chosen.jpg');
    expect(rows[1]).toHaveTextContent('IMG_0001.jpg');
  });

  it('offers no camera on a read-only form', () => {
    render(<Harness disabled />);
    expect(screen.queryByLabelText('Take a photo')).not.toBeInTheDocument();
  });
});
