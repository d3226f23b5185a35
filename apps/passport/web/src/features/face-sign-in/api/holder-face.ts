import { holderFaceSchema, type HolderFace } from '@app/shared/people/faces';
import { dashboardJson } from '../../../lib/dashboard-client';

// The holder's face sign-in consent in the companies that offer it (decision 050), on the dashboard.

/** GET /passport-holder/face. */
export const listHolderFace = (signal?: AbortSignal): Promise<HolderFace> =>
  dashboardJson('GET', '/passport-holder/face', holderFaceSchema, undefined, signal);

/** PUT (give) or DELETE (withdraw) /passport-holder/face-consent in one company; the new list. */
export const setHolderFaceConsent = (companyId: string, give: boolean): Promise<HolderFace> =>
  dashboardJson(give ? 'PUT' : 'DELETE', '/passport-holder/face-consent', holderFaceSchema, {
    company_id: companyId,
  });
