import { SPEC_TEXT_EN } from '@encore/contract';
import type { UserRow } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { checkUsername } from './username-rules.ts';
import { isUsernameConflict, type UsersRepo } from './users.repo.ts';

export function createUsersService(deps: {
  users: UsersRepo;
  /** A user row changed: whoever keeps copies (the session cache) drops them. */
  onChange?: (userId: number) => void;
}) {
  const taken = () =>
    new AppError('USERNAME_TAKEN', 409, SPEC_TEXT_EN['username-update-409'], { field: 'username' });
  return {
    async get(id: number): Promise<UserRow> {
      const user = await deps.users.findById(id);
      if (!user) throw notFound('User not found.');
      return user;
    },

    /** DESIGN.md section 10: the username can be changed from the menu. */
    async changeUsername(userId: number, raw: string): Promise<UserRow> {
      const username = checkUsername(raw);
      if (await deps.users.usernameTaken(username, userId)) throw taken();
      try {
        const row = await deps.users.updateUsername(userId, username);
        if (!row) throw notFound('User not found.');
        deps.onChange?.(userId);
        return row;
      } catch (err) {
        if (isUsernameConflict(err)) throw taken();
        throw err;
      }
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
