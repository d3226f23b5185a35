import { Drawer, SimpleGrid, Stack, Text, UnstyledButton, useDirection } from '@mantine/core';
import {
  IconBoxAlignLeft,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconMoon,
  IconPalette,
  IconSun,
  IconViewportNarrow,
  IconViewportWide,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LayoutPrefs } from '@app/shared/auth/schemas';
import { LAYOUT_MODES, LAYOUT_SIDEBAR_THEMES, LAYOUT_TOPBAR_THEMES, LAYOUT_WIDTHS } from '@app/shared/constants';
import classes from './layout-settings.module.css';
import { useLayoutPrefs } from './use-layout-prefs';

const MODE_ICONS: Record<LayoutPrefs['mode'], Icon> = {
  light: IconSun,
  dark: IconMoon,
  compact: IconLayoutSidebarLeftCollapse,
  icon: IconBoxAlignLeft,
  colored: IconPalette,
};
const WIDTH_ICONS: Record<LayoutPrefs['width'], Icon> = { fluid: IconViewportWide, boxed: IconViewportNarrow };

type OptionGridProps<T extends string> = {
  label: string;
  name: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  optionLabel: (value: T) => string;
  icon?: (value: T) => Icon;
  swatch?: (value: T) => string;
};

function OptionGrid<T extends string>({
  label,
  name,
  options,
  value,
  onChange,
  optionLabel,
  icon,
  swatch,
}: OptionGridProps<T>) {
  return (
    <Stack gap={8} role="radiogroup" aria-label={label}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <SimpleGrid cols={3} spacing={8}>
        {options.map((option) => {
          const OptionIcon = icon?.(option);
          return (
            <UnstyledButton
              key={option}
              className={classes.option}
              role="radio"
              aria-checked={option === value}
              data-checked={option === value || undefined}
              onClick={() => onChange(option)}
              data-testid={`layout-${name}-${option}`}
            >
              {OptionIcon && <OptionIcon size={20} stroke={1.7} />}
              {swatch && <span className={classes.swatch} style={{ background: swatch(option) }} />}
              <span>{optionLabel(option)}</span>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

const SWATCHES: Record<string, string> = {
  light: 'var(--mantine-color-gray-1)',
  dark: '#1b1f33',
  colored: 'var(--mantine-color-indigo-7)',
};

/** The top bar's layout settings (spec "Layout shell"): mode, width and the colours of the menu and bar. */
export function LayoutSettingsDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('layout');
  const { dir } = useDirection();
  const { prefs, update } = useLayoutPrefs();

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position={dir === 'rtl' ? 'left' : 'right'}
      size={340}
      title={t('settings.title')}
      data-testid="layout-settings"
    >
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          {t('settings.description')}
        </Text>
        <OptionGrid
          label={t('settings.mode')}
          name="mode"
          options={LAYOUT_MODES}
          value={prefs.mode}
          onChange={(mode) => update({ mode })}
          optionLabel={(mode) => t(`settings.modes.${mode}`)}
          icon={(mode) => MODE_ICONS[mode]}
        />
        <OptionGrid
          label={t('settings.width')}
          name="width"
          options={LAYOUT_WIDTHS}
          value={prefs.width}
          onChange={(width) => update({ width })}
          optionLabel={(width) => t(`settings.widths.${width}`)}
          icon={(width) => WIDTH_ICONS[width]}
        />
        <OptionGrid
          label={t('settings.sidebar')}
          name="sidebar"
          options={LAYOUT_SIDEBAR_THEMES}
          value={prefs.sidebar}
          onChange={(sidebar) => update({ sidebar })}
          optionLabel={(theme) => t(`settings.themes.${theme}`)}
          swatch={(theme) => SWATCHES[theme] ?? ''}
        />
        <OptionGrid
          label={t('settings.topbar')}
          name="topbar"
          options={LAYOUT_TOPBAR_THEMES}
          value={prefs.topbar}
          onChange={(topbar) => update({ topbar })}
          optionLabel={(theme) => t(`settings.themes.${theme}`)}
          swatch={(theme) => SWATCHES[theme] ?? ''}
        />
        <Text size="xs" c="dimmed">
          <IconLayoutSidebarLeftExpand size={14} style={{ verticalAlign: 'middle', marginInlineEnd: 4 }} />
          {t('settings.pin_hint')}
        </Text>
      </Stack>
    </Drawer>
  );
}
