import type { User } from './users.ts';

export function isLoggedIn(state: { authToken: string | null; user: unknown }): boolean {
  return Boolean(state.authToken) || Boolean(state.user);
}

export function isVerified(user: Pick<User, 'email_verified' | 'sms_verified'> | null): boolean {
  return Boolean(user && (user.email_verified || user.sms_verified));
}

/** The realtime channel of one user's device events (DESIGN.md section 5). */
export const userChannel = (userId: number): string => `user-${userId}`;
