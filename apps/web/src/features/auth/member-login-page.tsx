import { LoginPage } from './login-page';

export default function MemberLoginPage() {
  return <LoginPage portal="member" />;
}
