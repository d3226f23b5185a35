// /passport, the side menu's Passport entry: opens the person's passport app (with the journey and
// add-visitor values of the address), or signs them in through the passport when theirs is not linked
// yet or nobody is signed in here, or offers to reactivate a deactivated one. The status is asked again
// each time the page opens.
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { startPassportSignIn } from '@/lib/passport-start';
import { clearSession, getStoredUser } from '@/lib/session';
import { usePassportStatus } from '../api/get-passport-status';
import { useCurrentSubdomain } from '../api/get-public-entity';
import { passportActionFor } from '../utils/passport-status';
import { PassportLoader } from './passport-loader';
import { ReactivatePassportModal } from './reactivate-passport-modal';

export function PassportPage() {
  const { t } = useTranslation('passport-sign-in');
  // The sign-in this page opened with: leaving it (Cancel, a failed check) must not start another step.
  const [session] = useState(getStoredUser);
  const search = useRouterState({ select: (state) => state.location.searchStr });
  const { subdomain: hostSubdomain } = useCurrentSubdomain();
  const status = usePassportStatus(session !== null);
  const [leaving, setLeaving] = useState(false);
  // The company to come back to: the one open here, else the one whose address this is.
  const subdomain = session?.entity.subdomain ?? hostSubdomain;
  const action = status.data ? passportActionFor(status.data, search, window.location.origin) : null;

  useEffect(() => {
    if (!session) startPassportSignIn({ subdomain });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, with the sign-in the page opened with.
  }, []);

  useEffect(() => {
    if (status.isError) {
      // The check failed (the session ended, the server is down): nothing of this sign-in is kept.
      clearSession();
      window.location.assign(paths.login);
    } else if (action?.kind === 'open') window.location.assign(action.href);
    else if (action?.kind === 'sign-in') startPassportSignIn({ subdomain });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer of the check.
  }, [status.data, status.isError]);

  return (
    <>
      <PassportLoader label={t('opening_passport')} />
      <ReactivatePassportModal
        opened={action?.kind === 'reactivate'}
        days={action?.kind === 'reactivate' ? action.days : null}
        // The passport's sign-in comes back at /sso, which offers the reactivation with its one-time code.
        reactivating={leaving}
        onReactivate={() => {
          setLeaving(true);
          startPassportSignIn({ subdomain });
        }}
      />
    </>
  );
}
