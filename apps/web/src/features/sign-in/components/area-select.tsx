import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSiteTree } from '../api/get-site-tree';
import { areaOptions, placeOf } from '../utils/visit-groups';

type AreaSelectProps = {
  value: string | null;
  onChange: (areaId: string | null) => void;
  error?: string;
  testId: string;
};

/** The area people are signed in at, chosen from the site → area tree (sites head their areas). */
export function AreaSelect({ value, onChange, error, testId }: AreaSelectProps) {
  const { t } = useTranslation('sign-in');
  const tree = useSiteTree();
  const groups = areaOptions(tree.data ?? []);
  return (
    <Select
      label={t('area.label')}
      // Areas of two sites may share a name: the chosen one's site is said under the label.
      description={(value && tree.data && placeOf(tree.data, value)) || t('area.description')}
      placeholder={tree.isPending ? t('area.loading') : t('area.placeholder')}
      data={groups}
      value={value}
      onChange={onChange}
      searchable
      required
      nothingFoundMessage={tree.isSuccess && groups.length === 0 ? t('area.none') : t('area.nothing_found')}
      error={error ?? (tree.isError ? t('area.load_failed') : undefined)}
      maxDropdownHeight={300}
      comboboxProps={{ withinPortal: true }}
      data-testid={testId}
    />
  );
}
