// A form refused on Save shows where: the first field with a message is scrolled into view and
// focused, whichever form it is (a long drawer would otherwise seem to ignore the click).

/**
 * Scrolls to the first field marked invalid inside `root` and focuses it; false when there is none. A
 * choice list is not focused: it would open over its own message.
 */
export function focusFirstInvalid(root: ParentNode): boolean {
  const field = root.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return false;
  field.scrollIntoView({ block: 'center' });
  if (field.getAttribute('aria-haspopup') !== 'listbox') field.focus({ preventScroll: true });
  return true;
}

/** The form the person is acting in: the focused button's form, or the form around what has focus. */
function activeForm(doc: Document): HTMLFormElement | null {
  const active = doc.activeElement;
  if (active instanceof HTMLButtonElement || active instanceof HTMLInputElement) return active.form;
  return active?.closest('form') ?? null;
}

// A form's messages are drawn by the render that follows its event: look once it has painted.
const afterPaint = (fn: () => void) => requestAnimationFrame(() => requestAnimationFrame(fn));

/** After the server refuses a form's fields, shows the first of them (called once the errors are set). */
export function showFirstInvalidOfActiveForm(): void {
  // Outside a browser (unit tests of the forms' helpers) there is nothing to show.
  if (typeof document === 'undefined') return;
  const doc = document;
  afterPaint(() => {
    const form = activeForm(doc);
    if (form) focusFirstInvalid(form);
  });
}

/** Once for the whole app: every form submitted with fields in error shows the first of them. */
export function installFirstErrorFocus(doc: Document = document): void {
  doc.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (form instanceof HTMLFormElement) afterPaint(() => focusFirstInvalid(form));
    },
    true,
  );
}
