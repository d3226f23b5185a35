import { Input, Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RichTextEditorFieldProps } from './rich-text-editor';

// The editor's code (tiptap, ProseMirror) arrives only with the form that uses it.
const LazyEditor = lazy(() => import('./rich-text-editor').then((m) => ({ default: m.RichTextEditorField })));

type RichTextFieldProps = Omit<RichTextEditorFieldProps, 'labelId' | 'invalid'> & {
  label: string;
  required?: boolean;
  error?: ReactNode;
};

/** A labelled rich-text field whose editor loads on demand, with a placeholder the editor's size meanwhile. */
export function RichTextField({ label, required, error, ...editor }: RichTextFieldProps) {
  const { t } = useTranslation('announcements');
  const labelId = useId();
  return (
    <Input.Wrapper label={label} required={required} error={error} labelProps={{ id: labelId }}>
      <Suspense
        fallback={
          <Stack gap={4} mt={4} aria-label={t('editor.loading')} aria-busy>
            <Skeleton height={38} />
            <Skeleton height={124} />
          </Stack>
        }
      >
        <div style={{ marginTop: 4 }}>
          <LazyEditor {...editor} labelId={labelId} invalid={!!error} />
        </div>
      </Suspense>
    </Input.Wrapper>
  );
}
