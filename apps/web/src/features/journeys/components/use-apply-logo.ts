import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { useDeleteJourneyLogo, useUploadJourneyLogo } from '../api/save-journey';
import type { LogoChange } from './logo-picker';

/**
 * Applies the logo change after the journey itself is saved. The journey exists by then: a refused
 * logo is reported and the page moves on.
 */
export function useApplyLogo() {
  const { t } = useTranslation('journeys');
  const upload = useUploadJourneyLogo();
  const remove = useDeleteJourneyLogo();
  const apply = async (journeyId: string, change: LogoChange) => {
    try {
      if (change === 'remove') await remove.mutateAsync(journeyId);
      else if (change) await upload.mutateAsync({ id: journeyId, file: change.file });
    } catch (error) {
      if (error instanceof ApiError) notifyError(t('form.logo_failed', { message: error.message }));
    }
  };
  return { apply, pending: upload.isPending || remove.isPending };
}
