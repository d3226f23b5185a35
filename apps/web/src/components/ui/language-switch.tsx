import { Button, type ButtonProps } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { lazy, Suspense, useState, type ComponentPropsWithoutRef } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, LANGUAGE_NAMES } from '@/lib/i18n';

// The menu (with its floating layer) is a sizeable part of a public page: it loads when the person
// reaches for it, and opens as soon as it has.
const loadMenu = () => import('./language-switch-menu');
const LanguageSwitchMenu = lazy(() => loadMenu().then((m) => ({ default: m.LanguageSwitchMenu })));

export type LanguageSwitchButtonProps = ButtonProps & ComponentPropsWithoutRef<'button'>;

/** The button that shows the current language and opens the menu of all three. */
export function LanguageSwitchButton(props: LanguageSwitchButtonProps) {
  const { t } = useTranslation('layout');
  return (
    <Button
      variant="subtle"
      color="gray"
      size="compact-md"
      leftSection={<IconLanguage size={18} />}
      aria-label={t('top.language')}
      aria-haspopup="menu"
      data-testid="language-switch"
      {...props}
    >
      {LANGUAGE_NAMES[currentLanguage()]}
    </Button>
  );
}

/** The language choice of the public pages (no top bar there): the current language, a menu of all three. */
export function LanguageSwitch() {
  const [wanted, setWanted] = useState(false);
  const prefetch = () => void loadMenu().catch(() => undefined);
  if (!wanted)
    return <LanguageSwitchButton onPointerEnter={prefetch} onFocus={prefetch} onClick={() => setWanted(true)} />;
  return (
    <Suspense fallback={<LanguageSwitchButton loading />}>
      <LanguageSwitchMenu />
    </Suspense>
  );
}
