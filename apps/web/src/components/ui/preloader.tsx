import { Center, Loader, Overlay, Stack } from '@mantine/core';
import { usePreloaderVisible } from '@/lib/preloader';
import { BrandMark } from './brand-mark';

/** The full-page preloader (spec §4), shown while the language changes. */
export function Preloader() {
  const visible = usePreloaderVisible();
  if (!visible) return null;
  return (
    <Overlay fixed zIndex={1000} backgroundOpacity={0.92} color="var(--mantine-color-body)" data-testid="preloader">
      <Center h="100%">
        <Stack align="center" gap="md">
          <BrandMark size={44} />
          <Loader size="md" type="dots" />
        </Stack>
      </Center>
    </Overlay>
  );
}
