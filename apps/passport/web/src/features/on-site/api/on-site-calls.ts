import {
  holderActionResponse,
  holderPlacesResponse,
  type HolderActionResponse,
  type HolderPlace,
  type HolderSignInBody,
  type HolderSignOutBody,
  type Position,
} from '@app/shared/passport/holder';
import { dashboardJson } from '../../../lib/dashboard-client';

/** GET /passport-holder/places: the fenced sites of the holder's remote journeys, nearest first. */
export async function listPlaces(at: Position, signal?: AbortSignal): Promise<HolderPlace[]> {
  const query = new URLSearchParams({
    latitude: String(at.latitude),
    longitude: String(at.longitude),
    accuracy: String(at.accuracy),
  });
  return (await dashboardJson('GET', `/passport-holder/places?${query}`, holderPlacesResponse, undefined, signal))
    .places;
}

/** POST /passport-holder/sign-in. */
export const signInHere = (body: HolderSignInBody): Promise<HolderActionResponse> =>
  dashboardJson('POST', '/passport-holder/sign-in', holderActionResponse, body);

/** POST /passport-holder/sign-out. */
export const signOutHere = (body: HolderSignOutBody): Promise<HolderActionResponse> =>
  dashboardJson('POST', '/passport-holder/sign-out', holderActionResponse, body);
