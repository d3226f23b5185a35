// One visitor sign-in as the bench's loads send it (a kiosk or an integration): POST
// /api/v1/visits/sign-in with the company's API token, one person.

/** Sends it; resolves once answered 201, rejects otherwise with the status (0: no answer) and the body. */
export async function postSignIn(baseUrl: string, token: string, areaId: string, personId: string): Promise<void> {
  const res = await fetch(`${baseUrl}/api/v1/visits/sign-in`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ area_id: areaId, people: [{ person_id: personId }] }),
  });
  const body = await res.text();
  if (res.status !== 201) throw Object.assign(new Error(`${res.status} ${body.slice(0, 300)}`), { status: res.status });
}

/** Counts a refused or unanswered sign-in under its status in `statuses`; answers its message. */
export function countFailure(statuses: Record<string, number>, error: unknown): string {
  const status = (error as { status?: number }).status ?? 0;
  statuses[status] = (statuses[status] ?? 0) + 1;
  return error instanceof Error ? error.message : String(error);
}
