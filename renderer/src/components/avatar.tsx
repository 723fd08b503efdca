/**
 * `Avatar`: a person's picture, or their initials in a circle when there is none (or it fails to
 * load). Decorative: the name is always shown next to it.
 */
import { useState } from 'react';

/** Renders the picture at `imageUrl` (e.g. a `data:` URL), else the initials of `firstName lastName`. */
export function Avatar({
  firstName,
  lastName,
  size = 'normal',
  imageUrl = null,
}: {
  firstName: string;
  lastName: string;
  size?: 'small' | 'normal' | 'large';
  /** The picture; null or undefined shows the initials. */
  imageUrl?: string | null;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (imageUrl && imageUrl !== failedUrl) {
    return (
      <img
        className={`avatar avatar-${size} avatar-image`}
        src={imageUrl}
        alt=""
        aria-hidden="true"
        onError={() => setFailedUrl(imageUrl)}
      />
    );
  }
  const initials = `${firstName.trim()[0] ?? ''}${lastName.trim()[0] ?? ''}`.toUpperCase();
  return (
    <span className={`avatar avatar-${size}`} aria-hidden="true">
      {initials || '?'}
    </span>
  );
}
