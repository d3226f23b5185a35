import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Card,
  Grid,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconInfoCircle, IconLifebuoy, IconShieldCheck, IconShieldX } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { planName } from '@app/shared/constants';
import { paths } from '@/config/paths';
import { entityLogoUrl } from '@/components/layout/display-names';
import { buildMenu, type MenuItem } from '@/components/layout/navigation';
import { usePublicConfig } from '@/lib/public-config';
import type { StoredSession } from '@/lib/session';
import { roleName } from '@/lib/role-name';
import { AreaCard } from './area-card';
import classes from './dashboard-home.module.css';

function greetingKey(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour < 12) return 'morning';
  return hour < 18 ? 'afternoon' : 'evening';
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts="0.04em">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** The dashboard home: who and where the person is, and the parts of the product they may open. */
export function DashboardHome({ session }: { session: StoredSession }) {
  const { t } = useTranslation(['pages', 'common']);
  const config = usePublicConfig();
  const { user, entity, role } = session;
  const now = dayjs();
  const plan = planName(session.plan) ?? planName(entity.plan);
  const areas = buildMenu(session, paths.home).filter(
    (entry): entry is MenuItem => entry.kind === 'link' && entry.id !== 'dashboard',
  );
  const firstName = user.fullName.split(' ')[0] || user.fullName;

  return (
    <Stack gap="xl" data-testid="dashboard-home">
      <Card padding="xl" className={classes.hero}>
        <Grid align="center" gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap={6}>
              <Text size="sm" className={classes.heroMuted}>
                {now.format('dddd, D MMMM YYYY')}
              </Text>
              <Title order={1} size="h2" c="white">
                {t(`pages:home.greeting.${greetingKey(now.hour())}`, { name: firstName })}
              </Title>
              <Text className={classes.heroMuted}>{t('pages:home.intro', { company: entity.name })}</Text>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Card radius="lg" padding="lg" className={classes.companyCard} data-testid="home-company">
              <Group wrap="nowrap" gap="md">
                <Avatar src={entityLogoUrl(entity.logo)} name={entity.name} color="initials" size={52} radius="md" />
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={700} size="lg" truncate="end">
                    {entity.name}
                  </Text>
                  {entity.subdomain && (
                    <Text size="xs" c="dimmed" truncate="end" dir="ltr">
                      {entity.subdomain}
                    </Text>
                  )}
                </Stack>
              </Group>
              <Group mt="lg" gap="xl" align="flex-start">
                <Fact label={t('pages:home.package')}>
                  <Badge
                    variant="light"
                    color={entity.package === 'Cloud' ? 'indigo' : 'grape'}
                    data-testid="home-package"
                  >
                    {t(`common:packages.${entity.package}`)}
                  </Badge>
                </Fact>
                <Fact label={t('pages:home.plan')}>
                  <Badge variant="light" color="teal" data-testid="home-plan">
                    {plan ? t(`common:plans.${plan}`) : session.plan}
                  </Badge>
                </Fact>
                <Fact label={t('pages:home.role')}>
                  <Text size="sm" fw={500}>
                    {roleName(role, t)}
                  </Text>
                </Fact>
              </Group>
            </Card>
          </Grid.Col>
        </Grid>
      </Card>

      {entity.package !== 'Cloud' && (
        <Alert
          variant="light"
          color="grape"
          icon={<IconInfoCircle size={18} />}
          title={t('pages:home.standalone_title')}
        >
          {t('pages:home.standalone_body')}
        </Alert>
      )}

      <Grid gap="xl">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            <Title order={2} size="h4">
              {t('pages:home.areas_title')}
            </Title>
            {areas.length === 0 ? (
              <Text c="dimmed">{t('pages:home.no_areas')}</Text>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
                {areas.map((item) => (
                  <AreaCard
                    key={item.id}
                    item={item}
                    description={item.disabled ? t('pages:home.cloud_only') : t(`pages:home.areas.${item.id}`)}
                  />
                ))}
              </SimpleGrid>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <Title order={2} size="h4">
              {t('pages:home.account_title')}
            </Title>
            <Card withBorder padding="lg">
              <Group wrap="nowrap" gap="md" align="flex-start">
                <ThemeIcon size={40} radius="md" variant="light" color={user.is_otp_enabled ? 'teal' : 'orange'}>
                  {user.is_otp_enabled ? <IconShieldCheck size={22} /> : <IconShieldX size={22} />}
                </ThemeIcon>
                <Stack gap={4}>
                  <Text fw={600}>
                    {user.is_otp_enabled ? t('pages:home.two_step_on') : t('pages:home.two_step_off')}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {user.is_otp_enabled ? t('pages:home.two_step_on_body') : t('pages:home.two_step_off_body')}
                  </Text>
                  <Anchor
                    size="sm"
                    renderRoot={(props) => <Link to={paths.twoStep} {...props} />}
                    data-testid="home-two-step"
                  >
                    {t('pages:home.two_step_manage')}
                  </Anchor>
                </Stack>
              </Group>
            </Card>
            {config?.support_email && (
              <Card withBorder padding="lg">
                <Group wrap="nowrap" gap="md" align="flex-start">
                  <ThemeIcon size={40} radius="md" variant="light" color="indigo">
                    <IconLifebuoy size={22} />
                  </ThemeIcon>
                  <Stack gap={4} style={{ minWidth: 0 }}>
                    <Text fw={600}>{t('pages:home.help_title')}</Text>
                    <Text size="sm" c="dimmed">
                      {t('pages:home.help_body')}
                    </Text>
                    <Anchor size="sm" href={`mailto:${config.support_email}`} dir="ltr" truncate="end">
                      {config.support_email}
                    </Anchor>
                  </Stack>
                </Group>
              </Card>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
