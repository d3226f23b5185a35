/**
 * GET /people/import/template: the xlsx template, in the person's saved language. A plain link: the
 * browser downloads it with the session cookie, as the person's data export does.
 */
export const IMPORT_TEMPLATE_URL = '/api/v1/people/import/template';
