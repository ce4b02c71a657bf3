import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REGISTER_RULE_MESSAGES, type OwnerCheckResult } from '@registry/domain';
import { withFakeTransport, type HttpRequest } from '../../../test/fake-transport';
import { memberLoginResult, storeSession, memberProfile } from '../../../test/fixtures';
import { renderModal } from './render-modal';

vi.setConfig({ testTimeout: 30_000 });
const serve = withFakeTransport();
beforeEach(() => {
  storeSession(memberLoginResult);
});

/** Owner 1 starts from this profile (use-owner-prefill.ts): a number with another's name. */
const profile = memberProfile({ firstName: 'Casey', lastName: 'Jones', memberNumber: 'M-0002' });

/** M-0002 is Jordan Reed's; M-9999 is nobody's. */
function answer(params: { memberNum: string; name: string }): OwnerCheckResult {
  if (params.memberNum !== 'M-0002') return 'unknown';
  return params.name.toLowerCase() === 'jordan reed' ? 'match' : 'no-match';
}

function server() {
  return serve((request: HttpRequest) => {
    if (request.url === `members/${memberLoginResult.user.id}`) {
      return { status: 200, data: { success: true, data: profile } };
    }
    if (request.url === 'owners/member-check') {
      const result = answer(request.params as { memberNum: string; name: string });
      return { status: 200, data: { success: true, data: { result } } };
    }
    return { status: 404, data: { success: false, error: 'Not found' } };
  });
}

const numberError = () => document.getElementById('horse-owners-0-memberNum-error');

describe("An owner's member number is checked at the field", () => {
  it('a number whose member has another name says so at Member Number; the right name clears it', async () => {
    const requests = server();
    const user = userEvent.setup({ delay: null });
    renderModal();
    const owner = screen.getByRole('group', { name: 'Owner 1' });
    const number = within(owner).getByLabelText('Member Number');
    await waitFor(() => expect(number).toHaveValue('M-0002'));
    await waitFor(() =>
      expect(numberError()).toHaveTextContent(REGISTER_RULE_MESSAGES.ownerNameMismatch),
    );
    expect(number).toHaveAttribute('aria-invalid', 'true');
    const asked = requests.filter((r) => r.url === 'owners/member-check');
    expect(asked.map((r) => r.params)).toEqual([{ memberNum: 'M-0002', name: 'Casey Jones' }]);

    const name = within(owner).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Jordan Reed');
    await waitFor(() => expect(numberError()).toBeNull());
    expect(number).not.toHaveAttribute('aria-invalid');
  });

  it('a number no member holds says so at the field', async () => {
    server();
    const user = userEvent.setup({ delay: null });
    renderModal();
    const owner = screen.getByRole('group', { name: 'Owner 1' });
    const number = within(owner).getByLabelText('Member Number');
    await waitFor(() => expect(number).toHaveValue('M-0002'));
    await user.clear(number);
    await user.type(number, 'M-9999');
    await user.tab();
    await waitFor(() =>
      expect(numberError()).toHaveTextContent(REGISTER_RULE_MESSAGES.memberNumberUnknown),
    );
  });
});
