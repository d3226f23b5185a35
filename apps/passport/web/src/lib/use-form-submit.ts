// A form's submit sequence, the same everywhere: check the values (marking each field that is wrong and
// sending nothing), send them, mark the fields the server refused, and only then go on. The focus moves to
// the first field marked invalid once it has run (focusErrorsAfter).
import { useState, type FormEvent } from 'react';
import type { FieldErrors } from './api-error';
import { focusErrorsAfter } from './focus-error';
import type { Checked } from './form-errors';
import { useAction, type Action } from './use-request';

type Steps<T, I, R> = {
  /** The values to send, checked (usually `checkForm` against the operation's schema). */
  check: () => Checked<T>;
  /** What the action gets from the checked values (the values themselves when left out); undefined sends nothing. */
  send?: (data: T) => I | undefined;
  /** After the action succeeded. */
  done?: (value: R, data: T) => void | Promise<void>;
};

type Submit<I, R> = {
  <T extends I>(steps: Steps<T, I, R>): (event: FormEvent<HTMLFormElement>) => void;
  <T>(steps: Steps<T, I, R> & { send: (data: T) => I | undefined }): (event: FormEvent<HTMLFormElement>) => void;
};

export type FormSubmit<I, R> = Action<[I], R> & {
  /** Each field's message: the check's, or the server's after a refusal. */
  fields: FieldErrors;
  setFields: (fields: FieldErrors) => void;
  /** The form's onSubmit handler for these steps. */
  submit: Submit<I, R>;
};

export function useFormSubmit<I, R>(call: (input: I) => Promise<R>): FormSubmit<I, R> {
  const action = useAction(call);
  const [fields, setFields] = useState<FieldErrors>({});

  const submit = <T>({ check, send, done }: Steps<T, I, R>) =>
    focusErrorsAfter(async (event) => {
      event.preventDefault();
      const checked = check();
      if (!checked.ok) {
        setFields(checked.errors);
        return;
      }
      setFields({});
      const input = send ? send(checked.data) : (checked.data as unknown as I);
      if (input === undefined) return;
      const result = await action.run(input);
      if (!result.ok) {
        setFields(result.error.fields);
        return;
      }
      await done?.(result.value, checked.data);
    });

  return { ...action, fields, setFields, submit };
}
