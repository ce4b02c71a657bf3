import { beforeEach, describe, expect, it } from 'vitest';
import { DASHBOARD_CONTENT_MESSAGES } from '@registry/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { withFakeTransport } from '../../test/fake-transport';
import { adminLoginResult, storeSession } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const serve = withFakeTransport();
beforeEach(() => {
  storeSession(adminLoginResult);
});

describe('Dashboard Content', () => {
  it("previews through the server's sanitizer and saves the markdown", async () => {
    const requests = serve((config) => {
      if (config.url === 'admin/dashboard-content/preview') {
        const { markdown } = JSON.parse(config.data as string) as { markdown: string };
        return {
          status: 200,
          data: { success: true, data: { html: `<p>${markdown.length} chars</p>` } },
        };
      }
      if (config.method === 'put') {
        return {
          status: 200,
          data: {
            success: true,
            data: { markdown: 'x', html: '<p>saved</p>', updatedAt: null, updatedBy: null },
            message: 'Dashboard content saved',
          },
        };
      }
      return {
        status: 200,
        data: {
          success: true,
          data: { markdown: 'Hello', html: '<p>Hello</p>', updatedAt: null, updatedBy: null },
        },
      };
    });
    const user = userEvent.setup();
    renderApp('/admin/add-content');
    const textarea = await screen.findByLabelText('Markdown', {}, { timeout: 5000 });
    expect(textarea).toHaveValue('Hello');
    expect(await screen.findByTestId('content-preview')).toHaveTextContent('Hello');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.type(textarea, ' world<script>');
    await waitFor(() =>
      expect(screen.getByTestId('content-preview')).toHaveTextContent('19 chars'),
    );
    const previews = requests.filter((r) => r.url === 'admin/dashboard-content/preview');
    // Debounced: far fewer calls than key presses.
    expect(previews.length).toBeLessThan(5);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'put')).toMatchObject({
        url: 'admin/dashboard-content',
        data: { markdown: 'Hello world<script>' },
      }),
    );
  });

  it('says a too deeply nested text is refused before sending it (issue 28 §6)', async () => {
    const requests = serve(() => ({
      status: 200,
      data: {
        success: true,
        data: { markdown: '', html: '', updatedAt: null, updatedBy: null },
      },
    }));
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/add-content');
    const textarea = await screen.findByLabelText('Markdown', {}, { timeout: 5000 });
    await user.type(textarea, '>'.repeat(21));
    expect(textarea).toHaveAccessibleDescription(
      expect.stringContaining(DASHBOARD_CONTENT_MESSAGES.tooDeep),
    );
    expect(textarea).toHaveClass('is-invalid');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    const previewsOf = (text: string) =>
      requests.filter(
        (r) =>
          r.url === 'admin/dashboard-content/preview' &&
          (r.data as { markdown?: string } | undefined)?.markdown === text,
      );
    // Past the editor's 400 ms pause: the refused text was never sent for a preview.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(previewsOf('>'.repeat(21))).toEqual([]);
    await user.type(textarea, '{Backspace}');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(textarea).not.toHaveAccessibleDescription(
      expect.stringContaining(DASHBOARD_CONTENT_MESSAGES.tooDeep),
    );
    await waitFor(() => expect(previewsOf('>'.repeat(20))).toHaveLength(1));
  });
});
