import { Avatar, Badge, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LoginResult, MembershipChoice } from '@app/shared/auth/schemas';
import { useSelectEntity } from '../api/select-entity';
import { useSignInFeedback } from '../hooks/use-sign-in-feedback';
import classes from './entity-chooser.module.css';
import { SignInErrorAlert } from './sign-in-error-alert';

type EntityChooserProps = { entities: MembershipChoice[]; onChosen: (result: LoginResult) => void };

export function EntityChooser({ entities, onChosen }: EntityChooserProps) {
  const { t } = useTranslation('auth');
  const select = useSelectEntity();
  const feedback = useSignInFeedback();

  const choose = (entity: MembershipChoice) => {
    feedback.clear();
    select.mutate(entity.id, { onSuccess: onChosen, onError: feedback.report });
  };

  return (
    <Stack gap="sm" data-testid="entity-chooser">
      <SignInErrorAlert feedback={feedback} />
      {entities.map((entity) => (
        <UnstyledButton
          key={entity.id}
          className={classes.choice}
          onClick={() => choose(entity)}
          disabled={select.isPending}
          data-testid="entity-choice"
          aria-label={entity.name}
        >
          <Group wrap="nowrap" gap="sm">
            <Avatar src={entity.logo} name={entity.name} color="initials" radius="md" size="md" />
            <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
              <Text fw={600} truncate="end">
                {entity.name}
              </Text>
              <Group gap={6}>
                <Text size="xs" c="dimmed">
                  {entity.role}
                </Text>
                <Badge size="xs" variant="light" color={entity.package === 'Cloud' ? 'blue' : 'grape'}>
                  {t(`common:packages.${entity.package}`)}
                </Badge>
              </Group>
            </Stack>
            {select.isPending && select.variables === entity.id ? (
              <Loader size="sm" />
            ) : (
              <IconChevronRight size={18} className={classes.chevron} />
            )}
          </Group>
        </UnstyledButton>
      ))}
    </Stack>
  );
}
