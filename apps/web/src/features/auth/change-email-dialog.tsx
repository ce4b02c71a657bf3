import { EmailChangeDialog } from '../../components/email-change-dialog';
import { sendAdminEmailCode, verifyAdminEmailCode } from './api';

/** The administrator's Change Email dialog (spec §2.5), opened from the header menu. */
export function ChangeEmailDialog({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  return (
    <EmailChangeDialog
      visible={visible}
      onClose={onClose}
      sendCode={sendAdminEmailCode}
      verifyCode={verifyAdminEmailCode}
    />
  );
}
