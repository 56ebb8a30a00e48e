import { isValidUsername, SPEC_TEXT_EN } from '@encore/contract';
import { AppError } from '../../errors.ts';
import { isProfaneUsername } from '../../platform/profanity.ts';

/** The username checks of section 5 shared by registration and username change. */
export function checkUsername(raw: string): string {
  const username = raw.trim();
  if (!isValidUsername(username)) {
    throw new AppError('INVALID_USERNAME', 400, SPEC_TEXT_EN['username-invalid'], { field: 'username' });
  }
  if (isProfaneUsername(username)) {
    throw new AppError('USERNAME_PROFANITY', 406, SPEC_TEXT_EN['register-error-406'], { field: 'username' });
  }
  return username;
}
