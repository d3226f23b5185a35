import { createTheme, type MantineThemeOverride } from '@mantine/core';
import type { TFunction } from 'i18next';

const FONT_STACK =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', 'DejaVu Sans', Tahoma, Arial, sans-serif";

/** The product's look; Mantine's few built-in strings come from the translations. */
export function createAppTheme(t: TFunction): MantineThemeOverride {
  const close = { 'aria-label': t('common:actions.close') };
  const clear = { 'aria-label': t('common:actions.clear') };
  // Searchable fields open their list on a click or a key, not on focus: tabbing through a form (or a
  // drawer opening on its first field) shows no list, so one Escape closes the drawer. Their clear (×)
  // button, which Mantine hides from assistive technology, is a named button a screen reader can press.
  const combobox = { defaultProps: { openOnFocus: false, clearButtonProps: { ...clear, 'aria-hidden': false } } };
  return createTheme({
    primaryColor: 'indigo',
    // A person who asks their system for less motion gets none: dialogs, menus and toasts appear at once.
    respectReducedMotion: true,
    // Shade 7: white text on it, and it as text on white, keep WCAG AA contrast (4.5:1); in dark mode
    // too (shade 5 put white button text at 3.7:1).
    primaryShade: { light: 7, dark: 7 },
    defaultRadius: 'md',
    cursorType: 'pointer',
    fontFamily: FONT_STACK,
    headings: { fontFamily: FONT_STACK, fontWeight: '650' },
    components: {
      Modal: {
        defaultProps: { closeButtonProps: close, radius: 'lg', overlayProps: { backgroundOpacity: 0.45, blur: 2 } },
      },
      Drawer: { defaultProps: { closeButtonProps: close } },
      Select: combobox,
      MultiSelect: combobox,
      Autocomplete: combobox,
      TagsInput: combobox,
      // The clear (×) button of every other clearable field (dates) is named too.
      InputClearButton: { defaultProps: clear },
      Notification: { defaultProps: { closeButtonProps: close } },
      PasswordInput: {
        defaultProps: { visibilityToggleButtonProps: { 'aria-label': t('common:actions.toggle_password') } },
      },
      Tooltip: { defaultProps: { withArrow: true, openDelay: 250 } },
      // A number outside its field's range stays as typed, and the form's check says why: Mantine's
      // default moved it to the nearest limit on blur, silently saving a value nobody typed.
      NumberInput: { defaultProps: { clampBehavior: 'none' } },
      Card: { defaultProps: { radius: 'lg' } },
      // Mantine's page controls are icons or bare numbers: screen readers need their names.
      Pagination: {
        defaultProps: {
          getControlProps: (control: 'first' | 'previous' | 'next' | 'last') => ({
            'aria-label': t(`common:pagination.${control}`),
          }),
          getItemProps: (page: number) => ({ 'aria-label': t('common:pagination.page', { page }) }),
        },
      },
    },
  });
}
