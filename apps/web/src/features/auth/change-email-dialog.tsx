import { useEffect, useState } from 'react';
import { EmailChangeDialog } from '../../components/email-change-dialog';
import { sendAdminEmailCode, verifyAdminEmailCode } from './api';

/** The administrator's Change Email dialog (spec §2.5), opened from the header menu. */
export function ChangeEmailDialog({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  // Loaded on first use (app/shell/user-menu.tsx), so it mounts already asked to show. Mounted
  // open, the modal lost the address typed right after it took focus (change-email-dialog.test);
  // shown one render later, from closed, it opens as it did when mounted at start-up.
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(visible), [visible]);
  return (
    <EmailChangeDialog
      visible={shown}
      onClose={onClose}
      sendCode={sendAdminEmailCode}
      verifyCode={verifyAdminEmailCode}
    />
  );
}
