/**
 * The people import's data, kept under the people root: a change to people (the users page, a merge)
 * reads the tasks again too, and a finished run reads again every list of people.
 */
export const importRootKey = ['people', 'import'] as const;
export const importTasksKey = [...importRootKey, 'tasks'] as const;
export const importTaskKey = (id: string) => [...importRootKey, 'task', id] as const;
export const importRowsKey = (id: string) => [...importRootKey, 'rows', id] as const;
