/** Users: admin users create sub-users (POST /api/v1/user/). */
import type { App } from '../http/typed-app.ts';
import { Type } from 'typebox';
import type { User } from '../store/users.ts';
import type { Store } from '../store/index.ts';
import { requireAdmin, requireApiKey } from '../auth/context.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { groupUri, idFromUri, userUri } from '../domain/uris.ts';
import { Booleanish, IdParams, errorResponses, toBool } from '../schemas/common.ts';
import { createSubUser } from '../services/users.ts';

const UserResource = Type.Object({
  resource_uri: Type.String(),
  uuid: Type.String(),
  email: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  is_admin: Type.Boolean(),
  groups: Type.Array(Type.String(), { description: 'Resource URIs of the groups the user belongs to.' }),
  password_permanent: Type.Boolean({ description: 'API-created users get a permanent password (no change forced at first sign-in).' }),
  password: Type.Optional(Type.String({ description: 'Only when the server generated the password: shown once, never again.' })),
  username: Type.String({ description: 'The sign-in name: the email address.' }),
  timezone: Type.String({ description: 'IANA time zone, UTC unless set.' }),
  date_joined: Type.String({ description: 'When the user was created.' }),
  last_login: Type.Union([Type.String(), Type.Null()], {
    description: "The user's last sign-in (web app or portal, from the account's sign-in records); null when never.",
  }),
  created: Type.String(),
});

const Timezone = Type.String({ minLength: 1, maxLength: 64, description: "An IANA time zone name, e.g. `Europe/London` (the description's TimezoneEnum)." });
const PersonName = (what: string) => Type.String({ minLength: 1, maxLength: 75, pattern: '^[^<>\\u0000-\\u001f]+$', description: what });

function checkTimezone(tz: string | undefined): void {
  if (tz === undefined) return;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
  } catch {
    throw badRequest(`timezone ${JSON.stringify(tz)} is not a time zone name (e.g. Europe/London, UTC).`, [
      { field: 'timezone', message: 'unknown time zone' },
    ]);
  }
}

const CreateUserBody = Type.Object({
  email: Type.String({ format: 'email', maxLength: 254 }),
  first_name: PersonName('Required by the description.'),
  last_name: PersonName('Required by the description.'),
  timezone: Type.Optional(Timezone),
  permission: Type.Optional(
    Type.Union([Type.String({ pattern: '^[1-6]$' }), Type.Integer({ minimum: 1, maximum: 6 })], {
      description: 'Permission in the groups joined (1..6, see /member/).',
    }),
  ),
  password: Type.Optional(
    Type.String({
      minLength: 10,
      maxLength: 200,
      description: 'At least 10 characters; stored hashed (scrypt). Omit it and the server generates one and returns it once.',
    }),
  ),
  groups: Type.Optional(
    Type.Union([Type.Array(Type.String()), Type.String()], {
      description: 'Groups to join: resource URIs, uuids or slugs, as an array or a comma-separated string. Each must be a group the admin belongs to.',
    }),
  ),
  is_admin: Type.Optional(Booleanish),
});

/** Account events that are a completed sign-in (services/sign-in/cognito.ts records them). */
const SIGN_IN_EVENTS = new Set(['signed_in', 'signed_in_with_recovery_code']);

/** When the user last signed in, from the account's sign-in records (newest first); null when never. */
async function lastSignIn(store: Store, userId: string): Promise<string | null> {
  return (await store.credentials.events(userId)).find((e) => SIGN_IN_EVENTS.has(e.event))?.created ?? null;
}

export async function userResource(store: Store, user: User, generatedPassword?: string) {
  return {
    resource_uri: userUri(user.id),
    uuid: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    is_admin: user.isAdmin,
    groups: (await store.users.groupIds(user.id)).map(groupUri),
    password_permanent: user.passwordPermanent,
    ...(generatedPassword ? { password: generatedPassword } : {}),
    username: user.email,
    timezone: user.timezone,
    date_joined: user.created,
    last_login: (await lastSignIn(store, user.id)) ?? user.lastLogin,
    created: user.created,
  };
}

