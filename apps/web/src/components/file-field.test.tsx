import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FileField } from './file-field';

function Harness({ multiple = false }: { multiple?: boolean }) {
  const [files, setFiles] = useState<File[]>([]);
  return (
    <FileField
      id="photos"
      name="photos"
      label="Photos"
      accept=".png,.jpg,.pdf"
      multiple={multiple}
      files={files}
      onChange={setFiles}
      hint="PNG or JPG"
      current={[{ name: 'old.pdf', url: '/uploads/old?sig=1' }]}
    />
  );
}

const png = (name: string) => new File(['x'], name, { type: 'image/png' });

afterEach(() => vi.restoreAllMocks());

describe('FileField', () => {
  it('lists chosen files with image previews and revokes them when they go', async () => {
    const create = vi
      .spyOn(URL, 'createObjectURL')
      .mockImplementation((file) => `blob:${(file as File).name}`);
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { container } = render(<Harness multiple />);

    const input = screen.getByLabelText('Photos');
    expect(input).toHaveAccessibleDescription('PNG or JPG');
    await user.upload(input, [png('a.png'), png('b.png')]);
    // A second pick adds to the selection.
    await user.upload(input, [new File(['%PDF'], 'c.pdf', { type: 'application/pdf' })]);

    const list = screen.getByRole('list', { name: 'Chosen files' });
    expect(list).toHaveTextContent('a.png');
    expect(list).toHaveTextContent('c.pdf');
    expect(container.querySelectorAll('img.file-thumb[src^="blob:"]')).toHaveLength(2);
    expect(create).toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Remove a.png' }));
    expect(list).not.toHaveTextContent('a.png');
    expect(revoke).toHaveBeenCalledWith('blob:a.png');
  });

  it('shows the stored file as a link', () => {
    render(<Harness />);
    expect(screen.getByRole('link', { name: 'old.pdf' })).toHaveAttribute(
      'href',
      '/uploads/old?sig=1',
    );
    expect(screen.getByText('Current file:')).toBeInTheDocument();
  });

  it('marks the input invalid and describes it with the error', () => {
    render(
      <FileField
        id="doc"
        name="doc"
        label="Document"
        files={[]}
        onChange={() => undefined}
        error="Max size limit exceeded"
      />,
    );
    const input = screen.getByLabelText('Document');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Max size limit exceeded');
  });
});
