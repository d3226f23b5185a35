import { useParams } from '@tanstack/react-router';
import { ComplianceView } from './compliance-view';

/** /online-compliance/:id (spec §2): the visitor completes the visit's compliance before arriving. */
export function OnlineCompliancePage() {
  const { id = '' } = useParams({ from: '/online-compliance/{-$id}' });
  return <ComplianceView token={id} testId="online-compliance-page" />;
}
