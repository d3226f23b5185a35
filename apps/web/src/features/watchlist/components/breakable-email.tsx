import { Fragment } from 'react';

/** An email that may wrap before its @ (a narrow column breaks it there, not in the middle of a word). */
export function BreakableEmail({ email }: { email: string }) {
  const [local, ...rest] = email.split('@');
  if (rest.length === 0) return email;
  return (
    <Fragment>
      {local}
      <wbr />@{rest.join('@')}
    </Fragment>
  );
}
