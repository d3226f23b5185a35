import { Button } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/notify';
import { useAction } from '../../../lib/use-request';
import { getDashboardLink } from '../api/get-dashboard-link';

/** Opens the company dashboard, signed in through the passport. */
export function DashboardLinkButton() {
  const { t } = useTranslation();
  const action = useAction(getDashboardLink);

  const open = async () => {
    const result = await action.run();
    if (result.ok) window.location.assign(result.value);
    else notifyError(result.error.message);
  };

  return (
    <Button
      size="md"
      variant="light"
      fullWidth
      leftSection={<IconBuilding size={20} aria-hidden />}
      loading={action.pending}
      onClick={open}
    >
      {t('home.open_dashboard')}
    </Button>
  );
}
