/**
 * The reset link is /reset-password/:token with one path segment, while the confirm call needs uid and
 * token: the link carries both as `<uid>-<token>` (docs/decisions.md, ACC-64).
 */
export function splitResetToken(pathToken: string): { uid: string; token: string } | null {
  const dash = pathToken.indexOf('-');
  if (dash <= 0 || dash === pathToken.length - 1) return null;
  return { uid: pathToken.slice(0, dash), token: pathToken.slice(dash + 1) };
}

export function joinResetToken(uid: string, token: string): string {
  return `${uid}-${token}`;
}
