import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconFileSpreadsheet, IconFileText, IconFileExport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ExportFormat, ReportName } from '@app/shared/reports/common';
import { ApiError, joinErrorMessages } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { useCreateExport } from '../exports/api/exports-api';
import { followExport } from '../exports/components/export-notice';

/**
 * Exports the report view on screen (its filters and its shown columns, in their order) as xlsx or csv
 * (spec §7 `export`): a background job writes the file while a notice shows its progress, and offers
 * the file when it is ready (issue 14 item 8).
 */
export function ExportButton({
  report,
  filters,
  columns,
}: {
  report: ReportName;
  filters: Record<string, unknown>;
  columns: readonly string[];
}) {
  const { t } = useTranslation('reports');
  const create = useCreateExport();

  const start = (format: ExportFormat) => {
    create.mutate(
      { report, format, filters, columns: [...columns] },
      {
        onSuccess: followExport,
        onError: (error) => {
          if (error instanceof ApiError && (error.status === 400 || error.status === 422)) {
            notifyError(joinErrorMessages(error.fields) || error.message);
          }
        },
      },
    );
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconFileExport size={16} />}
          rightSection={<IconChevronDown size={14} />}
          loading={create.isPending}
          disabled={columns.length === 0}
          data-testid="export-button"
        >
          {t('exports.export')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconFileSpreadsheet size={16} />}
          onClick={() => start('xlsx')}
          data-testid="export-format-xlsx"
        >
          {t('exports.format_xlsx')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconFileText size={16} />}
          onClick={() => start('csv')}
          data-testid="export-format-csv"
        >
          {t('exports.format_csv')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
