/** Groups: list, detail, create (also at the changelog's /group/name/ path), settings update. */
import type { App } from '../http/typed-app.ts';
import { Type } from 'typebox';
import type { Static } from 'typebox';
import type { Group, GroupSettings } from '../store/groups.ts';
import { authOf, requireApiKey, visibleGroupIds } from '../auth/context.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { listMeta } from '../http/pagination.ts';
import { createGroup } from '../services/groups.ts';
import { groupUri, memberUri, userUri } from '../domain/uris.ts';
import { Booleanish, IdParams, ListOf, PaginationQuery, errorResponses, toBool } from '../schemas/common.ts';

const GroupResource = Type.Object({
  resource_uri: Type.String(),
  uuid: Type.String(),
  slug: Type.String({ description: 'URL-friendly name; also accepted in place of the uuid in /api/v1/group/{id}/.' }),
  name: Type.String(),
  xframe_allow: Type.Boolean({ description: 'Allow the signing pages of this group inside iframes of other sites.' }),
  default_cc: Type.String({ description: 'Comma-separated emails copied when a send says `cc: "default"`.' }),
  default_message_template: Type.Union([Type.String(), Type.Null()], { description: 'Message used when a send gives no message.' }),
  message_templates: Type.Record(Type.String(), Type.String(), { description: 'Named messages (name → text); a send picks one with `message_template`.' }),
  components_enabled: Type.Boolean({ description: 'Signer component tokens may be minted for this group (spec: "a group enabled for component use").' }),
  deletion_requires_approval: Type.Boolean({
    description: 'Retention policy: deleting a template needs a second member to approve (DELETE .../delete/ by two different users).',
  }),
  retention_days: Type.Union([Type.Integer(), Type.Null()], { description: 'Days documents are kept after completion; null keeps them.' }),
  seal_visible: Type.Boolean({
    description:
      "Final PDFs carry a visible seal stamp on their last page. Every final PDF is sealed (signed by the server) either way; default false: the seal shows in PDF readers' signature panel and as a line on the history page.",
  }),
  public_name: Type.String({ description: 'The name signers see (the group name when blank).' }),
  email_verification: Type.Optional(
    Type.Boolean({
      description: 'Our extension (issue 29): the default of the send flag `email_verification` (one-time codes by email). In the group detail.',
    }),
  ),
  is_active: Type.Boolean(),
  xframe_allow_pdf_edit: Type.Boolean({ description: 'Allow the template edit page inside iframes of other sites.' }),
  header: Type.String({ description: 'Header for PDFs made from text templates.' }),
  footer: Type.String({ description: 'Footer for PDFs made from text templates.' }),
  header_height: Type.Integer(),
  footer_height: Type.Integer(),
  pagesize: Type.Integer({ description: '1 = A4, 2 = US Letter.' }),
  default_email: Type.String({ description: 'Default email text for invitations.' }),
  default_extraemail: Type.String({ description: 'Default extra email text.' }),
  user: Type.String({ description: 'Resource URI of the user who created the group (empty when made by the server).' }),
  members: Type.Array(Type.String(), { description: "Resource URIs of the group's members (/api/v1/member/{id}/)." }),
  created: Type.String(),
  modified: Type.String(),
});

const MAX_MESSAGE_TEMPLATES = 50;

const SettingsFields = {
  xframe_allow: Type.Optional(Booleanish),
  default_cc: Type.Optional(Type.String({ maxLength: 2000, description: 'Comma-separated email addresses.' })),
  default_message_template: Type.Optional(Type.Union([Type.String({ maxLength: 10000 }), Type.Null()])),
  message_templates: Type.Optional(
    Type.Record(Type.String(), Type.String({ maxLength: 10000 }), {
      maxProperties: MAX_MESSAGE_TEMPLATES,
      description: `Named messages, name (1..120 characters) → text; replaces the whole set (\`{}\` clears it). At most ${MAX_MESSAGE_TEMPLATES}.`,
    }),
  ),
  components_enabled: Type.Optional(Booleanish),
  deletion_requires_approval: Type.Optional(Booleanish),
  retention_days: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 36500 }), Type.Null()])),
  seal_visible: Type.Optional(Booleanish),
  email_verification: Type.Optional(Booleanish),
  public_name: Type.Optional(Type.String({ maxLength: 100 })),
  xframe_allow_pdf_edit: Type.Optional(Booleanish),
  header: Type.Optional(Type.String({ maxLength: 10000 })),
  footer: Type.Optional(Type.String({ maxLength: 10000 })),
  header_height: Type.Optional(Type.Integer({ minimum: 0, maximum: 2000 })),
  footer_height: Type.Optional(Type.Integer({ minimum: 0, maximum: 2000 })),
  pagesize: Type.Optional(Type.Integer({ minimum: 1, maximum: 2, description: '1 = A4, 2 = US Letter.' })),
  default_email: Type.Optional(Type.String({ maxLength: 10000 })),
  default_extraemail: Type.Optional(Type.String({ maxLength: 10000 })),
};

