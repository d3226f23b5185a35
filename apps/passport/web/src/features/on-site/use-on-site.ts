// Signing in and out on site from the phone: find where the person stands, list the places of their
// remote journeys, and act at one with a position read again at that moment.
import type { HolderPlace, Position } from '@app/shared/passport/holder';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../lib/api-error';
import { notifySuccess } from '../../lib/notify';
import { toApiError } from '../../lib/use-request';
import { listPlaces, signInHere, signOutHere } from './api/on-site-calls';
import { PositionError, readPosition, type PositionFailure } from './read-position';

export type OnSiteState =
  | { status: 'idle' }
  | { status: 'locating' }
  | { status: 'ready'; at: Position; places: HolderPlace[] }
  | { status: 'no-position'; reason: PositionFailure }
  | { status: 'error'; error: ApiError };

export type PlaceAction = { kind: 'in'; areaId: string; userTypeId: string } | { kind: 'out'; visitId: string };

export function useOnSite() {
  const { t } = useTranslation();
  const [state, setState] = useState<OnSiteState>({ status: 'idle' });
  const [acting, setActing] = useState<string>();
  const [failures, setFailures] = useState<Record<string, string>>({});

  /** A failure's words: the position's reason, or the server's message for the position or the rule. */
  const failureText = (error: unknown) => {
    if (error instanceof PositionError) return t(`on_site.position_failed.${error.reason}`);
    const api = toApiError(error);
    return Object.values(api.fields)[0] ?? api.message;
  };

  const locate = async () => {
    setState({ status: 'locating' });
    setFailures({});
    try {
      const at = await readPosition();
      setState({ status: 'ready', at, places: await listPlaces(at) });
    } catch (error) {
      if (error instanceof PositionError) setState({ status: 'no-position', reason: error.reason });
      else setState({ status: 'error', error: toApiError(error) });
    }
  };

  const act = async (place: HolderPlace, action: PlaceAction) => {
    const key = place.site.id;
    setActing(key);
    setFailures(({ [key]: _gone, ...rest }) => rest);
    try {
      const at = await readPosition();
      const body = { company_id: place.company.id, position: at };
      const result =
        action.kind === 'in'
          ? await signInHere({ ...body, area_id: action.areaId, user_type_id: action.userTypeId })
          : await signOutHere({ ...body, visit_id: action.visitId });
      notifySuccess(result.message);
      setState({ status: 'ready', at, places: await listPlaces(at) });
    } catch (error) {
      setFailures((current) => ({ ...current, [key]: failureText(error) }));
    } finally {
      setActing(undefined);
    }
  };

  return { state, acting, failures, locate, act };
}
