// Inline SVG icons of the careers pages (the shared components' icons are in @kadry/ui/icons): no extra
// requests, and their size is reserved by the width/height attributes.
import type { DecorativeIconProps } from '@kadry/ui/icons';

/** The 'hot vacancy' mark; it carries meaning, so it is an image with a name. */
export function FireIcon({ label, size = 20 }: { label: string; size?: number }) {
  return (
    <svg
      className="fire-icon"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      focusable="false"
    >
      <path
        fill="#e8590c"
        d="M12.9 2.1c.3 2.6-.7 4.4-2.1 6C9.3 9.8 7.5 11.6 7.5 14.4A4.5 4.5 0 0 0 12 19a4.5 4.5 0 0 0 4.5-4.6c0-1.3-.5-2.5-1.2-3.4.1 1.3-.4 2.3-1.3 2.8.3-2.9-.9-5.4-1.1-11.7Z"
      />
      <path
        fill="#f59f00"
        d="M12 22c-3.9 0-7-3-7-6.9 0-2.7 1.4-4.6 2.8-6.1-.1 1.7.4 3 1.4 3.7.3-3.2 2.2-5.2 3.8-7.2.6 2.8 2.3 4.6 3.6 6.3A7.1 7.1 0 0 1 19 15.1C19 19 15.9 22 12 22Z"
        opacity=".55"
      />
    </svg>
  );
}

export function ArrowLeftIcon({ className, size = 20 }: DecorativeIconProps) {
  return (
    <svg
      className={className}
      aria-hidden="true"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      focusable="false"
    >
      <path fill="currentColor" d="M20 11H7.8l5.6-5.6L12 4l-8 8 8 8 1.4-1.4L7.8 13H20z" />
    </svg>
  );
}

export function CheckIcon({ className, size = 16 }: DecorativeIconProps) {
  return (
    <svg
      className={className}
      aria-hidden="true"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      focusable="false"
    >
      <path fill="currentColor" d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" />
    </svg>
  );
}

/** Empty-state illustration: an empty folder. */
export function EmptyFolderIcon({ className, size = 72 }: DecorativeIconProps) {
  return (
    <svg
      className={className}
      aria-hidden="true"
      width={size}
      height={size}
      viewBox="0 0 72 72"
      focusable="false"
    >
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinejoin="round"
        d="M8 20a4 4 0 0 1 4-4h14l6 6h28a4 4 0 0 1 4 4v30a4 4 0 0 1-4 4H12a4 4 0 0 1-4-4z"
      />
      <path fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" d="M28 42h16" />
    </svg>
  );
}

/** Success illustration: a sent paper plane. */
export function SentIcon({ className, size = 72 }: DecorativeIconProps) {
  return (
    <svg
      className={className}
      aria-hidden="true"
      width={size}
      height={size}
      viewBox="0 0 72 72"
      focusable="false"
    >
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinejoin="round"
        d="M8 34 64 10 52 62 36 46 28 58V42L64 10 20 38z"
      />
    </svg>
  );
}

/** Not-found illustration: a magnifier over nothing. */
export function NotFoundIcon({ className, size = 72 }: DecorativeIconProps) {
  return (
    <svg
      className={className}
      aria-hidden="true"
      width={size}
      height={size}
      viewBox="0 0 72 72"
      focusable="false"
    >
      <circle cx="31" cy="31" r="19" fill="none" stroke="currentColor" strokeWidth="3" />
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
        d="m45 45 17 17M24 24l14 14M38 24 24 38"
      />
    </svg>
  );
}