const CreateBody = Type.Object({ name: Type.String({ minLength: 1, maxLength: 100 }), ...SettingsFields });
const UpdateBody = Type.Object({ name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })), ...SettingsFields });

export function groupResource(group: Group, memberIds: string[] = []) {
  const p = group.profile;
  return {
    resource_uri: groupUri(group.id),
    uuid: group.id,
    slug: group.slug,
    name: group.name,
    xframe_allow: group.xframeAllow,
    default_cc: group.defaultCc,
    default_message_template: group.defaultMessageTemplate,
    message_templates: group.messageTemplates,
    components_enabled: group.componentsEnabled,
    deletion_requires_approval: group.deletionRequiresApproval,
    retention_days: group.retentionDays,
    seal_visible: group.sealVisible,
    public_name: p.publicName,
    is_active: p.isActive,
    xframe_allow_pdf_edit: p.xframeAllowPdfEdit,
    header: p.header,
    footer: p.footer,
    header_height: p.headerHeight,
    footer_height: p.footerHeight,
    pagesize: p.pageSize,
    default_email: p.defaultEmail,
    default_extraemail: p.defaultExtraEmail,
    user: group.createdBy ? userUri(group.createdBy) : '',
    members: memberIds.map(memberUri),
    created: group.created,
    modified: group.modified,
  };
}

const EMAIL = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;

/** Names are trimmed, 1..120 characters, and unique ignoring case (sends look them up that way). */
function messageTemplatesFrom(input: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  const seen = new Set<string>();
  for (const [raw, text] of Object.entries(input)) {
    const name = raw.trim();
    if (!name || name.length > 120 || seen.has(name.toLowerCase())) {
      const shown = raw.length > 60 ? `${raw.slice(0, 60)}…` : raw;
      throw badRequest(
        `message_templates: the name ${JSON.stringify(shown)} ${!name ? 'is blank' : name.length > 120 ? 'is over 120 characters' : 'is used twice (names ignore case)'}.`,
        [{ field: `message_templates.${shown}`, message: 'names must be 1..120 characters and unique ignoring case' }],
        'invalid_message_templates',
      );
    }
    seen.add(name.toLowerCase());
    out[name] = text;
  }
  return out;
}

function settingsFrom(body: Static<typeof UpdateBody>): GroupSettings {
  const settings: GroupSettings = {};
  if (body.xframe_allow !== undefined) settings.xframeAllow = toBool(body.xframe_allow);
  if (body.default_cc !== undefined) {
    const emails = body.default_cc
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const bad = emails.filter((e) => !EMAIL.test(e));
    if (bad.length)
      throw badRequest(`default_cc holds something that is not an email address: ${bad.join(', ')}.`, [
        { field: 'default_cc', message: 'must be comma-separated email addresses' },
      ]);
    settings.defaultCc = emails.join(', ');
  }
  if (body.default_message_template !== undefined) settings.defaultMessageTemplate = body.default_message_template;
  if (body.message_templates !== undefined) settings.messageTemplates = messageTemplatesFrom(body.message_templates);
  if (body.components_enabled !== undefined) settings.componentsEnabled = toBool(body.components_enabled);
  if (body.deletion_requires_approval !== undefined) settings.deletionRequiresApproval = toBool(body.deletion_requires_approval);
  if (body.retention_days !== undefined) settings.retentionDays = body.retention_days;
  if (body.seal_visible !== undefined) settings.sealVisible = toBool(body.seal_visible);
  settings.profile = {
    publicName: body.public_name === undefined ? undefined : body.public_name.trim(),
    xframeAllowPdfEdit: body.xframe_allow_pdf_edit === undefined ? undefined : toBool(body.xframe_allow_pdf_edit),
    header: body.header,
    footer: body.footer,
    headerHeight: body.header_height,
    footerHeight: body.footer_height,
    pageSize: body.pagesize,
    defaultEmail: body.default_email,
    defaultExtraEmail: body.default_extraemail,
  };
  return settings;
}

