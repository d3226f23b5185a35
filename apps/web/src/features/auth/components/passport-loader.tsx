import { Center, Loader, Stack, Text } from '@mantine/core';

/** The centred loader the passport pages show while they work. */
export function PassportLoader({ label }: { label: string }) {
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="sm" role="status" data-testid="passport-loader">
        <Loader />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  );
}
