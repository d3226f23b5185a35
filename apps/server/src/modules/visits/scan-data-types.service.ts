// GET /visits/scan-data-types (spec GET /sacn_data_type, type=visit): what the company's visits record,
// named in the reader's language: the sources of a sign-in and sign-out, the built-in values, and the
// company's own custom fields asked at sign-in, sign-out or check-in (never another company's).
import type { FastifyInstance } from 'fastify';
import type { Language } from '@app/shared/constants';
import { reportResources } from '@app/shared/i18n/report-resources';
import { translate } from '@app/shared/i18n/translate';
import { SIGN_SOURCES } from '@app/shared/visits/schemas';
import { SCAN_BUILT_IN_DATA, SIGN_SOURCE_ENDS, type ScanDataTypes } from '@app/shared/visits/scan-data-types';
import type { CustomFieldType } from '@app/shared/custom-fields/schemas';
import type { AccessContext } from '../access/access.types';
import { inTenant } from '../access/in-tenant';
import { listFields } from '../custom-fields/custom-fields.repository';

const VISIT_MOMENTS = new Set(['sign_in', 'sign_out', 'check_in']);

export async function scanDataTypes(app: FastifyInstance, ctx: AccessContext, lang: Language): Promise<ScanDataTypes> {
  const name = (key: string) => translate(reportResources, lang, `visits:${key}`);
  const fields = await inTenant(app, ctx, (tx) => listFields(tx, ctx.entityId));
  return {
    type: 'visit',
    sources: SIGN_SOURCES.map((key) => ({ key, name: name(`sources.${key}`), ...SIGN_SOURCE_ENDS[key] })),
    data: [
      ...SCAN_BUILT_IN_DATA.map((d) => ({
        key: d.key,
        name: name(`columns.${d.key}`),
        kind: 'built_in' as const,
        value_type: d.value_type,
        moment: d.moment,
        custom_field_id: null,
      })),
      ...fields
        .filter((f) => VISIT_MOMENTS.has(f.field.binding))
        .map((f) => ({
          key: `custom_field:${f.field.id}`,
          name: f.field.name,
          kind: 'custom_field' as const,
          value_type: f.field.type as CustomFieldType,
          moment: f.field.binding as 'sign_in' | 'sign_out' | 'check_in',
          custom_field_id: f.field.id,
        })),
    ],
  };
}
