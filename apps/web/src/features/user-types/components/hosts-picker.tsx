import { useTranslation } from 'react-i18next';
import type { UserTypeHost } from '@app/shared/people/schemas';
import { PeopleMultiSelect } from '@/components/people-picker/people-picker';

type HostsPickerProps = {
  value: UserTypeHost[];
  onChange: (hosts: UserTypeHost[]) => void;
  error?: string;
};

/** The people who host a type's visitors (spec §3 User type: hosts), searched among the company's people. */
export function HostsPicker({ value, onChange, error }: HostsPickerProps) {
  const { t } = useTranslation('user-types');
  return (
    <PeopleMultiSelect
      label={t('hosts.label')}
      description={t('hosts.description')}
      noAccess={t('hosts.no_access')}
      value={value}
      onChange={onChange}
      error={error}
      testId="user-type-hosts"
    />
  );
}
