import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A spinner that says what it is to a screen reader. */
export function PageLoader({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Center role="status" py="xl" mih={160}>
      <Loader aria-hidden />
      <VisuallyHidden>{label ?? t('app.loading')}</VisuallyHidden>
    </Center>
  );
}
