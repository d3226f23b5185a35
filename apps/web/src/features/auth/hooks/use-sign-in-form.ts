// The sign-in pages' forms: a few text fields, checked with the shared schemas when sent. They are the
// first thing most people load, so a small hook holds them rather than @mantine/form (about 5 kB as
// served). It behaves as the rest of the app's forms do: each field's message under it, cleared as
// that field is edited, and the first field in error focused (lib/first-error.ts).
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { showFirstInvalidOfActiveForm } from '@/lib/first-error';

export type FieldErrors = Record<string, string>;

type SignInFormOptions<V> = {
  initialValues: V;
  /** One message per field in error (lib/form-errors.ts `zodFormErrors`); none when the values pass. */
  validate: (values: V) => FieldErrors | Promise<FieldErrors>;
};

/** Only the fields with a message. */
const withMessages = (errors: FieldErrors): FieldErrors =>
  Object.fromEntries(Object.entries(errors).filter(([, message]) => message));

export function useSignInForm<V extends Record<string, string>>({ initialValues, validate }: SignInFormOptions<V>) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrorsState] = useState<FieldErrors>({});

  const setErrors = (next: FieldErrors) => setErrorsState(withMessages(next));

  const setFieldValue = (name: keyof V & string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrorsState(({ [name]: _edited, ...rest }) => rest);
  };

  const reset = () => {
    setValues(initialValues);
    setErrorsState({});
  };

  /** What a Mantine text input takes: its value, its message, and the change handler. */
  const getInputProps = (name: keyof V & string) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setFieldValue(name, event.currentTarget.value),
  });

  /** Checks the values, then hands them to `handler` when they pass or shows the first field in error. */
  const onSubmit = (handler: (values: V) => void) => (event?: FormEvent) => {
    event?.preventDefault();
    const sent = values;
    // A check that cannot run (its schemas failed to load) leaves the form as it was, to be sent again.
    Promise.resolve(validate(sent)).then(
      (found) => {
        const messages = withMessages(found);
        setErrorsState(messages);
        if (Object.keys(messages).length === 0) handler(sent);
        else showFirstInvalidOfActiveForm();
      },
      () => undefined,
    );
  };

  return { values, errors, getInputProps, onSubmit, setErrors, setFieldValue, reset };
}
