import { useRouterState } from '@tanstack/react-router';

/** The pattern of the route on screen (e.g. /update/journey/$id), which the menu and guards reason about. */
export function useRoutePath(): string {
  return useRouterState({ select: (state) => state.matches.at(-1)?.fullPath ?? state.location.pathname });
}
