import { useParams } from '@tanstack/react-router';
import { useEffect } from 'react';
import { usePreRegistration } from '../api/get-pre-registration';
import { useLinkExpired } from '../hooks/use-link-expired';
import { usePassportToken } from '../hooks/use-passport-token';
import { passportShareUrl } from '../utils/passport-fill';
import { ConfirmVisitForm } from './confirm-visit-form';
import { PublicLoading } from './public-loading';
import { PublicScreen } from './public-screen';
import { SelfRegistrationForm } from './self-registration-form';

/**
 * /pre-registration/:id (spec §2): a user type's code opens self-registration, a visit's link token
 * its confirmation; with `#passport=<token>` (back from the passport's /share page) the form is filled
 * from the passport. An expired link goes to /link-expired with its reason; any failure to load, and a
 * link without an id, with the generic message (spec §4 "Pre-registration link expiry").
 */
export function PreRegistrationPage() {
  const { id = '' } = useParams({ from: '/pre-registration/{-$id}' });
  const info = usePreRegistration(id);
  const toExpired = useLinkExpired();
  // Read before the link's answer arrives: the token leaves the address as the page opens.
  const passportToken = usePassportToken();
  const data = info.data;
  const expired = id === '' || info.isError || data?.kind === 'expired';

  useEffect(() => {
    if (!expired) return;
    toExpired({
      message: data?.visit?.visitMetadata.message ?? null,
      userHasPassport: data?.visit?.user_has_passport ?? false,
    });
  }, [expired, data, toExpired]);

  if (!data || expired) {
    return (
      <PublicScreen testId="pre-registration-page">
        <PublicLoading />
      </PublicScreen>
    );
  }
  const passport = { shareUrl: passportShareUrl(data.passport_url, id), token: passportToken };
  return (
    <PublicScreen company={data.company} testId="pre-registration-page">
      {data.kind === 'confirmation' && data.visit ? (
        <ConfirmVisitForm token={id} visit={data.visit} passport={passport} />
      ) : (
        <SelfRegistrationForm linkId={id} info={data} passport={passport} />
      )}
    </PublicScreen>
  );
}
