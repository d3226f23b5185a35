import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE } from '@/lib/api-client';
import { preRegistrationRootKey } from './pre-registration-query-key';

/**
 * The holder's passport photo as a file, as if the visitor had chosen it; null when the passport has
 * none. Bytes, not JSON, so the API client (which reads JSON and text) is not the way to it. No cookie
 * goes: the holder token is the credential.
 */
export async function getPassportPhoto(token: string, signal?: AbortSignal): Promise<File | null> {
  const response = await fetch(`${API_BASE}/passport-holder/photo`, {
    headers: { authorization: `Bearer ${token}` },
    credentials: 'omit',
    cache: 'no-store',
    signal,
  });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`passport photo: ${response.status}`);
  const blob = await response.blob();
  const ext = blob.type === 'image/png' ? 'png' : 'jpg';
  return new File([blob], `passport-photo.${ext}`, { type: blob.type });
}

export const passportPhotoQueryOptions = (token: string) =>
  queryOptions({
    queryKey: [...preRegistrationRootKey, 'passport-photo', token],
    queryFn: ({ signal }) => getPassportPhoto(token, signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

export const usePassportPhoto = (token: string | null, enabled: boolean) =>
  useQuery({ ...passportPhotoQueryOptions(token ?? ''), enabled: enabled && token !== null });
