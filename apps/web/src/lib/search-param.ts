import { useRouterState } from '@tanstack/react-router';

/** One query-string value as written in the address (the router's parsed search turns "123" into a number). */
export function useSearchText(name: string): string | null {
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  return new URLSearchParams(searchStr).get(name);
}
