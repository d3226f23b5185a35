// The flow's calls (../calls.ts) through the kiosk's device endpoints. A sign-in or sign-out the
// server cannot be reached for is queued on the tablet (decision 045) with the time it happened and
// its key, and the person is told it is saved; one the server refuses comes back with its reason.
import { descriptorToText } from '@app/shared/faces/face-matcher';
import type { KioskFaceMatch } from '@app/shared/kiosks/face-library';
import type { KioskPeopleSearchResult, KioskPerson, KioskResolved } from '@app/shared/kiosks/device-lookup';
import type { BadgePrint, SignInPreview, VisitActionResult } from '@app/shared/visits/schemas';
import { ApiError, Unreachable, type DeviceApi } from '../../../lib/device-api';
import type { QueuedAction } from '../../../lib/offline-queue';
import type { KioskSignInCalls, OfflineAnswers, Outcome, Previewed } from '../calls';

const refusal = (error: unknown): Outcome | null =>
  error instanceof ApiError && error.status >= 400 && error.status < 500
    ? { ok: false, message: error.message, field: null }
    : null;

/** The server's answer, or the cache's when the server cannot be reached. */
async function orOffline<T>(online: () => Promise<T>, offline: () => Promise<T>): Promise<T> {
  try {
    return await online();
  } catch (error) {
    if (error instanceof Unreachable) return offline();
    throw error;
  }
}

export function kioskCalls(
  api: DeviceApi,
  queue: (action: QueuedAction) => Promise<void>,
  offline: OfflineAnswers,
): KioskSignInCalls {
  const q = (text: string) => encodeURIComponent(text);

  /** Sends now; when the server cannot be reached, keeps it for the replay and says so. */
  async function sendOrQueue(send: () => Promise<VisitActionResult>, queued: QueuedAction): Promise<Outcome> {
    try {
      const result = await send();
      return { ok: true, visitId: result.data[0]?.id ?? null, offline: false };
    } catch (error) {
      if (error instanceof Unreachable) {
        await queue(queued);
        return { ok: true, visitId: null, offline: true };
      }
      const refused = refusal(error);
      if (refused) return refused;
      throw error;
    }
  }

  return {
    searchPeople: (query) =>
      orOffline(
        async () =>
          (await api.json<KioskPeopleSearchResult>('GET', `/kiosk-device/people/search?q=${q(query)}`)).data.map(
            (p) => ({ id: p.id, first_name: p.first_name, last_name: p.last_name, on_site: p.on_site }),
          ),
        () => offline.searchPeople(query),
      ),
    resolve: (kind, code) =>
      orOffline(
        async () => {
          try {
            const found = await api.json<KioskResolved>('POST', '/kiosk-device/resolve', { kind, code });
            return {
              person: { ...found.person, on_site: found.on_site },
              expectedVisitId: found.expected_visit?.id ?? null,
            };
          } catch (error) {
            if (error instanceof ApiError && error.status === 404) return null;
            throw error;
          }
        },
        () => offline.resolve(kind, code),
      ),
    preview: (personId, expectedVisitId, action) =>
      orOffline<Previewed>(
        async () => ({
          preview: await api.json<SignInPreview>('POST', '/kiosk-device/sign-in/preview', {
            person_ids: [personId],
            expected_visit_ids: expectedVisitId ? [expectedVisitId] : [],
          }),
          offline: false,
        }),
        async () => ({ preview: await offline.preview(personId, expectedVisitId, action), offline: true }),
      ),
    signIn: (person, key) => {
      const occurredAt = new Date().toISOString();
      return sendOrQueue(
        () =>
          api.json('POST', '/kiosk-device/sign-in', {
            people: [person],
            idempotency_key: key,
            occurred_at: occurredAt,
          }),
        { kind: 'sign_in', key, occurred_at: occurredAt, person, first_name: '' },
      );
    },
    signOut: (personId, reasonId, key) => {
      const occurredAt = new Date().toISOString();
      return sendOrQueue(
        () =>
          api.json('POST', '/kiosk-device/sign-out', {
            person_ids: [personId],
            reason_id: reasonId,
            idempotency_key: key,
            occurred_at: occurredAt,
          }),
        { kind: 'sign_out', key, occurred_at: occurredAt, person_id: personId, reason_id: reasonId, first_name: '' },
      );
    },
    searchHosts: async (query, userTypeId) =>
      userTypeId
        ? (
            await api.json<{ data: { id: string; full_name: string }[] }>(
              'GET',
              `/kiosk-device/hosts?q=${q(query)}&user_type_id=${userTypeId}`,
            )
          ).data.map((h) => ({ ...h, email: null }))
        : [],
    badge: async (visitId, personId) => {
      const { badge } = await api.json<BadgePrint>('POST', `/kiosk-device/visits/${visitId}/badge-prints`, {});
      // A badge prints without its photo rather than not at all.
      const photo = badge.photo_url ? await api.blob(`/kiosk-device/people/${personId}/photo`).catch(() => null) : null;
      return { badge, photo };
    },
    register: async (body) => {
      try {
        const person = await api.json<KioskPerson>('POST', '/kiosk-device/visitors', body);
        return {
          ok: true,
          person: { id: person.id, first_name: person.first_name, last_name: person.last_name, on_site: false },
        };
      } catch (error) {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500)
          return { ok: false, message: error.message, fields: error.fields };
        throw error;
      }
    },
    uploadPhoto: async (personId, photo) => {
      await api.upload(`/kiosk-device/people/${personId}/photo`, photo, 'photo.jpg');
    },
    faceMatch: async (descriptor) =>
      (await api.json<KioskFaceMatch>('POST', '/kiosk-device/face-match', { descriptor: descriptorToText(descriptor) }))
        .person,
    rate: async (visitId, score) => {
      await api.json('PUT', `/kiosk-device/visits/${visitId}/rating`, { score });
    },
  };
}
