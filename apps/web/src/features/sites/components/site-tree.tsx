import {
  ActionIcon,
  Badge,
  Button,
  Collapse,
  Group,
  Skeleton,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  IconArrowsExchange,
  IconBuilding,
  IconChevronDown,
  IconDeviceTablet,
  IconDoor,
  IconDoorEnter,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Area, SiteTree as SiteTreeData, TreeDoor } from '@app/shared/sites/schemas';
import { PlaceLimitBadges } from './place-limit-badges';
import classes from './site-tree.module.css';

/** Kiosks named under an area before the rest are summed up as "+N". */
const KIOSKS_NAMED = 3;

type SiteNode = SiteTreeData[number];
export type TreeArea = SiteNode['children'][number];

export type TreeActions = {
  onAddArea: (site: SiteNode) => void;
  onEditArea: (area: Area, site: SiteNode) => void;
  onMoveArea: (area: Area, site: SiteNode) => void;
  onDeleteArea: (area: TreeArea) => void;
  /** Opens the kiosk list filtered to this area. */
  onShowKiosks: (area: Area) => void;
  onAddDoor: (area: TreeArea) => void;
  onEditDoor: (door: TreeDoor, area: TreeArea) => void;
};

function AreaKiosks({ area, onShow }: { area: TreeArea; onShow: () => void }) {
  const { t } = useTranslation('kiosks');
  if (area.kiosks.length === 0) return null;
  const rest = area.kiosks.length - KIOSKS_NAMED;
  return (
    <Group gap={6} wrap="wrap" data-testid="tree-area-kiosks">
      <UnstyledButton
        onClick={onShow}
        data-testid="tree-area-kiosk-count"
        aria-label={t('tree.show', { name: area.name })}
      >
        <Badge
          size="xs"
          variant="light"
          color="indigo"
          leftSection={<IconDeviceTablet size={11} />}
          style={{ cursor: 'pointer' }}
        >
          {t('tree.count', { count: area.kiosks.length })}
        </Badge>
      </UnstyledButton>
      {area.kiosks.slice(0, KIOSKS_NAMED).map((kiosk) => (
        <Badge
          key={kiosk.id}
          size="xs"
          variant="dot"
          color={kiosk.online ? 'teal' : 'gray'}
          tt="none"
          title={kiosk.online ? t('status.online') : t('status.offline')}
          data-testid="tree-kiosk"
          data-online={kiosk.online || undefined}
        >
          {kiosk.name}
        </Badge>
      ))}
      {rest > 0 && (
        <Text size="xs" c="dimmed">
          {t('tree.more', { count: rest })}
        </Text>
      )}
    </Group>
  );
}

/** The doors of an area, each a button that opens it for editing. */
function AreaDoors({ area, onEdit }: { area: TreeArea; onEdit: (door: TreeDoor) => void }) {
  const { t } = useTranslation('sites');
  if (area.doors.length === 0) return null;
  return (
    <Group gap={6} wrap="wrap" data-testid="tree-area-doors">
      {area.doors.map((door) => (
        <UnstyledButton
          key={door.id}
          onClick={() => onEdit(door)}
          aria-label={t('actions.edit_door', { name: door.name })}
          data-testid="tree-door"
        >
          <Badge
            size="xs"
            variant="outline"
            color="orange"
            tt="none"
            leftSection={<IconDoor size={11} />}
            style={{ cursor: 'pointer' }}
          >
            {door.name}
          </Badge>
        </UnstyledButton>
      ))}
    </Group>
  );
}

type SiteTreeProps = TreeActions & {
  tree: SiteTreeData | undefined;
  expanded: ReadonlySet<string>;
  onToggle: (siteId: string) => void;
};

