import { Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Visit } from '@app/shared/visits/schemas';
import { GridText } from '@/components/data-grid/grid-text';
import { formatLocalStamp } from '../utils/visit-display';
import { useLogbookClock } from './logbook-clock';

type LocalTimeProps = { moment: Visit['signed_in']; testId?: string };

/**
 * A moment on the company's clock, as the API read it: the time, with the date under it when it is not
 * today, each on one line that is never cut; the date and time zone on hover.
 */
export function LocalTime({ moment, testId }: LocalTimeProps) {
  const { t } = useTranslation('visits');
  const { today, timezone } = useLogbookClock();
  const stamp = moment ? formatLocalStamp(moment.local, today) : null;
  if (!stamp) return <GridText value={null} testId={testId} />;
  return (
    <Tooltip label={timezone ? t('logbook.time_hint', { time: stamp.full, timezone }) : stamp.full}>
      <Stack
        gap={0}
        align="flex-start"
        style={{ whiteSpace: 'nowrap' }}
        data-testid={testId ? `${testId}-stamp` : undefined}
      >
        <Text size="sm" span dir="ltr" data-testid={testId}>
          {stamp.time}
        </Text>
        {stamp.date && (
          <Text size="xs" c="dimmed" span dir="ltr">
            {stamp.date}
          </Text>
        )}
      </Stack>
    </Tooltip>
  );
}
