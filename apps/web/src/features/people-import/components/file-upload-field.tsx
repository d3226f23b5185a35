import { Button, FileButton, Group, Input, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useId, useRef, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLimit, isolated, type FileProblem } from '../utils/file-check';

type FileUploadFieldProps = {
  label: string;
  description: string;
  /** What the file picker offers. */
  accept: string;
  /** The browser's check of a chosen file (help only: the server decides). */
  check: (file: File) => FileProblem | null;
  /** Sends the chosen file; answers the server's refusal to show under the field, or null. */
  upload: (file: File) => Promise<string | null>;
  pending: boolean;
  buttonLabel: string;
  testId: string;
};

/**
 * A file chosen and sent at once: the browser's check first (a wrong type or size is told under the
 * field and nothing is sent), then the server's answer, whose refusal is told in the same place.
 */
export function FileUploadField(props: FileUploadFieldProps) {
  const { t } = useTranslation('people-import');
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const reset = useRef<() => void>(null);
  const id = useId();
  const inputProps: ComponentProps<'input'> & { 'data-testid': string } = {
    'data-testid': `${props.testId}-input`,
  };

  const pick = async (file: File | null) => {
    // The same file can be chosen again after fixing it.
    reset.current?.();
    if (!file) return;
    setChosen(file.name);
    const problem = props.check(file);
    if (problem) {
      setError(t(`files.${problem.key}`, { size: problem.size ? isolated(formatLimit(problem.size)) : '' }));
      return;
    }
    setError(null);
    setError(await props.upload(file));
  };

  return (
    <Input.Wrapper
      id={id}
      labelElement="div"
      label={props.label}
      description={props.description}
      error={error}
      data-testid={props.testId}
      styles={{ description: { whiteSpace: 'pre-line' } }}
    >
      <Group gap="sm" mt={6} wrap="wrap">
        <FileButton onChange={(file) => void pick(file)} accept={props.accept} resetRef={reset} inputProps={inputProps}>
          {(buttonProps) => (
            <Button
              {...buttonProps}
              leftSection={<IconUpload size={16} />}
              loading={props.pending}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-description ${id}-error` : `${id}-description`}
              data-testid={`${props.testId}-pick`}
            >
              {props.buttonLabel}
            </Button>
          )}
        </FileButton>
        {chosen && (
          <Text size="sm" c="dimmed" data-testid={`${props.testId}-chosen`}>
            <bdi dir="auto">{chosen}</bdi>
          </Text>
        )}
      </Group>
    </Input.Wrapper>
  );
}
