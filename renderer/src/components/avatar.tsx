/** `Avatar`: a person's initials in a circle (decorative; the name is always shown next to it). */

/** Renders the initials of `firstName lastName`. */
export function Avatar({
  firstName,
  lastName,
  size = 'normal',
}: {
  firstName: string;
  lastName: string;
  size?: 'small' | 'normal' | 'large';
}) {
  const initials = `${firstName.trim()[0] ?? ''}${lastName.trim()[0] ?? ''}`.toUpperCase();
  return (
    <span className={`avatar avatar-${size}`} aria-hidden="true">
      {initials || '?'}
    </span>
  );
}
