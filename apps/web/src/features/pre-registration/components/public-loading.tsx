import { Skeleton, Stack } from '@mantine/core';

/** While a link is read: the shape of the page to come. */
export function PublicLoading() {
  return (
    <Stack gap="md" data-testid="public-loading">
      <Skeleton h={34} w="65%" />
      <Skeleton h={220} radius="lg" />
      <Skeleton h={260} radius="lg" />
    </Stack>
  );
}
