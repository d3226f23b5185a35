import { Badge, Button, Center, Loader, Popover, Stack, Text } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { LogbookFilterOptions } from '@app/shared/visits/schemas';
import { activeFilterCount, type FilterPatch, type LogbookFilters } from '../utils/logbook-query';

/** Where the logbook's filters live: the saved grid (on /) or the address (on /filtered). */
export type LogbookFilterControl = {
  filters: LogbookFilters;
  change: (patch: FilterPatch) => void;
  clear: () => void;
  /** Until the saved filters are restored. */
  disabled?: boolean;
};

type LogbookFiltersProps = { control: LogbookFilterControl; options: LogbookFilterOptions | undefined };

// The fields (with the date picker) load once, when first wanted: pointing at or focusing the button
// starts the load, so they are usually there by the time the popover opens.
let fieldsModule: Promise<typeof import('./logbook-filter-fields')> | undefined;
const loadFields = () => (fieldsModule ??= import('./logbook-filter-fields'));
const LogbookFilterFields = lazy(() => loadFields().then((m) => ({ default: m.LogbookFilterFields })));

/** The logbook's filters: days, state, site, area, user type and journey stage. */
export function LogbookFilters({ control, options }: LogbookFiltersProps) {
  const { t } = useTranslation('visits');
  const active = activeFilterCount(control.filters);

  return (
    <Popover position="bottom-start" shadow="md" width={560} trapFocus withinPortal>
      <Popover.Target>
        <Button
          variant={active > 0 ? 'light' : 'default'}
          leftSection={<IconFilter size={16} />}
          disabled={control.disabled}
          rightSection={
            active > 0 ? (
              <Badge size="sm" circle data-testid="logbook-filter-count">
                {active}
              </Badge>
            ) : null
          }
          onPointerEnter={() => void loadFields()}
          onFocus={() => void loadFields()}
          data-testid="logbook-filters"
        >
          {t('filters.button')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown maw="calc(100vw - 32px)">
        <Stack gap="sm">
          <Text fw={600} size="sm">
            {t('filters.title')}
          </Text>
          <Suspense
            fallback={
              <Center py="md">
                <Loader size="sm" />
              </Center>
            }
          >
            <LogbookFilterFields control={control} options={options} />
          </Suspense>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
