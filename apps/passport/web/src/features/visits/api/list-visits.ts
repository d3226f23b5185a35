import { holderVisitsResponse, type HolderVisitsResponse } from '@app/shared/passport/holder';
import { dashboardJson } from '../../../lib/dashboard-client';

/** GET /passport-holder/visits on the dashboard: the holder's visits across companies. */
export const listVisits = (signal?: AbortSignal): Promise<HolderVisitsResponse> =>
  dashboardJson('GET', '/passport-holder/visits', holderVisitsResponse, undefined, signal);
