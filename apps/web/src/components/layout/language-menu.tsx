import { Menu, UnstyledButton } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@app/shared/constants';
import { LANGUAGE_NAMES, changeLanguage, currentLanguage } from '@/lib/i18n';
import classes from './top-bar.module.css';

export function LanguageMenu() {
  const { t } = useTranslation('layout');
  const current = currentLanguage();
  return (
    <Menu position="bottom-end" shadow="md" width={180}>
      <Menu.Target>
        <UnstyledButton className={classes.control} aria-label={t('top.language')} data-testid="language-menu">
          <IconLanguage size={19} stroke={1.8} />
          <span>{current.toUpperCase()}</span>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('top.language')}</Menu.Label>
        {LANGUAGES.map((lang) => (
          <Menu.Item
            key={lang}
            lang={lang}
            onClick={() => void changeLanguage(lang)}
            rightSection={lang === current ? <IconCheck size={16} /> : null}
            data-testid={`language-${lang}`}
          >
            {LANGUAGE_NAMES[lang]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
