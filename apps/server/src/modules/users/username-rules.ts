import { isValidUsername, normaliseUsername, SPEC_TEXT_EN } from '@encore/contract';
import { AppError } from '../../errors.ts';
import { isProfaneUsername } from '../../platform/profanity.ts';

/**
 * The username checks of section 5 shared by every path that sets a name (registration, username
 * change, partner and phone sign-up). The name is NFKC-normalised first (issue 12: full-width and
 * compatibility forms become the letters they show), and isValidUsername refuses zero-width and
 * bidirectional controls; look-alikes of taken and reserved names are refused by usernameTaken.
 */
export function checkUsername(raw: string): string {
  const username = normaliseUsername(raw);
  if (!isValidUsername(username)) {
    throw new AppError('INVALID_USERNAME', 400, SPEC_TEXT_EN['username-invalid'], { field: 'username' });
  }
  if (isProfaneUsername(username)) {
    throw new AppError('USERNAME_PROFANITY', 406, SPEC_TEXT_EN['register-error-406'], { field: 'username' });
  }
  return username;
}
