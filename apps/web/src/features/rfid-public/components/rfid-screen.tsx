import { Box, Group, Image, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { PublicRfidLink } from '@app/shared/rfid/schemas';
import { BrandMark } from '@/components/ui/brand-mark';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { entityLogoUrl } from '@/components/layout/display-names';
import classes from './rfid-public.module.css';

/** The page around the enrolment: the company's logo and name (once known) and the language choice. */
export function RfidScreen({ company, children }: { company?: PublicRfidLink['company']; children: ReactNode }) {
  const logo = company ? entityLogoUrl(company.logo) : null;
  return (
    <Box className={classes.screen} data-testid="rfid-page">
      <Box className={classes.column}>
        <Group justify="space-between" wrap="nowrap" mb="lg" gap="sm">
          <Group gap={8} wrap="nowrap" miw={0}>
            {/* The logo is decoration beside the name: the name is what the person reads. */}
            {logo ? <Image src={logo} alt="" h={32} w="auto" maw={120} fit="contain" /> : <BrandMark size={30} />}
            {company && (
              <Text fw={700} truncate="end" data-testid="rfid-company">
                {company.name}
              </Text>
            )}
          </Group>
          <LanguageSwitch />
        </Group>
        {children}
      </Box>
    </Box>
  );
}
