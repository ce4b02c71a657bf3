import { ForgotPasswordPage } from './forgot-password-page';

export default function MemberForgotPasswordPage() {
  return <ForgotPasswordPage portal="member" />;
}
