import { Alert, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconDownload, IconInfoCircle, IconListDetails, IconTable } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { IMPORT_LIMITS, IMPORT_LIST_SEPARATOR } from '@app/shared/people/import';
import { BackLink } from '@/components/ui/back-link';
import { hrefFor, paths } from '@/config/paths';
import { oneFieldErrors } from '@/lib/form-errors';
import { navigateTo } from '@/lib/navigation';
import { notifySuccess } from '@/lib/notify';
import { useImportTask } from '../api/get-import-task';
import { IMPORT_TEMPLATE_URL } from '../api/template-url';
import { useUploadImport } from '../api/upload-import';
import { useUploadImportPhotos } from '../api/upload-import-photos';
import { formatLimit, isolated, sheetFileProblem, zipFileProblem } from '../utils/file-check';
import { importStepOf } from '../utils/import-step';
import { useImportProgress } from '../hooks/use-import-progress';
import { useTaskParam } from '../hooks/use-task-param';
import { FileUploadField } from './file-upload-field';
import { ImportStepCard } from './import-step-card';
import { ImportRunStatus } from './import-status';
import { ImportSummary } from './import-summary';

const SHEET_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ZIP_ACCEPT = '.zip,application/zip';
const PHOTO_SIZE = '640×480';

/**
 * The people import (spec §2 /users/import): download the template, upload the filled sheet, add a zip
 * of photos if wanted, then review the rows in the grid. The uploaded task is kept in the address
 * (`?task=`), so a reload or a change of language shows the same import.
 */
export function PeopleImportPage() {
  const { t } = useTranslation('people-import');
  const taskId = useTaskParam();
  const task = useImportTask(taskId);
  useImportProgress();
  const sheet = useUploadImport();
  const photos = useUploadImportPhotos();
  const current = taskId ? task.data : undefined;
  const step = importStepOf(current);
  const editable = step === 'grid';

  const uploadSheet = async (file: File) => {
    try {
      const created = await sheet.mutateAsync(file);
      notifySuccess(
        t('toasts.uploaded', { file: created.file_name, count: created.total_rows, errors: created.error_rows }),
      );
      navigateTo(hrefFor(paths.usersImport, {}, { task: created.id }));
      return null;
    } catch (error) {
      return refusal(error, 'file');
    }
  };

  const uploadPhotos = async (file: File) => {
    if (!current) return null;
    try {
      const updated = await photos.mutateAsync({ id: current.id, file });
      notifySuccess(t('toasts.photos', { count: updated.photos }));
      return null;
    } catch (error) {
      return refusal(error, 'zip');
    }
  };

  return (
    <Stack gap="lg" maw={1100} data-testid="import-page">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4} style={{ flex: '1 1 420px', minWidth: 0 }}>
          <BackLink to={paths.users}>{t('back_to_users')}</BackLink>
          <Title order={2}>{t('title')}</Title>
          <Text c="dimmed">{t('description')}</Text>
        </Stack>
        <Button
          variant="default"
          component={Link}
          to={paths.usersImportQueue}
          leftSection={<IconListDetails size={16} />}
          data-testid="import-open-queue"
        >
          {t('queue.title')}
        </Button>
      </Group>

      <ImportStepCard
        step={1}
        title={t('steps.template.title')}
        description={t('steps.template.body')}
        testId="import-step-template"
      >
        <Text size="sm">{t('steps.template.lists', { separator: IMPORT_LIST_SEPARATOR })}</Text>
        <Group>
          <Button
            component="a"
            href={IMPORT_TEMPLATE_URL}
            download
            variant="light"
            leftSection={<IconDownload size={16} />}
            data-testid="import-template-download"
          >
            {t('steps.template.download')}
          </Button>
        </Group>
      </ImportStepCard>

      <ImportStepCard
        step={2}
        title={t('steps.sheet.title')}
        description={t('steps.sheet.body', { size: isolated(formatLimit(IMPORT_LIMITS.maxBytes)) })}
        done={!!current}
        testId="import-step-sheet"
      >
        {taskId && task.isPending && <Skeleton h={120} radius="md" />}
        {current && (
          <Stack gap="sm">
            <Group gap="sm" wrap="wrap">
              <Text size="sm" fw={600} data-testid="import-file-name">
                <bdi dir="auto">{current.file_name}</bdi>
              </Text>
              <ImportRunStatus task={current} />
            </Group>
            <ImportSummary task={current} after={!editable} />
          </Stack>
        )}
        <FileUploadField
          label={current ? t('steps.sheet.another') : t('steps.sheet.field')}
          description={t('steps.sheet.hint')}
          accept={SHEET_ACCEPT}
          check={sheetFileProblem}
          upload={uploadSheet}
          pending={sheet.isPending}
          buttonLabel={t('steps.sheet.choose')}
          testId="import-sheet"
        />
      </ImportStepCard>

      <ImportStepCard
        step={3}
        optional
        title={t('steps.photos.title')}
        description={t('steps.photos.body', {
          size: isolated(formatLimit(IMPORT_LIMITS.zipMaxBytes)),
          photo: isolated(formatLimit(IMPORT_LIMITS.photoMaxBytes)),
          dimensions: isolated(PHOTO_SIZE),
        })}
        done={!!current && current.photos > 0}
        testId="import-step-photos"
      >
        {editable && current ? (
          <FileUploadField
            label={t('steps.photos.field')}
            description={t('steps.photos.hint')}
            accept={ZIP_ACCEPT}
            check={zipFileProblem}
            upload={uploadPhotos}
            pending={photos.isPending}
            buttonLabel={current.photos > 0 ? t('steps.photos.replace') : t('steps.photos.choose')}
            testId="import-zip"
          />
        ) : (
          <Text size="sm" c="dimmed">
            {current ? t('steps.locked') : t('steps.after_sheet')}
          </Text>
        )}
      </ImportStepCard>

      <ImportStepCard
        step={4}
        title={t('steps.review.title')}
        description={t('steps.review.body')}
        testId="import-step-review"
      >
        {!current ? (
          <Text size="sm" c="dimmed">
            {t('steps.after_sheet')}
          </Text>
        ) : editable ? (
          <Group>
            <Button
              rightSection={<IconArrowRight size={16} className="mirror-rtl" />}
              leftSection={<IconTable size={16} />}
              onClick={() => navigateTo(hrefFor(paths.usersImportGrid, {}, { task: current.id }))}
              data-testid="import-open-grid"
            >
              {t('steps.review.open')}
            </Button>
          </Group>
        ) : (
          <Alert variant="light" icon={<IconInfoCircle size={18} />} data-testid="import-already-run">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t(step === 'queue' ? 'steps.review.running' : 'steps.review.ran')}</Text>
              <Button
                variant="light"
                size="compact-sm"
                onClick={() =>
                  navigateTo(
                    step === 'queue' ? paths.usersImportQueue : hrefFor(paths.usersImportDetails, { id: current.id }),
                  )
                }
                data-testid="import-open-details"
              >
                {t(step === 'queue' ? 'queue.title' : 'details.open')}
              </Button>
            </Stack>
          </Alert>
        )}
      </ImportStepCard>
    </Stack>
  );
}

/**
 * A refused upload in words for its field: what the server said about it, or its message. Anything
 * but an answer of the server was already reported by the API client.
 */
function refusal(error: unknown, field: string): string | null {
  const { field: own, other } = oneFieldErrors(error, field);
  return [own, other].filter(Boolean).join(' ') || null;
}
