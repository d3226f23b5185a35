import { ActionIcon, Button, Checkbox, Divider, Group, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconColumns3, IconGripVertical, IconRestore } from '@tabler/icons-react';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { moveColumn, moveColumnTo } from './grid-state';
import classes from './data-grid.module.css';

export type ColumnMenuItem = { id: string; label: string; visible: boolean; canHide: boolean };

type ColumnMenuProps = {
  testId: string;
  /** The page's columns in their current order. */
  columns: ColumnMenuItem[];
  onVisibility: (id: string, visible: boolean) => void;
  onOrder: (order: string[]) => void;
  onReset: () => void;
  canReset: boolean;
  resetting: boolean;
  disabled?: boolean;
};

/**
 * Shows and hides columns and changes their order: by dragging a row, or with the earlier / later
 * buttons, which work from the keyboard too. Reset puts the whole grid back to the page's defaults.
 */
export function ColumnMenu(props: ColumnMenuProps) {
  const { t } = useTranslation('grid');
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const [opened, setOpened] = useState(false);
  const order = props.columns.map((column) => column.id);
  const visibleCount = props.columns.filter((column) => column.visible).length;

  const move = (id: string, delta: -1 | 1) => {
    props.onOrder(moveColumn(order, id, delta));
    // The moved row's button keeps the focus, so pressing it again keeps moving the same column.
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>(`[data-column-move="${id}:${delta}"]:not(:disabled)`)?.focus(),
    );
  };

  const onDrop = (event: DragEvent, target: string) => {
    event.preventDefault();
    const id = dragging ?? event.dataTransfer.getData('text/plain');
    if (id && id !== target) props.onOrder(moveColumnTo(order, id, target));
    setDragging(null);
    setOver(null);
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      // The button starts the toolbar's second line when the filters fill the first: the menu opens
      // towards the card's end, over the grid rather than off its side.
      position="bottom-start"
      shadow="md"
      width={320}
      trapFocus
      returnFocus
      withinPortal
    >
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<IconColumns3 size={16} />}
          disabled={props.disabled}
          onClick={() => setOpened((open) => !open)}
          data-testid={`${props.testId}-columns`}
        >
          {t('columns.button')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown data-testid={`${props.testId}-columns-menu`}>
        <Stack gap="xs">
          <Stack gap={2}>
            <Text fw={600} size="sm">
              {t('columns.title')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('columns.hint')}
            </Text>
          </Stack>
          <Stack gap={2} role="list" className={classes.columnList}>
            {props.columns.map((column, index) => (
              <Group
                key={column.id}
                role="listitem"
                gap={4}
                wrap="nowrap"
                className={classes.columnItem}
                data-dragging={dragging === column.id || undefined}
                data-over={(over === column.id && dragging !== column.id) || undefined}
                draggable
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', column.id);
                  setDragging(column.id);
                }}
                onDragEnd={() => {
                  setDragging(null);
                  setOver(null);
                }}
                onDragOver={(event) => {
                  event.preventDefault();
                  event.dataTransfer.dropEffect = 'move';
                  setOver(column.id);
                }}
                onDrop={(event) => onDrop(event, column.id)}
                data-testid={`${props.testId}-column-item`}
                data-column={column.id}
              >
                <IconGripVertical
                  size={16}
                  className={classes.grip}
                  aria-label={t('columns.drag', { column: column.label })}
                  role="img"
                />
                <Checkbox
                  size="sm"
                  label={column.label}
                  checked={column.visible}
                  // The last visible column stays: a grid without columns shows nothing at all.
                  disabled={!column.canHide || (column.visible && visibleCount === 1)}
                  onChange={(event) => props.onVisibility(column.id, event.currentTarget.checked)}
                  style={{ flex: 1 }}
                  data-testid={`${props.testId}-column-toggle-${column.id}`}
                />
                <Tooltip label={t('columns.move_earlier', { column: column.label })}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    disabled={index === 0}
                    onClick={() => move(column.id, -1)}
                    aria-label={t('columns.move_earlier', { column: column.label })}
                    data-column-move={`${column.id}:-1`}
                    data-testid={`${props.testId}-column-earlier-${column.id}`}
                  >
                    <IconArrowUp size={14} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('columns.move_later', { column: column.label })}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    disabled={index === props.columns.length - 1}
                    onClick={() => move(column.id, 1)}
                    aria-label={t('columns.move_later', { column: column.label })}
                    data-column-move={`${column.id}:1`}
                    data-testid={`${props.testId}-column-later-${column.id}`}
                  >
                    <IconArrowDown size={14} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ))}
          </Stack>
          <Divider />
          <Stack gap={4}>
            <Button
              variant="subtle"
              color="gray"
              size="compact-sm"
              leftSection={<IconRestore size={14} />}
              onClick={() => {
                // The menu has nothing left to do, and its reset button turns disabled: closing puts
                // the focus back on the Columns button rather than losing it.
                setOpened(false);
                props.onReset();
              }}
              disabled={!props.canReset}
              loading={props.resetting}
              data-testid={`${props.testId}-columns-reset`}
            >
              {t('columns.reset')}
            </Button>
            <Text size="xs" c="dimmed">
              {t('columns.reset_hint')}
            </Text>
          </Stack>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
