import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_ASSOCIATION_NAME, TERMS_VERSION, termsParagraphs } from '@registry/domain';
import { withFakeTransport } from '../../../test/fake-transport';
import { stubbedMatchMedia } from '../../../test/match-media';
import { renderModal } from './render-modal';

/**
 * The terms the certification box agrees to are readable where it is ticked (issue 21 item 6):
 * open beside it on a wide screen, one line to open on a phone.
 */
const serve = withFakeTransport();
beforeEach(() => {
  serve(() => ({ status: 200, data: { success: true, data: {} } }));
});
const setScreen = stubbedMatchMedia();
const screenIsWide = (wide: boolean) => setScreen(() => wide);

const certification = () => screen.getByRole('region', { name: 'Certification' });

describe('section 15: the terms beside the certification box', () => {
  it('shows every paragraph of the terms, open, above the box on a wide screen', () => {
    screenIsWide(true);
    renderModal();
    const section = certification();
    const box = within(section).getByRole('checkbox', { name: /terms and conditions/ });
    const text = within(section).getByLabelText('Terms and conditions');
    expect(text.closest('details')).toHaveAttribute('open');
    for (const paragraph of termsParagraphs(DEFAULT_ASSOCIATION_NAME)) {
      expect(text).toHaveTextContent(paragraph);
    }
    expect(text).toHaveTextContent(`Version ${TERMS_VERSION}`);
    // Read before the box, in the same section.
    expect(text.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  }, 30_000);

  it('on a phone starts as one line that opens the same terms', async () => {
    screenIsWide(false);
    const user = userEvent.setup();
    renderModal();
    const section = certification();
    const summary = within(section).getByText('Read the terms and conditions');
    expect(summary.closest('details')).not.toHaveAttribute('open');
    await user.click(summary);
    expect(summary.closest('details')).toHaveAttribute('open');
    expect(within(section).getByLabelText('Terms and conditions')).toHaveTextContent(
      termsParagraphs(DEFAULT_ASSOCIATION_NAME)[0]!,
    );
  }, 30_000);
});
