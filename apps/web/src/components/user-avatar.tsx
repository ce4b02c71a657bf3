import { useState } from 'react';
import { imageUrl } from '../lib/image-url';
import type { StoredUser } from '../lib/session-storage';
import './user-avatar.css';

/** Up to two letters from the name, else the email's first letter. */
export function initialsOf(user: StoredUser): string {
  const letters = [user.firstName, user.lastName]
    .map((part) => part?.trim().charAt(0) ?? '')
    .join('');
  return (letters || user.email?.trim().charAt(0) || '?').toUpperCase();
}

/**
 * A round picture of the user, or their initials when there is no picture or it fails to
 * load. `alt` empty (the default) when a neighbouring text already names the user.
 */
export function UserAvatar({
  user,
  size,
  alt = '',
}: {
  user: StoredUser;
  size: number;
  alt?: string;
}) {
  const picture = imageUrl(user.profilePicture);
  // Remembers a broken address so we fall back once instead of flickering.
  const [failed, setFailed] = useState<string | null>(null);
  const style = { width: size, height: size, fontSize: size * 0.4 };
  if (picture && picture !== failed) {
    return (
      <img
        src={picture}
        alt={alt}
        width={size}
        height={size}
        className="user-avatar-image"
        style={style}
        onError={() => setFailed(picture)}
      />
    );
  }
  return (
    <span
      className="user-avatar-initials"
      style={style}
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
    >
      {initialsOf(user)}
    </span>
  );
}
