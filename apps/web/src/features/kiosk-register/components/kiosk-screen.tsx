import { Box, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandMark } from '@/components/ui/brand-mark';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { usePublicConfig } from '@/lib/public-config';
import classes from './kiosk-register.module.css';

/** The whole tablet screen: the product's mark and the language choice above, the content centred. */
export function KioskScreen({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  const config = usePublicConfig();
  return (
    <Box className={classes.screen} data-testid="kiosk-register-page">
      <Group justify="space-between" className={classes.header} wrap="nowrap">
        <BrandMark size={34} name={config?.provider_name} nameVisibleFrom="xs" />
        <LanguageSwitch />
      </Group>
      <main className={classes.main}>{children}</main>
      {footer && (
        <Text size="sm" c="dimmed" className={classes.footer} data-testid="kiosk-register-device">
          {footer}
        </Text>
      )}
    </Box>
  );
}
