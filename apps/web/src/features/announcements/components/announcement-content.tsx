import { Typography } from '@mantine/core';
import classes from './announcement-content.module.css';

/**
 * An announcement's text. It is HTML that the server sanitised with a strict allow-list when it was
 * saved (modules/announcements/sanitize.ts): never text from anywhere else.
 */
export function AnnouncementContent({ html }: { html: string }) {
  return (
    <Typography className={classes.content} data-testid="announcement-content">
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
