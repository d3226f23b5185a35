import { Group, MultiSelect, Pill, Text, Tooltip, type MultiSelectProps } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { TreeOption } from '../utils/tree-options';

type OptionMultiSelectProps = Omit<MultiSelectProps, 'data' | 'value' | 'onChange'> & {
  options: readonly TreeOption[];
  value: string[];
  onChange: (value: string[]) => void;
  /** Chosen values that cannot be removed here, and why (shown on the pill). */
  locked?: { values: readonly string[]; reason: string; labels?: Readonly<Record<string, string>> };
};

/**
 * A multi-select over a flat list or a tree (each option indented by its depth). Locked values show
 * with a lock and no remove button, and stay chosen whatever else changes.
 */
export function OptionMultiSelect({ options, value, onChange, locked, ...props }: OptionMultiSelectProps) {
  const lockedValues = locked?.values ?? [];
  const depthOf = new Map(options.map((option) => [option.value, option.depth]));
  // A locked value may be outside the options (a site the admin cannot see): it still needs a name.
  const data = [
    ...options.map((option) => ({ value: option.value, label: option.label })),
    ...lockedValues
      .filter((id) => !depthOf.has(id))
      .map((id) => ({ value: id, label: locked?.labels?.[id] ?? id, disabled: true })),
  ];
  return (
    <MultiSelect
      {...props}
      data={data}
      value={value}
      onChange={(next) => onChange([...new Set([...lockedValues.filter((id) => value.includes(id)), ...next])])}
      searchable
      hidePickedOptions={false}
      renderOption={({ option, checked }) => (
        <Text
          size="sm"
          fw={checked ? 600 : undefined}
          style={{ paddingInlineStart: `calc(${depthOf.get(String(option.value)) ?? 0} * var(--mantine-spacing-md))` }}
        >
          {option.label}
        </Text>
      )}
      renderPill={({ option, onRemove, disabled }) =>
        lockedValues.includes(String(option.value)) ? (
          <Tooltip label={locked?.reason} multiline maw={260} key={String(option.value)}>
            <Pill data-locked>
              <Group gap={4} wrap="nowrap">
                <IconLock size={12} aria-hidden />
                {option.label}
              </Group>
            </Pill>
          </Tooltip>
        ) : (
          <Pill
            key={String(option.value)}
            withRemoveButton={!disabled && !props.readOnly}
            onRemove={onRemove}
            disabled={disabled}
          >
            {option.label}
          </Pill>
        )
      }
    />
  );
}
