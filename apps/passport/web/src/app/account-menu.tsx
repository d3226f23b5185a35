import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import {
  IconCalendarEvent,
  IconDevices,
  IconLogout,
  IconMailOpened,
  IconMapPin,
  IconQrcode,
  IconShieldLock,
  IconUserCircle,
} from '@tabler/icons-react';
import type { PassportAccount } from '@app/shared/passport/schemas';
import { useTranslation } from 'react-i18next';
import { linkProps } from '../components/app-link';
import { signOut } from '../lib/account';
import { navigate, paths } from '../lib/router';

/** The signed-in person's menu: their pages, and signing out. */
export function AccountMenu({ account }: { account: PassportAccount }) {
  const { t } = useTranslation();
  const name = `${account.first_name} ${account.last_name}`;
  const items = [
    { href: paths.home, label: t('nav.home'), icon: IconQrcode },
    { href: paths.profile, label: t('nav.profile'), icon: IconUserCircle },
    { href: paths.security, label: t('nav.security'), icon: IconShieldLock },
    { href: paths.sessions, label: t('nav.sessions'), icon: IconDevices },
    { href: paths.visits, label: t('nav.visits'), icon: IconCalendarEvent },
    { href: paths.onSite, label: t('nav.on_site'), icon: IconMapPin },
    { href: paths.invitations, label: t('nav.invitations'), icon: IconMailOpened },
  ];

  const leave = async () => {
    await signOut();
    navigate(paths.signIn, { replace: true });
  };

  return (
    <Menu position="bottom-end" withinPortal={false} withInitialFocusPlaceholder={false} width={240}>
      <Menu.Target>
        <UnstyledButton aria-label={t('nav.menu', { name })} style={{ borderRadius: '50%' }}>
          <Avatar src={account.photo} alt="" radius="50%" size={38} color="blue">
            {`${account.first_name.charAt(0)}${account.last_name.charAt(0)}`.toUpperCase()}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{name}</Menu.Label>
        {items.map(({ href, label, icon: Icon }) => (
          <Menu.Item key={href} {...linkProps(href)} leftSection={<Icon size={18} aria-hidden />}>
            {label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={18} aria-hidden />} onClick={() => void leave()}>
          {t('nav.sign_out')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
