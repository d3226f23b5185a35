import { modals, type ModalSettings } from '@mantine/modals';

const open = new Set<string>();

/** Opens one modal per id: a second event of the same kind replaces the first rather than stacking on it. */
export function openEventModal(id: string, settings: Omit<ModalSettings, 'modalId' | 'onClose'>): void {
  if (open.has(id)) modals.close(id);
  open.add(id);
  modals.open({ ...settings, modalId: id, centered: true, onClose: () => open.delete(id) });
}

/** Settings for a modal that only its own button closes. */
export const nonDismissable = { withCloseButton: false, closeOnClickOutside: false, closeOnEscape: false } as const;
