import { CCard, CCardBody } from '@coreui/react';
import { displayName } from '../../lib/format';
import { useAppSelector } from '../../stores/hooks';

/** Greets the signed-in user by name, with the email they signed in with. */
export function WelcomeCard() {
  const user = useAppSelector((state) => state.session.userData);
  const name = displayName(user);
  return (
    <CCard className="mb-4">
      <CCardBody>
        <h2 className="h5 mb-1">Welcome, {name}</h2>
        {user.email && name !== user.email && (
          <p className="mb-0 text-body-secondary">Signed in as {user.email}</p>
        )}
        {user.memberNumber && (
          <p className="mb-0 text-body-secondary">Member number {user.memberNumber}</p>
        )}
      </CCardBody>
    </CCard>
  );
}
