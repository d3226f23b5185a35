import { ActionIcon, Avatar, Badge, NavLink, ScrollArea, Tooltip } from '@mantine/core';
import { IconChevronDown, IconExternalLink, IconPin, IconPinnedFilled } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LayoutPrefs } from '@app/shared/auth/schemas';
import { useRoutePath } from '@/lib/route-path';
import type { StoredSession } from '@/lib/session';
import { entityLogoUrl, shortCompanyName } from './display-names';
import { buildMenu, type MenuItem, type MenuLink } from './navigation';
import classes from './side-menu.module.css';

type SideMenuProps = {
  session: StoredSession;
  theme: LayoutPrefs['sidebar'];
  expanded: boolean;
  /** The pin control, on desktop only. */
  pin?: { pinned: boolean; onToggle: () => void };
  /** Called after a link is followed (closes the mobile drawer). */
  onNavigate?: () => void;
  /** What an entry shows beside its label (by entry id), e.g. how many items wait there. */
  badges?: MenuBadges;
};

/** Marks beside entries' labels, by entry id: another part of the app (a feature) says what they show. */
export type MenuBadges = Readonly<Partial<Record<string, ReactNode>>>;

export function SideMenu({ session, theme, expanded, pin, onNavigate, badges }: SideMenuProps) {
  const { t } = useTranslation('layout');
  const routePath = useRoutePath();
  const entries = buildMenu(session, routePath);
  const name = session.entity.name;
  const shortName = shortCompanyName(name);

  return (
    <div className={classes.menu} data-theme={theme} data-expanded={expanded || undefined}>
      <div className={classes.brand}>
        <Avatar
          className={classes.companyMark}
          src={entityLogoUrl(session.entity.logo)}
          name={name}
          color="initials"
          radius="md"
          size={34}
          alt=""
        />
        <Tooltip label={name} disabled={!expanded || shortName === name} position="bottom-start">
          <span className={classes.companyName} data-testid="company-name">
            {shortName}
          </span>
        </Tooltip>
        {pin && (
          <Tooltip label={pin.pinned ? t('menu.unpin') : t('menu.pin')}>
            <ActionIcon
              className={classes.pin}
              variant="transparent"
              radius="md"
              onClick={pin.onToggle}
              aria-pressed={pin.pinned}
              aria-label={pin.pinned ? t('menu.unpin') : t('menu.pin')}
              data-testid="menu-pin"
            >
              {pin.pinned ? <IconPinnedFilled size={18} /> : <IconPin size={18} />}
            </ActionIcon>
          </Tooltip>
        )}
      </div>
      <ScrollArea className={classes.scroll} scrollbarSize={6} type="hover">
        <nav className={classes.nav} aria-label={t('menu.label')}>
          {entries.map((entry) =>
            entry.kind === 'section' ? (
              <div key={entry.id} className={classes.section} role="presentation">
                {t(`menu.${entry.id}`)}
              </div>
            ) : (
              <MenuItemLink
                key={entry.id}
                item={entry}
                expanded={expanded}
                onNavigate={onNavigate}
                badge={badges?.[entry.id]}
              />
            ),
          )}
        </nav>
      </ScrollArea>
    </div>
  );
}

/** An area not built yet says so in its entry, before anyone opens it. */
function SoonBadge() {
  const { t } = useTranslation('layout');
  return (
    <Badge
      size="xs"
      variant="light"
      color="gray"
      ms={6}
      tt="none"
      title={t('menu.soon_hint')}
      className={classes.linkEnd}
      data-testid="menu-soon"
    >
      {t('menu.soon')}
    </Badge>
  );
}

type LinkProps = {
  link: MenuLink;
  label: ReactNode;
  icon?: ReactNode;
  child?: boolean;
  /** The menu collapsed to its icons: the label is not shown, so it names the link instead. */
  name?: string;
  onNavigate?: () => void;
  /** Shown beside the label (hidden with it when the menu is collapsed). */
  badge?: ReactNode;
};

function MenuLinkAnchor({ link, label, icon, child, name, onNavigate, badge }: LinkProps) {
  const common = {
    'aria-label': name,
    label: <span className={classes.linkLabel}>{label}</span>,
    leftSection: icon,
    // Beside the label, not in it: a long label is cut, the mark never is.
    rightSection: link.comingSoon ? (
      <SoonBadge />
    ) : badge ? (
      <span className={classes.linkEnd}>{badge}</span>
    ) : undefined,
    active: link.active,
    disabled: link.disabled,
    className: child ? `${classes.link} ${classes.childLink}` : classes.link,
    'aria-disabled': link.disabled || undefined,
    tabIndex: link.disabled ? -1 : undefined,
    'data-testid': `menu-${link.id}`,
  };
  if (link.newTab) {
    return (
      <NavLink
        {...common}
        component="a"
        href={link.path}
        target="_blank"
        rel="noopener noreferrer"
        rightSection={<IconExternalLink size={14} className={classes.linkEnd} />}
      />
    );
  }
  return <NavLink {...common} renderRoot={(props) => <Link to={link.path} {...props} />} onClick={onNavigate} />;
}

function MenuItemLink({
  item,
  expanded,
  onNavigate,
  badge,
}: {
  item: MenuItem;
  expanded: boolean;
  onNavigate?: () => void;
  badge?: ReactNode;
}) {
  const { t } = useTranslation('layout');
  const [toggled, setToggled] = useState<boolean | null>(null);
  const groupId = useId();
  const icon = <item.icon size={20} stroke={1.7} className={classes.linkIcon} />;

  if (item.children.length === 0) {
    return (
      <MenuLinkAnchor
        link={item}
        label={t(`menu.${item.id}`)}
        icon={icon}
        name={expanded ? undefined : t(`menu.${item.id}`)}
        onNavigate={onNavigate}
        badge={badge}
      />
    );
  }

  const opened = expanded && (toggled ?? item.active);
  return (
    // A group opens and closes its links: a button (Tab reaches it, Enter and Space toggle it) that
    // says whether it is open and which list it controls, rather than a link with no address.
    <NavLink
      component="button"
      type="button"
      aria-expanded={opened}
      aria-controls={groupId}
      // Collapsed to its icon, the group is named by its label, which is not shown.
      aria-label={expanded ? undefined : t(`menu.${item.id}`)}
      attributes={{ collapse: { id: groupId } }}
      label={
        <span className={classes.linkLabel}>
          {t(`menu.${item.id}`)}
          {item.comingSoon && <SoonBadge />}
        </span>
      }
      leftSection={icon}
      rightSection={
        <IconChevronDown
          size={16}
          className={`${classes.chevron} ${classes.linkEnd}`}
          data-closed={!opened || undefined}
        />
      }
      disableRightSectionRotation
      active={item.active && !opened}
      disabled={item.disabled}
      opened={opened}
      onChange={(next) => setToggled(next)}
      className={classes.link}
      childrenOffset={28}
      data-testid={`menu-${item.id}`}
    >
      {item.children.map((child) => (
        <MenuLinkAnchor key={child.id} link={child} label={t(`menu.${child.id}`)} child onNavigate={onNavigate} />
      ))}
    </NavLink>
  );
}
