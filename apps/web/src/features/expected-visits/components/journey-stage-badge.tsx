import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { JourneyStage } from '@app/shared/visits/stages';

/** How each stage reads at a glance: waiting in yellow, refused in red, cleared in green. */
const STAGE_COLOR: Record<JourneyStage, string> = {
  compliance_pending: 'gray',
  compliance_failed: 'orange',
  ready_to_sign_in: 'blue',
  awaiting_approval: 'yellow',
  awaiting_approval_compliance_failed: 'orange',
  rejected: 'red',
  approved: 'teal',
  auto_approved: 'teal',
};

/** A visit's journey stage (spec §4), named in the person's language, never cut. */
export function JourneyStageBadge({ stage }: { stage: JourneyStage | null }) {
  const { t } = useTranslation('expected-visits');
  if (!stage) return null;
  return (
    <Badge
      variant="light"
      color={STAGE_COLOR[stage]}
      radius="sm"
      tt="none"
      // A long stage ("Awaiting admin approval (compliance failed)") wraps rather than losing its end.
      h="auto"
      py={2}
      style={{ maxWidth: '100%' }}
      styles={{ label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.3 } }}
      data-testid="expected-visit-stage"
      data-stage={stage}
    >
      {t(`stages.${stage}`)}
    </Badge>
  );
}
