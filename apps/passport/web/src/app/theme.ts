import { createTheme, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';

const FONT_STACK =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', 'DejaVu Sans', Tahoma, Arial, sans-serif";

/** A deep, calm blue around the kiosk's #0b5cad (shade 7): white text on it is 6.6:1, it on white the same. */
const PASSPORT_BLUE: MantineColorsTuple = [
  '#e8f1fb',
  '#cfe0f4',
  '#9ec0e9',
  '#6a9fdf',
  '#3f83d6',
  '#2572d1',
  '#1668c9',
  '#0b5cad',
  '#034f9a',
  '#004387',
];

/** The passport's look; Mantine's few built-in strings (close, show password) come from the translations. */
export function createPassportTheme(t: (key: string) => string): MantineThemeOverride {
  const close = { 'aria-label': t('common.close') };
  // Fields and buttons a finger can hit on a phone (42 px high).
  const field = { defaultProps: { size: 'md' } };
  return createTheme({
    colors: { blue: PASSPORT_BLUE },
    primaryColor: 'blue',
    primaryShade: 7,
    respectReducedMotion: true,
    defaultRadius: 'md',
    cursorType: 'pointer',
    fontFamily: FONT_STACK,
    headings: { fontFamily: FONT_STACK, fontWeight: '700' },
    components: {
      Button: { defaultProps: { size: 'md' } },
      TextInput: field,
      PasswordInput: {
        defaultProps: { size: 'md', visibilityToggleButtonProps: { 'aria-label': t('common.show_password') } },
      },
      NativeSelect: field,
      Card: { defaultProps: { radius: 'lg', shadow: 'xs' } },
      Modal: { defaultProps: { closeButtonProps: close, radius: 'lg' } },
      Notification: { defaultProps: { closeButtonProps: close } },
    },
  });
}
