import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { paths } from '@/config/paths';
import { invalidateData } from '@/lib/data-tags';
import { navigateTo } from '@/lib/navigation';
import { getStoredUser, logout, refreshSession, type StoredSession } from '@/lib/session';
import { useRealtimeConnection, useRealtimeEvent } from '@/lib/socket';
import { needsTwoStepEnrolment } from '@/lib/two-step-policy';
import { showCreatedByAdminNotice } from './created-by-admin-notice';
import { openPackageChangeModal } from './package-change-modal';
import { openPermissionsUpdatedModal } from './permissions-updated-modal';
import { openSecurityPolicyModal } from './security-policy-modal';

// The enrolment page must never be covered by the policy modal that sends people to it.
const onTwoStepPage = () => window.location.pathname === paths.twoStep;

/** A refreshed session, or the stored one when the refresh failed (the API client has reported why). */
const refreshed = (): Promise<StoredSession | null> => refreshSession().catch(() => getStoredUser());

function showSecurityPolicyIfRequired(session: StoredSession | null): void {
  if (session && !session.user.is_support && needsTwoStepEnrolment(session) && !onTwoStepPage()) {
    openSecurityPolicyModal();
  }
}

/**
 * Keeps the signed-in shell connected to its company's room and answers the events that concern the
 * person (spec §4): role, package and plan changes, and the two-step policy. The support account never
 * sees package or two-step modals.
 */
export function RealtimeEvents({ session }: { session: StoredSession }) {
  useRealtimeConnection(session.entity_id);
  const queryClient = useQueryClient();

  useEffect(() => {
    const stored = getStoredUser();
    if (stored?.otp_enrolment_required) showSecurityPolicyIfRequired(stored);
  }, []);

  useRealtimeEvent('pongUpdateUserRole', (payload) => {
    const current = getStoredUser();
    if (payload.user_id !== current?.user.user_id || payload.entity !== current.entity_id) return;
    openPermissionsUpdatedModal(payload);
    void refreshed();
  });

  useRealtimeEvent('pongUpdateEntityPackage', (payload) => {
    const update = refreshed();
    if (getStoredUser()?.user.is_support) return;
    const upgrade = payload.action === 'upgrade';
    openPackageChangeModal(upgrade ? 'upgraded' : 'downgraded', payload.entityPlan, () => {
      void update.then(() => (upgrade ? window.location.reload() : navigateTo(paths.sites)));
    });
  });

  useRealtimeEvent('pongUpdateEntityPlan', (payload) => {
    if (!getStoredUser()?.user.is_support) openPackageChangeModal('changed', payload.entityPlan, () => undefined);
    void refreshed();
  });

  useRealtimeEvent('updateEntityTwoStepAuth', (payload) => {
    if (payload.entity_id !== getStoredUser()?.entity_id) return;
    void refreshed().then(showSecurityPolicyIfRequired);
  });

  // Sent to the company's owners only, never to the admin who created it (spec §6).
  useRealtimeEvent('updateWhenCreatedSiteOrUserType', (payload) => {
    const current = getStoredUser();
    if (payload.entity_id !== current?.entity_id) return;
    void invalidateData(queryClient, [payload.type === 'site' ? 'sites' : 'user-types']);
    if (current.user.is_owner && !current.user.is_support) showCreatedByAdminNotice(payload);
  });

  // The server leaves out the session that enabled it, so this is another device or browser.
  useRealtimeEvent('updateUserTwoStepAuth', (payload) => {
    if (payload.isOtpEnabled && payload.user_id === getStoredUser()?.user.user_id) void logout();
  });

  return null;
}