export default async function userRoutes(app: App): Promise<void> {
  const { store } = app;

  app.post(
    '/api/v1/user/',
    {
      schema: {
        summary: 'Create a sub-user (admin only)',
        tags: ['users'],
        description:
          'Only keys of admin users may call this. The new user gets a permanent password (given or generated) and joins the listed groups. 201 with `Location`.',
        body: CreateUserBody,
        response: { 201: UserResource, ...errorResponses(400, 401, 403, 409, 415, 429) },
      },
    },
    async (request, reply) => {
      const auth = requireAdmin(request);
      const body = request.body;
      checkTimezone(body.timezone);
      const refs = (Array.isArray(body.groups) ? body.groups : (body.groups ?? '').split(',')).map((r) => r.trim()).filter(Boolean);
      const groupIds: string[] = [];
      for (const [index, ref] of refs.entries()) {
        const id = idFromUri(ref, 'group');
        const group = id ? await store.groups.find(id) : undefined;
        if (!group || !auth.groupIds.includes(group.id)) {
          throw badRequest(`groups[${index}] '${ref}' is not a group you belong to.`, [{ field: `groups[${index}]`, message: 'unknown group' }]);
        }
        groupIds.push(group.id);
      }
      if (await store.users.findByEmail(body.email))
        throw badRequest(`A user with the email ${body.email} already exists.`, [{ field: 'email', message: 'already a user' }], 'user_exists');
      const { user, generatedPassword } = await createSubUser(
        store,
        {
          email: body.email,
          firstName: body.first_name,
          lastName: body.last_name,
          password: body.password,
          isAdmin: toBool(body.is_admin),
          createdBy: auth.user.id,
          timezone: body.timezone,
        },
        { ids: groupIds, permission: body.permission === undefined ? 1 : Number(body.permission) },
        { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') },
      );
      reply.code(201).header('Location', userUri(user.id));
      return await userResource(store, user, generatedPassword);
    },
  );

  app.get(
    '/api/v1/user/',
    {
      schema: {
        summary: 'The user of the calling API key',
        tags: ['users'],
        description: 'Our addition (like the GraphQL `user` query without an id): who this key acts as, and its groups.',
        response: { 200: UserResource, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => userResource(store, requireApiKey(request).user),
  );

  app.get(
    '/api/v1/user/:id/',
    {
      schema: {
        summary: 'User detail',
        tags: ['users'],
        description: 'Visible when the user is the caller or shares a group with the caller; otherwise 404.',
        params: IdParams,
        response: { 200: UserResource, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const auth = requireApiKey(request);
      const { id } = request.params;
      const user = await store.users.get(id);
      if (!user || (user.id !== auth.user.id && !(await store.users.groupIds(user.id)).some((g) => auth.groupIds.includes(g)))) throw notFound('User', id);
      return await userResource(store, user);
    },
  );

  app.patch(
    '/api/v1/user/:id/',
    {
      schema: {
        summary: "Change a user's name or time zone",
        tags: ['users'],
        description: 'The user itself, or an admin user sharing a group with it. Fields left out keep their value. Answers 202 with the user.',
        params: IdParams,
        body: Type.Object({
          first_name: Type.Optional(PersonName('First name.')),
          last_name: Type.Optional(PersonName('Last name.')),
          timezone: Type.Optional(Timezone),
        }),
        response: { 202: UserResource, ...errorResponses(400, 401, 403, 404, 415, 429) },
      },
    },
    async (request, reply) => {
      const auth = requireApiKey(request);
      const { id } = request.params;
      const user = await store.users.get(id);
      const sharesGroup = user !== undefined && (await store.users.groupIds(user.id)).some((g) => auth.groupIds.includes(g));
      if (!user || (user.id !== auth.user.id && !sharesGroup)) throw notFound('User', id);
      if (user.id !== auth.user.id && !auth.user.isAdmin) throw forbidden('Only the user itself or an admin user may change a user.');
      const body = request.body;
      checkTimezone(body.timezone);
      const updated = (await store.users.update(user.id, { firstName: body.first_name?.trim(), lastName: body.last_name?.trim(), timezone: body.timezone }))!;
      reply.code(202);
      return await userResource(store, updated);
    },
  );
}
