import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/notify';
import { useAction } from '../../../lib/use-request';
import { abortInteraction } from '../api/abort-interaction';

/** Declines the application's sign-in and goes back to it. */
export function CancelInteraction({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const action = useAction(abortInteraction);
  const cancel = async () => {
    const result = await action.run(uid);
    if (result.ok) window.location.assign(result.value);
    else notifyError(result.error.message);
  };
  return (
    <Button variant="subtle" color="dark" fullWidth loading={action.pending} onClick={cancel}>
      {t('common.cancel')}
    </Button>
  );
}
