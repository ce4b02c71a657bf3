import { useState } from 'react';
import { CAlert, CButton, CCard, CCardBody, CCardHeader, CCol, CRow } from '@coreui/react';
import type { SessionUser } from '@registry/domain';
import { EmailChangeDialog } from '../../components/email-change-dialog';
import { PageHeader } from '../../components/page-header';
import { PageSpinner } from '../../components/page-spinner';
import { ROUTES } from '../../lib/routes';
import { useShownAnswer } from '../../lib/use-shown-answer';
import { useAppSelector } from '../../stores/hooks';
import { sendMemberEmailCode, useProfile, useProfileSaved, verifyMemberEmailCode } from './api';
import { ChangePasswordForm } from './change-password-form';
import { ProfileDetailsForm } from './profile-details-form';
import { ProfilePictureCard } from './profile-picture-card';

/** The member's own profile (spec §2.1 /profile, §6): details, picture, email and password. */
export default function ProfilePage() {
  const userId = useAppSelector((state) => state.session.userData.id) ?? '';
  // The answer is drawn in a render React may split: the forms drawn with the store's update
  // were one long task on a phone (useShownAnswer).
  const query = useShownAnswer(useProfile(userId));
  // Saved edits replace what was loaded, without another round trip.
  const setEdited = useProfileSaved(userId);
  const [emailOpen, setEmailOpen] = useState(false);
  const profile = query.data;

  function emailChanged(user: SessionUser) {
    if (profile) setEdited({ ...profile, ...user });
  }

  return (
    <>
      <PageHeader title={ROUTES.profile.title} lead="Your details as the association has them." />
      {!profile && query.loading && <PageSpinner />}
      {!profile && query.error && (
        <CAlert color="danger" className="d-flex flex-wrap align-items-center gap-3">
          <span>{query.error.error}</span>
          <CButton color="danger" variant="outline" size="sm" onClick={query.reload}>
            Try again
          </CButton>
        </CAlert>
      )}
      {profile && (
        <CRow className="g-4">
          <CCol lg={4}>
            <ProfilePictureCard profile={profile} onSaved={setEdited} />
            <CCard className="mb-4">
              <CCardHeader as="h2" className="h6 mb-0 py-3">
                Account
              </CCardHeader>
              <CCardBody>
                <dl className="mb-0">
                  <dt>Member number</dt>
                  <dd>{profile.memberNumber ?? '—'}</dd>
                  <dt>Email</dt>
                  <dd className="d-flex flex-wrap align-items-center gap-2 mb-0">
                    <span className="text-break" data-testid="profile-email">
                      {profile.email}
                    </span>
                    <CButton
                      color="primary"
                      variant="outline"
                      size="sm"
                      onClick={() => setEmailOpen(true)}
                    >
                      Change email
                    </CButton>
                  </dd>
                </dl>
              </CCardBody>
            </CCard>
          </CCol>
          <CCol lg={8}>
            <ProfileDetailsForm profile={profile} onSaved={setEdited} />
            <ChangePasswordForm email={profile.email} />
          </CCol>
        </CRow>
      )}
      <EmailChangeDialog
        visible={emailOpen}
        onClose={() => setEmailOpen(false)}
        onChanged={emailChanged}
        sendCode={sendMemberEmailCode}
        verifyCode={verifyMemberEmailCode}
      />
    </>
  );
}
