import { Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '@/lib/public-config';
import classes from './app-layout.module.css';

/** Spec "Layout shell": the year and the provider's name, and a warning when no analytics code is configured. */
export function Footer() {
  const { t } = useTranslation('layout');
  const config = usePublicConfig();
  const year = new Date().getFullYear();

  return (
    <footer className={classes.footer} data-testid="footer">
      <Text size="xs" c="dimmed">
        {config ? t('footer.copyright', { year, provider: config.provider_name }) : year}
      </Text>
      {config && config.tracking_code === null && (
        <Group gap={4} c="var(--mantine-color-orange-light-color)" data-testid="tracking-missing">
          <IconAlertTriangle size={14} />
          <Text size="xs" fw={500} c="inherit">
            {t('footer.tracking_missing')}
          </Text>
        </Group>
      )}
    </footer>
  );
}