export default async function groupRoutes(app: App): Promise<void> {
  const { store } = app;
  const memberIdsOf = async (groupId: string) => (await store.members.ofGroup(groupId)).map((m) => m.id);

  app.get(
    '/api/v1/group/',
    {
      schema: {
        summary: 'List the groups your API key can see',
        tags: ['groups'],
        querystring: Type.Object(PaginationQuery),
        response: { 200: ListOf(GroupResource), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const { total, groups } = await store.groups.list({ groupIds: visibleGroupIds(request), limit, offset });
      return {
        meta: listMeta(request, { limit, offset, total }, {}),
        objects: await Promise.all(groups.map(async (g) => groupResource(g, await memberIdsOf(g.id)))),
      };
    },
  );

  app.get(
    '/api/v1/group/:id/',
    {
      schema: {
        summary: 'Group detail (by uuid or slug)',
        tags: ['groups'],
        params: IdParams,
        response: { 200: GroupResource, ...errorResponses(401, 404, 429) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const group = await store.groups.find(id);
      if (!group || !authOf(request).groupIds.includes(group.id)) throw notFound('Group', id);
      return { ...groupResource(group, await memberIdsOf(group.id)), email_verification: group.emailVerification };
    },
  );

  // The same operation at two paths (the changelog's /group/name/ too).
  for (const [url, summary] of [
    ['/api/v1/group/', 'Create a group'],
    ['/api/v1/group/name/', 'Create a group (changelog path)'],
  ] as const) {
    app.post(
      url,
      {
        schema: {
          summary,
          tags: ['groups'],
          description:
            'Only `name` is required. The calling user becomes a member (and group admin) of the new group. Answers 201 with `Location` and the new group.',
          body: CreateBody,
          response: { 201: GroupResource, ...errorResponses(400, 401, 403, 415, 429) },
        },
      },
      async (request, reply) => {
        const auth = requireApiKey(request);
        const body = request.body;
        const name = body.name.trim();
        if (!name) throw badRequest('name must not be blank.', [{ field: 'name', message: 'must not be blank' }]);
        const settings = settingsFrom(body);
        const group = await createGroup(store, name, settings, auth.user.id);
        reply.code(201).header('Location', groupUri(group.id));
        return groupResource(group, await memberIdsOf(group.id));
      },
    );
  }

  app.patch(
    '/api/v1/group/:id/',
    {
      schema: {
        summary: "Change a group's name or settings",
        tags: ['groups'],
        description: 'Any member may change settings. Fields left out keep their value. Answers 202 with the group.',
        params: IdParams,
        body: UpdateBody,
        response: { 202: GroupResource, ...errorResponses(400, 401, 403, 404, 415, 429) },
      },
    },
    async (request, reply) => {
      const auth = requireApiKey(request);
      const { id } = request.params;
      const group = await store.groups.find(id);
      if (!group || !auth.groupIds.includes(group.id)) throw notFound('Group', id);
      const body = request.body;
      const name = typeof body.name === 'string' ? body.name.trim() : undefined;
      if (name === '') throw badRequest('name must not be blank.', [{ field: 'name', message: 'must not be blank' }]);
      const settings = settingsFrom(body);
      const updated = await store.transaction(async () => {
        const changed = (await store.groups.update(group.id, { ...settings, name }))!;
        if (body.email_verification !== undefined) await store.verifications.setGroupEmailVerification(group.id, toBool(body.email_verification));
        const fields = Object.keys(body).join(',');
        await store.credentials.recordEvent(auth.user.id, `group_settings_changed:${group.id}:${fields}`, {
          ip: request.ip,
          userAgent: String(request.headers['user-agent'] ?? ''),
        });
        return changed;
      });
      reply.code(202);
      return { ...groupResource(updated, await memberIdsOf(group.id)), email_verification: await store.verifications.groupEmailVerification(group.id) };
    },
  );
}
