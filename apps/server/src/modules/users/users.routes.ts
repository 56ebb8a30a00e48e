import { ErrorBody, PublicUser, UpdatedUser, User, UserIdParams, UsernameBody } from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../errors.ts';
import { type AuthGuards, sessionOf } from '../../platform/auth-guard.ts';
import { presentPublicUser, presentUpdatedUser, presentUser } from './users.presenter.ts';
import type { UsersService } from './users.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 406: ErrorBody, 409: ErrorBody };

export function usersRoutes(deps: { users: UsersService; guards: AuthGuards }): FastifyPluginAsyncZod {
  const { requireAuth } = deps.guards;
  return async (app) => {
    app.get(
      '/thor/auth/user/',
      { preHandler: requireAuth, schema: { tags: ['auth'], response: { 200: User, 401: ErrorBody } } },
      async (req) => presentUser(sessionOf(req).user),
    );

    app.put(
      '/thor/auth/user/',
      {
        preHandler: requireAuth,
        schema: { tags: ['auth'], body: UsernameBody, response: { 200: UpdatedUser, ...errors } },
      },
      async (req) =>
        presentUpdatedUser(await deps.users.changeUsername(sessionOf(req).user.id, req.body.username)),
    );

    app.get(
      '/thor/users/:id/',
      {
        preHandler: requireAuth,
        schema: { tags: ['users'], params: UserIdParams, response: { 200: User.or(PublicUser), ...errors } },
      },
      async (req) => {
        const me = sessionOf(req).user;
        // Another fan's email is theirs alone: others see the public profile.
        if (req.params.id === me.id) return presentUser(me);
        return presentPublicUser(await deps.users.get(req.params.id));
      },
    );

    app.put(
      '/thor/users/:id/',
      {
        preHandler: requireAuth,
        schema: {
          tags: ['users'],
          params: UserIdParams,
          body: UsernameBody,
          response: { 200: User, ...errors },
        },
      },
      async (req) => {
        const me = sessionOf(req).user;
        if (req.params.id !== me.id) throw notFound('User not found.');
        return presentUser(await deps.users.changeUsername(me.id, req.body.username));
      },
    );
  };
}
