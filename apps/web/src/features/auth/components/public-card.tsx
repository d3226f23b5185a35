import { Box, Center, Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandMark } from '@/components/ui/brand-mark';
import { usePublicConfig } from '@/lib/public-config';
import { useCurrentSubdomain } from '../api/get-public-entity';
import { LanguageSwitch } from '@/components/ui/language-switch';

type PublicCardProps = { title: string; description?: ReactNode; children: ReactNode };

/** The centred card the public sign-in pages share, branded with the subdomain's company when there is one. */
export function PublicCard({ title, description, children }: PublicCardProps) {
  const { entity } = useCurrentSubdomain();
  const config = usePublicConfig();

  return (
    <Center mih="100dvh" p="md" bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
      <Box w="100%" maw={440}>
        <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }} pos="relative">
          <Box pos="absolute" top={12} style={{ insetInlineEnd: 12 }}>
            <LanguageSwitch />
          </Box>
          <Stack gap="lg">
            <Stack align="center" gap="xs" mt="md">
              {entity?.logo ? (
                <Image
                  src={entity.logo}
                  alt={entity.name}
                  h={56}
                  w="auto"
                  maw={240}
                  fit="contain"
                  data-testid="public-logo"
                />
              ) : (
                <BrandMark size={44} name={config?.provider_name} />
              )}
              {entity && (
                <Text size="sm" c="dimmed" data-testid="public-company-name">
                  {entity.name}
                </Text>
              )}
            </Stack>
            <Stack gap={4} ta="center">
              <Title order={2} size="h3">
                {title}
              </Title>
              {description && (
                <Text size="sm" c="dimmed">
                  {description}
                </Text>
              )}
            </Stack>
            {children}
          </Stack>
        </Paper>
      </Box>
    </Center>
  );
}
