import { Skeleton, Stack } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { isLinkRefusal, useRfidLink } from '../api/get-rfid-link';
import { RfidEnrolled } from './rfid-enrolled';
import { RfidLinkError } from './rfid-link-error';
import { RfidPending } from './rfid-pending';
import { RfidScreen } from './rfid-screen';

/** /rfid/:code: the page a person opens from the enrolment email, made for a phone first. */
export function RfidPublicPage() {
  const { code } = useParams({ from: '/rfid/$code' });
  const link = useRfidLink(code);

  // A refusal wins over an older answer: the link may have been replaced while the page was open.
  if (isLinkRefusal(link.error)) {
    return (
      <RfidScreen>
        <RfidLinkError message={link.error.message} />
      </RfidScreen>
    );
  }
  if (!link.data) {
    return (
      <RfidScreen>
        {link.isError ? (
          <RfidLinkError message={link.error.message} />
        ) : (
          <Stack gap="md" data-testid="rfid-loading">
            <Skeleton h={36} w="70%" />
            <Skeleton h={260} radius="lg" />
            <Skeleton h={160} radius="lg" />
          </Stack>
        )}
      </RfidScreen>
    );
  }
  return (
    <RfidScreen company={link.data.company}>
      {link.data.status === 'enrolled' ? (
        <RfidEnrolled link={link.data} />
      ) : (
        <RfidPending code={code} link={link.data} connected={!link.isError} />
      )}
    </RfidScreen>
  );
}
