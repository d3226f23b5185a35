import { Box, Group, Image, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { PreRegistrationInfo } from '@app/shared/pre-registration/schemas';
import { entityLogoUrl } from '@/components/layout/display-names';
import { BrandMark } from '@/components/ui/brand-mark';
import { LanguageSwitch } from '@/components/ui/language-switch';
import classes from './pre-registration.module.css';

type PublicScreenProps = {
  company?: PreRegistrationInfo['company'];
  /** A narrower column for short pages (success, code). */
  narrow?: boolean;
  testId: string;
  children: ReactNode;
};

/** The visitor pages' frame (no app layout, no sign-in): the company's logo and name, and the language. */
export function PublicScreen({ company, narrow, testId, children }: PublicScreenProps) {
  const logo = company ? entityLogoUrl(company.logo_url) : null;
  return (
    <Box className={classes.screen} data-testid={testId}>
      <Box className={narrow ? `${classes.column} ${classes.narrow}` : classes.column}>
        <Group justify="space-between" wrap="nowrap" mb="lg" gap="sm">
          <Group gap={10} wrap="nowrap" miw={0}>
            {/* The logo is decoration beside the name: the name is what the visitor reads. */}
            {logo ? <Image src={logo} alt="" h={36} w="auto" maw={140} fit="contain" /> : <BrandMark size={32} />}
            {company && (
              <Text fw={700} size="lg" truncate="end" data-testid="public-company">
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
