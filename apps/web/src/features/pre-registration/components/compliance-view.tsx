import { useEffect } from 'react';
import { useOnlineCompliance } from '../api/get-online-compliance';
import { useVisitByLink } from '../api/get-visit-by-link';
import { useLinkExpired } from '../hooks/use-link-expired';
import { ComplianceJourney } from './compliance-journey';
import { PublicLoading } from './public-loading';
import { PublicScreen } from './public-screen';

type ComplianceViewProps = {
  token: string;
  /** false until the page may read the compliance (the /c/ page checks its code first). */
  enabled?: boolean;
  testId: string;
};

/**
 * The compliance of a visit's link, with the visit it belongs to. An expired link goes to
 * /link-expired with the compliance message and userHasPassport (spec "Navigation after actions"); a
 * failure to load goes there with the generic message (§8 "Compliance link load failure").
 */
export function ComplianceView({ token, enabled = true, testId }: ComplianceViewProps) {
  const compliance = useOnlineCompliance(token, enabled && token !== '');
  const visit = useVisitByLink(token, 'compliance', enabled && token !== '');
  const toExpired = useLinkExpired();
  const data = compliance.data;
  const expired = token === '' || compliance.isError || Boolean(data?.visitMetadata.is_expired);

  useEffect(() => {
    if (!expired) return;
    toExpired({ message: data?.visitMetadata.message ?? null, userHasPassport: data?.user_has_passport ?? false });
  }, [expired, data, toExpired]);

  const onExpired = (message: string | null) =>
    toExpired({ message, userHasPassport: data?.user_has_passport ?? false });

  return (
    <PublicScreen company={visit.data?.company} testId={testId}>
      {data && !expired && (visit.data || visit.isError) ? (
        <ComplianceJourney token={token} compliance={data} visit={visit.data ?? null} onExpired={onExpired} />
      ) : (
        <PublicLoading />
      )}
    </PublicScreen>
  );
}
