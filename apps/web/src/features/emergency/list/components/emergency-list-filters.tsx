import { Button, Group, MultiSelect, TextInput } from '@mantine/core';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { EmergencyPlaces } from '@app/shared/emergency/schemas';
import { areaOptions, type ListChoice } from '../utils/list-view';

type EmergencyListFiltersProps = {
  places: EmergencyPlaces | undefined;
  choice: ListChoice;
  search: string;
  disabled: boolean;
  onSites: (siteIds: string[]) => void;
  onAreas: (areaIds: string[]) => void;
  onSearch: (search: string) => void;
  onClear: () => void;
};

/** Sites and areas (several of each) and a name search; areas offered are those of the chosen sites. */
export function EmergencyListFilters(props: EmergencyListFiltersProps) {
  const { t } = useTranslation('emergency');
  const { choice } = props;
  const narrowed = choice.siteIds.length > 0 || choice.areaIds.length > 0 || props.search.trim() !== '';
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <MultiSelect
        label={t('list.sites')}
        placeholder={choice.siteIds.length === 0 ? t('list.all_sites') : undefined}
        data={(props.places?.sites ?? []).map((site) => ({ value: site.id, label: site.name }))}
        value={choice.siteIds}
        onChange={props.onSites}
        disabled={props.disabled}
        searchable
        clearable
        w={{ base: '100%', sm: 320 }}
        data-testid="emergency-list-sites"
      />
      <MultiSelect
        label={t('list.areas')}
        placeholder={choice.areaIds.length === 0 ? t('list.all_areas') : undefined}
        data={areaOptions(props.places, choice.siteIds)}
        value={choice.areaIds}
        onChange={props.onAreas}
        disabled={props.disabled}
        searchable
        clearable
        w={{ base: '100%', sm: 320 }}
        data-testid="emergency-list-areas"
      />
      <TextInput
        label={t('list.search')}
        placeholder={t('list.search_placeholder')}
        leftSection={<IconSearch size={16} />}
        value={props.search}
        onChange={(event) => props.onSearch(event.currentTarget.value)}
        disabled={props.disabled}
        maxLength={100}
        w={{ base: '100%', sm: 280 }}
        data-testid="emergency-list-search"
      />
      {narrowed && (
        <Button
          variant="subtle"
          mt={25}
          leftSection={<IconFilterOff size={16} />}
          onClick={props.onClear}
          data-testid="emergency-list-clear"
        >
          {t('list.clear')}
        </Button>
      )}
    </Group>
  );
}
