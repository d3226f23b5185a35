import { Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

let firstPage = true;

/**
 * A screen: its heading (the page's one h1) and the document's title. After a move inside the app the
 * heading takes the focus, so a screen reader announces the new page and Tab starts from it.
 */
export function Page({ title, intro, children }: { title: string; intro?: ReactNode; children?: ReactNode }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    document.title = t('app.document_title', { page: title });
  }, [t, title]);

  useEffect(() => {
    if (!firstPage) heading.current?.focus({ preventScroll: true });
    firstPage = false;
  }, []);

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={1} ref={heading} tabIndex={-1} fz={{ base: 26, sm: 30 }} style={{ outline: 'none' }}>
          {title}
        </Title>
        {intro && <Text c="dimmed">{intro}</Text>}
      </Stack>
      {children}
    </Stack>
  );
}
