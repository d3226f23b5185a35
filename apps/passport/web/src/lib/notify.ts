// Toasts for results: a success in the theme's green, a failure in red.
import { notifications } from '@mantine/notifications';

export function notifySuccess(message: string): void {
  notifications.show({ message, color: 'green', withBorder: true });
}

export function notifyError(message: string): void {
  notifications.show({ message, color: 'red', withBorder: true, autoClose: 8000 });
}
