// The flow editor's values and the request bodies made from them. One set of values serves adding
// (for several user types) and changing (one user type) a flow.
import {
  CHECK_REQUIRES,
  CHECK_SWITCHES,
  defaultFlowSettings,
  type CheckSwitch,
  type FlowSettings,
  type InputMethod,
} from '@app/shared/journeys/flow-settings';
import type { CreateFlowsBodyInput, Flow, FlowHost, UpdateFlowBodyInput } from '@app/shared/journeys/schemas';

export type FlowFormValues = Omit<FlowSettings, 'checks'> & {
  user_type_ids: string[];
  checks: Record<CheckSwitch, boolean> & { temperature_threshold: string };
  host_ids: string[];
  compliances: { id: string; required: boolean }[];
  attendance_mode_ids: string[];
};

const formChecks = (checks: FlowSettings['checks']): FlowFormValues['checks'] => ({
  ...checks,
  temperature_threshold: String(checks.temperature_threshold),
});

export function emptyFlowValues(): FlowFormValues {
  const settings = defaultFlowSettings();
  return {
    ...settings,
    checks: formChecks(settings.checks),
    user_type_ids: [],
    host_ids: [],
    compliances: [],
    attendance_mode_ids: [],
  };
}

export function flowValues(flow: Flow): FlowFormValues {
  return {
    inputs: flow.inputs,
    checks: formChecks(flow.checks),
    host_note: flow.host_note,
    feedback: flow.feedback,
    output: flow.output,
    notifications: flow.notifications,
    user_type_ids: [flow.user_type.id],
    host_ids: flow.hosts.map((h) => h.id),
    compliances: flow.compliances.map((c) => ({ id: c.id, required: c.required })),
    attendance_mode_ids: flow.attendance_modes.map((m) => m.id),
  };
}

const settingsBody = (v: FlowFormValues) => ({
  inputs: v.inputs,
  checks: v.checks,
  host_note: v.host_note,
  feedback: v.feedback,
  output: v.output,
  notifications: v.notifications,
  host_ids: v.host_ids,
  compliances: v.compliances,
  attendance_mode_ids: v.attendance_mode_ids,
});

export const createBody = (v: FlowFormValues): CreateFlowsBodyInput => ({
  user_type_ids: v.user_type_ids,
  ...settingsBody(v),
});

export const updateBody = (v: FlowFormValues): UpdateFlowBodyInput => ({
  user_type_id: v.user_type_ids[0] ?? '',
  ...settingsBody(v),
});

/** The checks that switch off with `name` (those that need it), so none is left on without it. */
export function withCheck(checks: FlowFormValues['checks'], name: CheckSwitch, on: boolean): FlowFormValues['checks'] {
  const next = { ...checks, [name]: on };
  if (!on) {
    for (const dependent of CHECK_SWITCHES) {
      if (CHECK_REQUIRES[dependent]?.includes(name)) next[dependent] = false;
    }
  }
  return next;
}

/** Whether a check may be switched on now: every check it needs is on. */
export const checkAvailable = (checks: FlowFormValues['checks'], name: CheckSwitch) =>
  (CHECK_REQUIRES[name] ?? []).every((need) => checks[need]);

/** Host notifications need a host: they go off with it. */
export function withHostNotifications(v: FlowFormValues): FlowFormValues['notifications'] {
  return v.checks.host
    ? v.notifications
    : { ...v.notifications, notify_host_on_arrival: false, notify_host_on_departure: false };
}

/** Moves the compliance at `index` one place up (-1) or down (1). */
export function moveItem<T>(items: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

export const toggleInput = (inputs: InputMethod[], method: InputMethod, on: boolean, order: readonly InputMethod[]) =>
  order.filter((m) => (m === method ? on : inputs.includes(m)));

/** Hosts known by id, for the picker's labels: the flow's own and those found by searches. */
export const hostMap = (hosts: FlowHost[]) => new Map(hosts.map((h) => [h.id, h]));

/**
 * The label of a field in messages: the last part of its path (`checks.temperature_threshold` →
 * `errors:fields.temperature_threshold`), as the server names it.
 */
export const fieldLabelKey = (key: string) =>
  key.startsWith('errors:fields.') ? `errors:fields.${key.slice('errors:fields.'.length).split('.').pop()}` : key;
