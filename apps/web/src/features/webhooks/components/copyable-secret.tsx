import { useTranslation } from 'react-i18next';
import { CopyableValue } from '@/components/ui/copyable-value';

/** An endpoint's signing secret with a copy button, in the webhooks' words. */
export function CopyableSecret(props: { label: string; value: string; testId: string }) {
  const { t } = useTranslation('webhooks');
  return (
    <CopyableValue
      {...props}
      secret
      copyLabel={t('copy.label', { name: props.label })}
      copiedLabel={t('copy.copied')}
    />
  );
}
