/**
 * Names of the operations a component token can open (route `config.component`).
 * Minting code lists the ones its component needs; routes declare the one they are.
 */
export const COMPONENT_OPERATIONS = {
  /** GET /api/v1/templatepdf/{id}/ (the PDF bytes). */
  templateRead: 'templatepdf:read',
  /** GET /api/v1/templatepdf/{id}/fields/. */
  templateFieldsRead: 'templatepdf:fields:read',
  /** POST /api/v1/templatepdf/{id}/fields/. */
  templateFieldsWrite: 'templatepdf:fields:write',
  /** GET /api/v1/templatepdf/{id}/preview/. */
  templatePreview: 'templatepdf:preview',
} as const;

/** What a viewer token opens: read the PDF and the fields. */
export const VIEWER_OPERATIONS: string[] = [COMPONENT_OPERATIONS.templateRead, COMPONENT_OPERATIONS.templateFieldsRead, COMPONENT_OPERATIONS.templatePreview];
/** What an editor token opens: the viewer's plus saving fields. */
export const EDITOR_OPERATIONS: string[] = [...VIEWER_OPERATIONS, COMPONENT_OPERATIONS.templateFieldsWrite];
