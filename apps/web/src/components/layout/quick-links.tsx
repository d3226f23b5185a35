import { Badge, Tooltip, UnstyledButton } from '@mantine/core';
import { IconCalendarPlus, IconUrgent } from '@tabler/icons-react';
import { useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '@app/shared/access/permissions';
import { comingSoonPaths, paths, type RoutePath } from '@/config/paths';
import type { StoredSession } from '@/lib/session';
import classes from './top-bar.module.css';

type QuickLink = { id: 'emergency_list' | 'add_visits'; path: RoutePath; icon: typeof IconUrgent; color?: string };

/**
 * Spec "Top bar": the Emergency List link (when the emergency permission is allowed) and Add Visits.
 * Both open a new window on the app's origin, only on a Cloud package and when not already there.
 */
export function QuickLinks({ session }: { session: StoredSession }) {
  const { t } = useTranslation('layout');
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const cloud = session.entity.package === 'Cloud';

  const links: QuickLink[] = [
    ...(isAllowed(session.permissions, 'emergency')
      ? [
          {
            id: 'emergency_list',
            path: paths.emergencyList,
            icon: IconUrgent,
            color: 'var(--mantine-color-red-5)',
          } as const,
        ]
      : []),
    { id: 'add_visits', path: paths.addExpectedVisitors, icon: IconCalendarPlus },
  ];

  return links.map((link) => {
    const enabled = cloud && pathname !== link.path;
    // An area not built yet says so on the link itself, before anyone opens it.
    const soon = comingSoonPaths.has(link.path);
    const reason = !cloud
      ? t('top.cloud_only')
      : !enabled
        ? t('top.already_here')
        : soon
          ? t('top.soon')
          : t('top.opens_new_window');
    return (
      <Tooltip key={link.id} label={reason}>
        <UnstyledButton
          className={`${classes.control} ${classes.quickLink}`}
          data-disabled={!enabled || undefined}
          aria-disabled={!enabled}
          // Its label is hidden on a phone's top bar: the button keeps its name.
          aria-label={t(`top.${link.id}`)}
          onClick={() => {
            if (enabled) window.open(new URL(link.path, window.location.origin).href, '_blank', 'noopener');
          }}
          data-testid={`quick-link-${link.id}`}
        >
          <link.icon size={19} stroke={1.8} color={link.color} />
          <span className={classes.quickLinkLabel}>{t(`top.${link.id}`)}</span>
          {soon && (
            <Badge size="xs" variant="light" color="gray" tt="none" data-testid="quick-link-soon">
              {t('menu.soon')}
            </Badge>
          )}
        </UnstyledButton>
      </Tooltip>
    );
  });
}
