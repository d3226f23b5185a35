import { Group, Loader, Stack, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { LoginResult, MembershipChoice } from '@app/shared/auth/schemas';
import { useSelectEntity } from '../api/select-entity';
import { useSignInFeedback } from '../hooks/use-sign-in-feedback';
import { CompanyIdentity } from '@/components/ui/company-identity';
import classes from './entity-chooser.module.css';
import { SignInErrorAlert } from './sign-in-error-alert';

type EntityChooserProps = { entities: MembershipChoice[]; onChosen: (result: LoginResult) => void };

export function EntityChooser({ entities, onChosen }: EntityChooserProps) {
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
            <CompanyIdentity company={entity} />
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
