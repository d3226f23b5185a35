import { useTranslation } from 'react-i18next';
import { CopyableValue as Copyable } from '@/components/ui/copyable-value';

/** A read-only value (an address, a token) with a copy button, in the integrations' words. */
export function CopyableValue(props: { label: string; value: string; testId: string; secret?: boolean }) {
  const { t } = useTranslation('integrations');
  return <Copyable {...props} copyLabel={t('copy.label', { name: props.label })} copiedLabel={t('copy.copied')} />;
}
