import { Alert, Box, Group, Image, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { BrandMark } from './brand-mark';
import { LanguageSwitch } from './language-switch';
import classes from './public-link-screen.module.css';

/**
 * The page a personal link opens on a phone (an RFID enrolment, "I am safe", a host's approval): one
 * column, the company's logo and name once known, the language choice, and a faint tint of the page's
 * colour behind it.
 */
export function PublicLinkScreen({
  company,
  logo,
  tint,
  testId,
  companyTestId,
  children,
}: {
  company?: string;
  /** The company's logo URL; the product's mark without one. */
  logo?: string | null;
  /** The tint's colour, e.g. `rgb(18 184 134 / 12%)`. */
  tint?: string;
  testId: string;
  companyTestId: string;
  children: ReactNode;
}) {
  return (
    <Box
      className={classes.screen}
      style={tint ? ({ '--public-link-tint': tint }) : undefined}
      data-testid={testId}
    >
      <Box className={classes.column}>
        <Group justify="space-between" wrap="nowrap" mb="lg" gap="sm">
          <Group gap={8} wrap="nowrap" miw={0}>
            {/* The logo is decoration beside the name: the name is what the person reads. */}
            {logo ? <Image src={logo} alt="" h={32} w="auto" maw={120} fit="contain" /> : <BrandMark size={30} />}
            {company && (
              <Text fw={700} truncate="end" data-testid={companyTestId}>
                {company}
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

/**
 * A link's page before its answer: placeholders while it loads, or why it could not be read (a
 * connection's failure; a refused link is the page's own to explain). Test ids `<prefix>-loading` and
 * `<prefix>-load-failed`.
 */
export function PublicLinkLoading({
  failed,
  failedText,
  prefix,
}: {
  failed: boolean;
  failedText: string;
  prefix: string;
}) {
  return failed ? (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid={`${prefix}-load-failed`}>
      {failedText}
    </Alert>
  ) : (
    <Stack gap="md" data-testid={`${prefix}-loading`}>
      <Skeleton h={36} w="70%" />
      <Skeleton h={120} radius="lg" />
      <Skeleton h={88} radius="lg" />
    </Stack>
  );
}
