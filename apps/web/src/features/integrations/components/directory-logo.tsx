import { Group, Text, ThemeIcon } from '@mantine/core';
import {
  IconBrandGoogle,
  IconBrandWindows,
  IconDoor,
  IconPlugConnected,
  IconSchool,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DirectoryCode } from '@app/shared/integrations/status';

/** A mark for each directory: its brand's icon where there is one, its trade's otherwise. */
const LOOKS: Record<DirectoryCode, { icon: Icon; color: string }> = {
  googleAD: { icon: IconBrandGoogle, color: 'red' },
  azureAD: { icon: IconBrandWindows, color: 'blue' },
  paxton: { icon: IconDoor, color: 'grape' },
  wonde: { icon: IconSchool, color: 'orange' },
  scim: { icon: IconPlugConnected, color: 'teal' },
};

/** The directory's small logo. Decorative: its name is always written beside it. */
export function DirectoryLogo({ code, size = 26 }: { code: DirectoryCode; size?: number }) {
  const { icon: Mark, color } = LOOKS[code];
  return (
    <ThemeIcon variant="light" color={color} size={size} radius="md" aria-hidden>
      <Mark size={Math.round(size * 0.62)} />
    </ThemeIcon>
  );
}

/** The directory's name in the language shown (brand names stay as they are). */
export function useDirectoryName(): (code: DirectoryCode) => string {
  const { t } = useTranslation('integrations');
  return (code) => t(`directories.${code}.name`);
}

/** Logo and name of a directory, as a grid cell or a page header shows it. */
export function DirectoryLabel({ code, size = 'sm' }: { code: DirectoryCode; size?: 'sm' | 'md' }) {
  const name = useDirectoryName();
  return (
    <Group gap={8} wrap="nowrap" data-testid="integration-directory" data-directory={code}>
      <DirectoryLogo code={code} size={size === 'md' ? 32 : 24} />
      <Text size={size} fw={size === 'md' ? 600 : undefined} truncate="end">
        {name(code)}
      </Text>
    </Group>
  );
}
