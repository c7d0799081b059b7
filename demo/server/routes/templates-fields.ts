/** Template fields: read and replace the element JSON (src/fields is the one definition). */
import type { App } from '../http/typed-app.ts';
import { Type } from 'typebox';
import { COMPONENT_OPERATIONS } from '../auth/operations.ts';
import { ApiError } from '../http/errors.ts';
import { sendBytes } from '../http/binary.ts';
import { answering } from '../work/failures.ts';
import { templateFileName } from '../services/template-deletion.ts';
import { pdfFileName } from './templates.ts';
import { errorResponses, unknownProperties } from '../schemas/common.ts';
import { withUuids } from '../services/template-fields.ts';
import { validateTemplateElements } from '../services/template-elements.ts';
import { TemplateIdParams, loadTemplate } from './templates-common.ts';

const DOCUMENTED_PROPERTIES = [
  'align',
  'ax',
  'ay',
  'bx',
  'by',
  'element_type',
  'fieldorder',
  'font_name',
  'font_size',
  'hide_border',
  'label',
  'label_extra',
  'logic_action',
  'map_to',
  'logic_group',
  'optional',
  'options',
  'page',
  'signer',
  'substantive',
  'validation',
  'value',
  'uuid',
] as const;

const ElementJson = Type.Object(unknownProperties(DOCUMENTED_PROPERTIES), {
  additionalProperties: true,
  description: 'One field in the element JSON (ax, ay, bx, by, page, element_type, signer, validation, options, value, label, ...); see src/fields/types.ts.',
});

export default async function templateFieldRoutes(app: App): Promise<void> {
  const { store } = app;

  app.get(
    '/api/v1/templatepdf/:id/fields/',
    {
      config: { component: COMPONENT_OPERATIONS.templateFieldsRead },
      schema: {
        summary: 'Read the fields of a template',
        tags: ['templates'],
        description: 'A JSON array of elements, each with its server-assigned `uuid`. Posting it back unchanged to the same path leaves the template as it is.',
        params: TemplateIdParams,
        response: { 200: Type.Array(ElementJson), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => (await loadTemplate(app, request)).fields,
  );

  app.post(
    '/api/v1/templatepdf/:id/fields/',
    {
      config: { component: COMPONENT_OPERATIONS.templateFieldsWrite },
      schema: {
        summary: 'Replace the fields of a template',
        tags: ['templates'],
        description:
          'Body: a JSON array of elements in the shape the read returns. It replaces every field. Elements are validated and normalised (defaults filled); every problem is listed by path (`[3].ax`) in a 400 `invalid_fields` and nothing is saved. Fields keep their `uuid`; new ones (or duplicates) get one. Unknown properties are dropped. Answers 201 with the saved array. Also open to editor component tokens of this template.',
        params: TemplateIdParams,
        body: Type.Array(Type.Unknown()),
        response: { 201: Type.Array(ElementJson), ...errorResponses(400, 401, 403, 404, 415, 429) },
      },
    },
    async (request, reply) => {
      const template = await loadTemplate(app, request);
      const result = await validateTemplateElements(app.work, template, request.body);
      if (result.problems.length > 0) {
        const shown = result.problems
          .slice(0, 5)
          .map((p) => `${p.field}: ${p.message}`)
          .join(' ');
        const more = result.problems.length > 5 ? ` (and ${result.problems.length - 5} more)` : '';
        throw new ApiError(
          400,
          'invalid_fields',
          `The fields were not saved. ${shown}${more}`,
          result.problems.map((p) => ({ field: p.field, message: p.message })),
        );
      }
      reply.code(201);
      return (await store.templates.update(template.id, { fields: withUuids(result.elements) }))!.fields;
    },
  );

  app.get(
    '/api/v1/templatepdf/:id/preview/',
    {
      config: { component: COMPONENT_OPERATIONS.templatePreview },
      schema: {
        summary: 'Preview a template with its fields',
        tags: ['templates'],
        description:
          "The template PDF with every field drawn as a box in its signer's colour, labelled with what it is and whose it is (`application/pdf`, inline).",
        params: TemplateIdParams,
        response: errorResponses(401, 403, 404, 422, 429),
      },
    },
    async (request, reply) => {
      const template = await loadTemplate(app, request);
      const bytes = await answering(async () =>
        app.work.run(template.groupId, 'renderPreview', { bytes: await store.files.readBytes(templateFileName(template.id)), fields: template.fields }),
      );
      const filename = pdfFileName(`${template.title} preview`);
      reply.type('application/pdf').header('Content-Disposition', `inline; filename="${filename}"`).header('Cache-Control', 'private, no-cache');
      return sendBytes(reply, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  );
}
