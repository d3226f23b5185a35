// Lets code outside React components (the API client, the session, socket events) move the app to
// another page through the router once it exists, and by a full load before that.
type Navigate = (href: string, options?: { replace?: boolean }) => void;

let routerNavigate: Navigate | null = null;

export function registerNavigator(navigate: Navigate): void {
  routerNavigate = navigate;
}

export function navigateTo(href: string, options: { replace?: boolean } = {}): void {
  if (routerNavigate) routerNavigate(href, options);
  else if (options.replace) window.location.replace(href);
  else window.location.assign(href);
}

/** A full page load of the app's origin, as the route guard does for a permission that is off. */
export function reloadToOrigin(): void {
  window.location.assign(window.location.origin);
}
