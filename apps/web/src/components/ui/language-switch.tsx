import { Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@app/shared/constants';
import { changeLanguage, currentLanguage, LANGUAGE_NAMES } from '@/lib/i18n';

/** The language choice of the public pages (no top bar there): the current language, a menu of all three. */
export function LanguageSwitch() {
  const { t } = useTranslation('layout');
  const current = currentLanguage();

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-md"
          leftSection={<IconLanguage size={18} />}
          aria-label={t('top.language')}
          data-testid="language-switch"
        >
          {LANGUAGE_NAMES[current]}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((lang) => (
          <Menu.Item
            key={lang}
            lang={lang}
            onClick={() => void changeLanguage(lang)}
            rightSection={lang === current ? <IconCheck size={14} /> : null}
            data-testid={`language-${lang}`}
          >
            {LANGUAGE_NAMES[lang]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
