import type { FormEvent } from 'react';

/**
 * A form's submit handler that, once it has run, moves the focus to the first field marked invalid: a
 * keyboard or screen-reader user lands on what needs fixing instead of staying on the button.
 */
export function focusErrorsAfter(handler: (event: FormEvent<HTMLFormElement>) => Promise<void>) {
  return (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    void handler(event).finally(() =>
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()),
    );
  };
}
