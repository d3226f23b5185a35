// GET /areas/{id}/kiosk-setup (spec GET /generate_exe/{id}): an area's kiosk setup sheet. The area is
// looked up in the caller's company and sites only, so another company's or another admin's area is
// not found. Writes nothing.
import type { FastifyInstance } from 'fastify';
import type { Language } from '@app/shared/constants';
import { AppError } from '../../lib/app-error';
import type { AccessContext } from '../access/access.types';
import { companyZone } from '../access/company-zone';
import { inTenant } from '../access/in-tenant';
import { kioskSetupPdf } from './kiosk-setup-pdf';
import { findArea, findSite } from './sites.repository';

/** Where a tablet opens the kiosk: the public registration page that gives it a pairing code. */
export const kioskLink = (app: FastifyInstance) => `${app.env.appUrl}/kiosk-register`;

export async function kioskSetup(
  app: FastifyInstance,
  ctx: AccessContext,
  areaId: string,
  lang: Language,
  now = new Date(),
) {
  const place = await inTenant(app, ctx, async (tx) => {
    const area = await findArea(tx, ctx.entityId, ctx.siteIds, areaId);
    const site = area ? await findSite(tx, ctx.entityId, ctx.siteIds, area.siteId) : null;
    return area && site ? { area, site: site.site } : null;
  });
  if (!place) throw new AppError('not_found');
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: companyZone(ctx) }).format(now);
  const pdf = await kioskSetupPdf(
    { company: ctx.entity.name, site: place.site.name, area: place.area.name, link: kioskLink(app), date },
    lang,
  );
  return { pdf, fileName: `kiosk-setup-${place.site.name}-${place.area.name}.pdf` };
}
