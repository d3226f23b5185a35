import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { LANGUAGES } from '@app/shared/constants';
import { changeLanguage, currentLanguage, LANGUAGE_NAMES } from '@/lib/i18n';
import { LanguageSwitchButton } from './language-switch';

/** The public pages' language menu, opened as it mounts: it loads on the first click of its button. */
export function LanguageSwitchMenu() {
  const current = currentLanguage();
  return (
    <Menu position="bottom-end" withinPortal defaultOpened>
      <Menu.Target>
        <LanguageSwitchButton />
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
