import { Anchor, Box, Button, Group, Image, Radio, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { agreementFileUrl } from '../api/get-online-compliance';
import type { Draft, OnlineItem } from '../utils/compliance-answers';
import classes from './pre-registration.module.css';

type AcceptanceComplianceProps = {
  token: string;
  item: OnlineItem;
  draft: Draft;
  onAccepted: (accepted: boolean) => void;
  error?: boolean;
};

/** An agreement (its text, or its PDF or image to open) or a statement, agreed to or not. */
export function AcceptanceCompliance({ token, item, draft, onAccepted, error }: AcceptanceComplianceProps) {
  const { t } = useTranslation('pre-registration');
  const content = item.content;
  const fileUrl = agreementFileUrl(token, item.id);
  return (
    <Stack gap="md">
      {'statement' in content && (
        <Text className={classes.wrap} fw={500} dir="auto" data-testid={`compliance-statement-${item.id}`}>
          {content.statement}
        </Text>
      )}
      {'agreement_type' in content && content.agreement_text && (
        // It scrolls: a keyboard reaches it (a named region) to scroll it with the arrow keys.
        <Box
          className={classes.agreement}
          dir="auto"
          tabIndex={0}
          role="region"
          aria-label={t('compliance.agreement_text', { name: item.name })}
          data-testid={`compliance-agreement-${item.id}`}
        >
          {content.agreement_text}
        </Box>
      )}
      {'agreement_type' in content && content.file && (
        <Stack gap="xs">
          {content.file.mime.startsWith('image/') && (
            <Anchor href={fileUrl} target="_blank" rel="noopener">
              <Image src={fileUrl} alt={content.file.name} radius="sm" mah={320} fit="contain" />
            </Anchor>
          )}
          <Group>
            <Button
              component="a"
              href={fileUrl}
              target="_blank"
              rel="noopener"
              variant="light"
              leftSection={content.file.mime === 'application/pdf' ? <IconFileTypePdf size={18} /> : undefined}
              rightSection={<IconExternalLink size={14} />}
              data-testid={`compliance-file-${item.id}`}
            >
              {t('compliance.open_file', { name: content.file.name })}
            </Button>
          </Group>
        </Stack>
      )}
      <Radio.Group
        value={draft.accepted === null ? null : draft.accepted ? 'yes' : 'no'}
        onChange={(value) => onAccepted(value === 'yes')}
        required={item.required}
        error={error && draft.accepted === null ? t('compliance.choose') : undefined}
        data-testid={`compliance-accept-${item.id}`}
      >
        <Stack gap={8}>
          <Radio
            value="yes"
            label={item.format === 'statement' ? t('compliance.confirm_statement') : t('compliance.agree')}
            data-testid={`compliance-accept-yes-${item.id}`}
          />
          <Radio
            value="no"
            label={item.format === 'statement' ? t('compliance.decline_statement') : t('compliance.disagree')}
            data-testid={`compliance-accept-no-${item.id}`}
          />
        </Stack>
      </Radio.Group>
    </Stack>
  );
}
