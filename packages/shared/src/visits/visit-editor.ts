// Who may change an expected visit (decision 018): people managers (`users`) and the API token change
// every visit in their scope; anyone else who works the dashboard changes, deletes, re-sends and
// decides only the visits they added or host. The server enforces it; a dashboard patched live from
// an event works out its own flag with it.

export type VisitEditor = { all: true } | { all: false; personId: string | null };

export const mayChangeVisit = (
  editor: VisitEditor,
  visit: { createdByPersonId: string | null },
  hostIds: readonly string[],
): boolean =>
  editor.all ||
  (editor.personId !== null && (visit.createdByPersonId === editor.personId || hostIds.includes(editor.personId)));
