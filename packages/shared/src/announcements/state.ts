// Announcement states (spec §4): scheduled until the publish time, active until the expiry time,
// expired from then on. The job runner keeps the stored status in step; lists compute it from the
// times with the same rule, so they are right even between two runs of the job.

export const ANNOUNCEMENT_STATES = ['scheduled', 'active', 'expired'] as const;
export type AnnouncementState = (typeof ANNOUNCEMENT_STATES)[number];

export function announcementState(publishAt: Date, expiresAt: Date, now: Date): AnnouncementState {
  if (now.getTime() < publishAt.getTime()) return 'scheduled';
  if (now.getTime() >= expiresAt.getTime()) return 'expired';
  return 'active';
}
