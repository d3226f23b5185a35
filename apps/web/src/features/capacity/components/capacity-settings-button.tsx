import { Button } from '@mantine/core';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OnceOpened } from '@/components/ui/once-opened';

const CapacitySettingsModal = lazy(() =>
  import('./capacity-settings-modal').then((m) => ({ default: m.CapacitySettingsModal })),
);

/** "Capacity settings" beside "Add site": what happens when a place is full, for those who manage sites. */
export function CapacitySettingsButton() {
  const { t } = useTranslation('capacity');
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconAdjustmentsHorizontal size={16} />}
        onClick={() => setOpened(true)}
        data-testid="capacity-settings-open"
      >
        {t('settings.open')}
      </Button>
      <OnceOpened opened={opened}>
        <CapacitySettingsModal opened={opened} onClose={() => setOpened(false)} />
      </OnceOpened>
    </>
  );
}
