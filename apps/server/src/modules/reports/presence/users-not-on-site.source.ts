import {
  usersNotOnSiteFiltersSchema,
  type NotOnSiteRow,
  type UsersNotOnSiteFilters,
} from '@app/shared/reports/presence';
import type { ReportSource } from '../report-source';
import { notOnSiteBatches } from './presence.service';

const at = (m: { at: string } | null | undefined) => (m ? new Date(m.at) : null);

/** The people not on site taken away as a sheet, in the screen's order by name, a keyset batch at a time. */
export const usersNotOnSiteSource: ReportSource<UsersNotOnSiteFilters, NotOnSiteRow> = {
  name: 'users_not_on_site',
  filters: usersNotOnSiteFiltersSchema,
  columns: [
    { key: 'name', header: 'users_not_on_site.columns.name', type: 'text', value: (r) => r.person.full_name },
    { key: 'company', header: 'users_not_on_site.columns.company', type: 'text', value: (r) => r.person.company_name },
    {
      key: 'user_types',
      header: 'users_not_on_site.columns.user_types',
      type: 'text',
      value: (r) => r.user_types.map((t) => t.name).join(', '),
    },
    {
      key: 'last_signed_in',
      header: 'users_not_on_site.columns.last_signed_in',
      type: 'datetime',
      value: (r) => at(r.last_visit?.signed_in),
    },
    {
      key: 'last_signed_out',
      header: 'users_not_on_site.columns.last_signed_out',
      type: 'datetime',
      value: (r) => at(r.last_visit?.signed_out),
    },
    {
      key: 'last_site',
      header: 'users_not_on_site.columns.last_site',
      type: 'text',
      value: (r) => r.last_visit?.site.name ?? null,
    },
    {
      key: 'last_area',
      header: 'users_not_on_site.columns.last_area',
      type: 'text',
      value: (r) => r.last_visit?.area.name ?? null,
    },
  ],
  batches: (app, ctx, filters, { batchSize }) => notOnSiteBatches(app, ctx, filters, batchSize),
};
