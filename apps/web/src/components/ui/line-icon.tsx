import type { ReactNode } from 'react';

/**
 * A 24-unit outline icon drawn in the text colour. Hidden from assistive technology: the button or
 * heading beside it carries the name.
 */
export function LineIcon(p: { size?: number; strokeWidth?: number; children: ReactNode }) {
  const size = p.size ?? 22;
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth={p.strokeWidth ?? 1.8}
    >
      {p.children}
    </svg>
  );
}
