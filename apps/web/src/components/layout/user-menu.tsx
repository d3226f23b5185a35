import { Avatar, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconCreditCard, IconLogout, IconSwitchHorizontal, IconUserEdit } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '@app/shared/access/permissions';
import { paths } from '@/config/paths';
import { membershipsQueryOptions } from '@/lib/memberships';
import { logout, type StoredSession } from '@/lib/session';
import { roleName } from '@/lib/role-name';
import { shortUserName, userImageUrl } from './display-names';
import { openSwitchCompanyModal } from './switch-company-modal';
import classes from './top-bar.module.css';

export function UserMenu({ session }: { session: StoredSession }) {
  const { t } = useTranslation('layout');
  const { user, entity } = session;
  const companies = useQuery(membershipsQueryOptions).data ?? [];
  const billingAllowed =
    isAllowed(session.permissions, 'company_details') || (entity.package !== 'Cloud' && user.is_support);

  return (
    <Menu position="bottom-end" shadow="md" width={260}>
      <Menu.Target>
        <UnstyledButton className={classes.control} aria-label={t('top.user_menu')} data-testid="user-menu">
          <Avatar
            src={userImageUrl(user.image, entity.id)}
            name={user.fullName}
            color="initials"
            size={30}
            radius="xl"
            alt=""
          />
          <Text
            component="span"
            size="sm"
            fw={500}
            className={classes.userName}
            visibleFrom="sm"
            data-testid="user-name"
          >
            {shortUserName(user.fullName)}
          </Text>
          <IconChevronDown size={14} className={classes.muted} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Stack gap={0} px="sm" py={8}>
          <Text size="sm" fw={600} truncate="end" dir="auto">
            {user.fullName}
          </Text>
          <Text size="xs" c="dimmed" truncate="end" dir="auto">
            {user.email}
          </Text>
          <Text size="xs" c="dimmed" truncate="end" dir="auto">
            {roleName(session.role, t)}
          </Text>
        </Stack>
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconUserEdit size={16} />}
          renderRoot={(props) => <Link to={paths.accountDetails} {...props} />}
          data-testid="menu-my-details"
        >
          {t('top.my_details')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconCreditCard size={16} />}
          disabled={!billingAllowed}
          renderRoot={(props) => <Link to={paths.company} hash="subscription" {...props} />}
          data-testid="menu-manage-billing"
        >
          {t('top.manage_billing')}
        </Menu.Item>
        {companies.length > 1 && (
          <Menu.Item
            leftSection={<IconSwitchHorizontal size={16} />}
            onClick={() => openSwitchCompanyModal(companies, entity.id)}
            data-testid="menu-switch-company"
          >
            {t('top.switch_company')}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          onClick={() => void logout()}
          data-testid="menu-logout"
        >
          {t('top.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
