import { useState, type ChangeEvent } from 'react';
import './profile.css';
import { CAlert, CButton, CCard, CCardBody, CCardHeader, CSpinner } from '@coreui/react';
import { PROFILE_MESSAGES, PROFILE_PICTURE, type MemberProfile } from '@registry/domain';
import { UploadProgress } from '../../components/upload-progress';
import { UserAvatar } from '../../components/user-avatar';
import { messageOr } from '../../lib/api-message';
import { useAppDispatch } from '../../stores/hooks';
import { profileUpdated } from '../../stores/session-slice';
import { useToast } from '../../stores/use-toast';
import { removeProfilePicture, toSessionUser, uploadProfilePicture } from './api';

const PREVIEW_PX = 128;

/** The browser's quick check; the server checks the bytes themselves. */
export function pictureProblem(file: File): string | null {
  const byType = (PROFILE_PICTURE.mimeTypes as readonly string[]).includes(file.type);
  const byName = /\.(jpe?g|png)$/i.test(file.name);
  if (!(file.type ? byType : byName)) return PROFILE_MESSAGES.pictureType;
  if (file.size > PROFILE_PICTURE.maxBytes) return PROFILE_MESSAGES.pictureTooLarge;
  return null;
}

/** Profile picture: upload with progress, shown in the header as soon as the server has it. */
export function ProfilePictureCard({
  profile,
  onSaved,
}: {
  profile: MemberProfile;
  onSaved: (profile: MemberProfile) => void;
}) {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const [progress, setProgress] = useState<number | null>(null);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busy = progress !== null || removing;

  function saved(next: MemberProfile, message: string) {
    dispatch(profileUpdated(toSessionUser(next)));
    onSaved(next);
    toast.success(message);
  }

  async function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again after an error fires a change again.
    event.target.value = '';
    if (!file) return;
    const problem = pictureProblem(file);
    setError(problem);
    if (problem) return;
    setProgress(0);
    try {
      const response = await uploadProfilePicture(file, setProgress);
      saved(response.data, PROFILE_MESSAGES.pictureUpdated);
    } catch (caught) {
      setError(messageOr(caught, 'The picture could not be uploaded. Please try again.'));
    } finally {
      setProgress(null);
    }
  }

  async function handleRemove() {
    setError(null);
    setRemoving(true);
    try {
      const response = await removeProfilePicture();
      saved(response.data, PROFILE_MESSAGES.pictureRemoved);
    } catch (caught) {
      setError(messageOr(caught, 'The picture could not be removed. Please try again.'));
    } finally {
      setRemoving(false);
    }
  }

  return (
    <CCard className="mb-4">
      <CCardHeader as="h2" className="h6 mb-0 py-3">
        Profile picture
      </CCardHeader>
      <CCardBody className="d-flex flex-column align-items-center text-center gap-3">
        <UserAvatar user={profile} size={PREVIEW_PX} alt="Your profile picture" />
        <input
          id="profile-picture-file"
          type="file"
          accept={PROFILE_PICTURE.accept}
          className="visually-hidden"
          aria-describedby="profile-picture-hint"
          onChange={(event) => void handleFile(event)}
          disabled={busy}
        />
        <div className="d-flex flex-wrap justify-content-center gap-2">
          {/* The label is the visible control; the input stays focusable for keyboards. */}
          <label
            htmlFor="profile-picture-file"
            className={`btn btn-primary picture-picker${busy ? ' disabled' : ''}`}
          >
            {profile.profilePicture ? 'Change picture' : 'Upload picture'}
          </label>
          {profile.profilePicture && (
            <CButton
              color="danger"
              variant="outline"
              onClick={() => void handleRemove()}
              disabled={busy}
            >
              {removing ? (
                <>
                  <CSpinner size="sm" className="me-2" aria-hidden="true" />
                  Removing...
                </>
              ) : (
                'Remove'
              )}
            </CButton>
          )}
        </div>
        <p id="profile-picture-hint" className="form-text m-0">
          JPEG or PNG, up to 5 MB. It is cropped to a square.
        </p>
        {progress !== null && (
          <div className="w-100">
            <UploadProgress value={progress} label="Picture upload progress" />
          </div>
        )}
        {error && (
          <CAlert color="danger" className="py-2 mb-0 w-100" role="alert">
            {error}
          </CAlert>
        )}
      </CCardBody>
    </CCard>
  );
}
