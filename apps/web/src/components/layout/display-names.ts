// How the shell shortens and resolves names and pictures (spec "Layout shell", "Top bar").
import { LIMITS } from '@app/shared/constants';

const ELLIPSIS = '…';

/** Company names over 16 characters are cut to 16 plus an ellipsis. */
export const shortCompanyName = (name: string): string =>
  name.length > LIMITS.companyNameDisplay ? `${name.slice(0, LIMITS.companyNameDisplay)}${ELLIPSIS}` : name;

/** A person's name longer than 14 characters is cut to 12 plus an ellipsis. */
export const shortUserName = (name: string): string =>
  name.length > LIMITS.userNameCutAbove ? `${name.slice(0, LIMITS.userNameCut)}${ELLIPSIS}` : name;

/** The person's picture, with its entity_id placeholder replaced by the current company's id. */
export const userImageUrl = (image: string | null, entityId: string): string | null =>
  image && image.trim() !== '' ? image.replace(/\{?entity_id\}?/g, entityId) : null;

/** The company logo when it is set and not empty. */
export const entityLogoUrl = (logo: string | null): string | null => (logo && logo.trim() !== '' ? logo : null);