function AreaRow({
  area,
  site,
  actions,
}: {
  area: SiteNode['children'][number];
  site: SiteNode;
  actions: TreeActions;
}) {
  const { t } = useTranslation('sites');
  return (
    <Group
      className={classes.area}
      justify="space-between"
      wrap="nowrap"
      gap="xs"
      data-testid="tree-area"
      data-area-name={area.text}
    >
      <Group gap="xs" wrap="nowrap" miw={0}>
        <IconDoorEnter size={16} stroke={1.5} color="var(--mantine-color-dimmed)" />
        <Stack gap={2} miw={0}>
          <Text size="sm" fw={500} truncate="end" dir="auto" data-testid="tree-area-name">
            {area.text}
          </Text>
          <Group gap={4}>
            <Badge
              size="xs"
              variant="light"
              color={area.login_mode === 'checkIn_only' ? 'grape' : 'blue'}
              data-testid="tree-area-mode"
            >
              {t(`login_modes.${area.login_mode}`)}
            </Badge>
            <Badge size="xs" variant="dot" color={area.status ? 'teal' : 'gray'} data-testid="tree-area-status">
              {area.status ? t('status.active') : t('status.inactive')}
            </Badge>
          </Group>
          <PlaceLimitBadges place={area} />
          <AreaKiosks area={area} onShow={() => actions.onShowKiosks(area)} />
          <AreaDoors area={area} onEdit={(door) => actions.onEditDoor(door, area)} />
        </Stack>
      </Group>
      <Group gap={2} wrap="nowrap">
        <Tooltip label={t('actions.add_door_to', { area: area.text })} withArrow>
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={t('actions.add_door_to', { area: area.text })}
            onClick={() => actions.onAddDoor(area)}
            data-testid="door-add"
          >
            <IconDoor size={14} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('actions.edit_area')} withArrow>
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={t('actions.edit_area')}
            onClick={() => actions.onEditArea(area, site)}
            data-testid="area-edit"
          >
            <IconPencil size={14} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('actions.move_area')} withArrow>
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={t('actions.move_area')}
            onClick={() => actions.onMoveArea(area, site)}
            data-testid="area-move"
          >
            <IconArrowsExchange size={14} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('actions.delete_area')} withArrow>
          <ActionIcon
            variant="subtle"
            size="sm"
            color="red"
            aria-label={t('actions.delete_area')}
            onClick={() => actions.onDeleteArea(area)}
            data-testid="area-delete"
          >
            <IconTrash size={14} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}

function SiteBranch({
  site,
  open,
  onToggle,
  actions,
}: {
  site: SiteNode;
  open: boolean;
  onToggle: () => void;
  actions: TreeActions;
}) {
  const { t } = useTranslation('sites');
  const panelId = `site-tree-${site.value}`;
  return (
    <div className={classes.site} data-testid="tree-site" data-site-name={site.text}>
      <Group className={classes.siteHeader} justify="space-between" wrap="nowrap" gap="xs">
        <UnstyledButton
          onClick={onToggle}
          aria-expanded={open}
          aria-controls={panelId}
          style={{ flex: 1, minWidth: 0 }}
          data-testid="tree-site-toggle"
        >
          <Group gap="xs" wrap="nowrap">
            <IconChevronDown size={16} className={classes.chevron} data-collapsed={open ? undefined : true} />
            <IconBuilding size={18} stroke={1.5} />
            <Text size="sm" fw={600} truncate="end" dir="auto">
              {site.text}
            </Text>
            <Badge size="sm" variant="light" color="gray" style={{ flexShrink: 0 }}>
              {site.children.length}
            </Badge>
          </Group>
        </UnstyledButton>
        <Tooltip label={t('actions.add_area_to', { site: site.text })} withArrow>
          <ActionIcon
            variant="light"
            size="sm"
            aria-label={t('actions.add_area_to', { site: site.text })}
            onClick={() => actions.onAddArea(site)}
            data-testid="area-add"
          >
            <IconPlus size={14} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Collapse expanded={open} id={panelId}>
        <Stack gap={2} className={classes.areas}>
          {site.children.length === 0 ? (
            <Group gap="xs" py={6}>
              <Text size="sm" c="dimmed">
                {t('tree.no_areas')}
              </Text>
              <Button
                variant="subtle"
                size="compact-xs"
                leftSection={<IconPlus size={12} />}
                onClick={() => actions.onAddArea(site)}
              >
                {t('actions.add_area')}
              </Button>
            </Group>
          ) : (
            site.children.map((area) => <AreaRow key={area.id} area={area} site={site} actions={actions} />)
          )}
        </Stack>
      </Collapse>
    </div>
  );
}

export function SiteTree({ tree, expanded, onToggle, ...actions }: SiteTreeProps) {
  const { t } = useTranslation('sites');
  if (!tree) {
    return (
      <Stack gap="sm" data-testid="sites-tree-loading">
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} height={28} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (tree.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="sites-tree">
        {t('tree.empty')}
      </Text>
    );
  }
  return (
    <div data-testid="sites-tree">
      {tree.map((site) => (
        <SiteBranch
          key={site.value}
          site={site}
          open={expanded.has(site.value)}
          onToggle={() => onToggle(site.value)}
          actions={actions}
        />
      ))}
    </div>
  );
}
