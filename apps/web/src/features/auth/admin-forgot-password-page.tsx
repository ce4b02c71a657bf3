import { ForgotPasswordPage } from './forgot-password-page';

export default function AdminForgotPasswordPage() {
  return <ForgotPasswordPage portal="admin" />;
}
