import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { getAccountState, setAccount } from '../lib/account';
import { LANGUAGES, LANGUAGE_NAMES, changeLanguage, currentLanguage, isLanguage } from '../lib/i18n';
import { updateMe } from '../features/account/api/update-me';

/** The language menu: the app changes at once (Arabic right to left); a signed-in account keeps the choice too. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const current = currentLanguage();

  const choose = async (value: string) => {
    if (!isLanguage(value) || value === current) return;
    await changeLanguage(value);
    const state = getAccountState();
    if (state.status === 'signed-in' && state.account.lang !== value) {
      // The account's language is what the passport's mails speak; the app has changed either way.
      await updateMe({ lang: value }).then(setAccount, () => undefined);
    }
  };

  return (
    <Menu position="bottom-end" withinPortal={false} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="dark"
          size="sm"
          px="xs"
          leftSection={<IconLanguage size={18} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={t('language.menu', { language: LANGUAGE_NAMES[current] })}
        >
          {LANGUAGE_NAMES[current]}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language.label')}</Menu.Label>
        <Menu.RadioGroup value={current} onChange={(value) => void choose(value)}>
          {LANGUAGES.map((lang) => (
            <Menu.RadioItem key={lang} value={lang} lang={lang} closeMenuOnClick>
              {LANGUAGE_NAMES[lang]}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </Menu.Dropdown>
    </Menu>
  );
}
