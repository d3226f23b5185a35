import { useTranslation } from 'react-i18next';
import type { FlowHost } from '@app/shared/journeys/schemas';
import { PeopleMultiSelect } from '@/components/people-picker/people-picker';

type FlowHostsPickerProps = {
  value: FlowHost[];
  onChange: (hosts: FlowHost[]) => void;
  error?: string;
};

/** The people a visitor may choose as host: searched among the company's active people. */
export function FlowHostsPicker({ value, onChange, error }: FlowHostsPickerProps) {
  const { t } = useTranslation('journeys');
  return (
    <PeopleMultiSelect
      label={t('hosts.label')}
      description={t('hosts.description')}
      noAccess={t('hosts.no_access')}
      value={value}
      onChange={onChange}
      error={error}
      testId="flow-hosts"
    />
  );
}
