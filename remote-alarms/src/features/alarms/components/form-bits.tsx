import type { ReactNode } from 'react';
import { Box, NativeSelect, Text, chakra } from '@chakra-ui/react';

/** A labelled form row; `error` in red under it. */
export function FormRow({
  label,
  htmlFor,
  children,
  error,
  hint,
}: {
  label: ReactNode;
  htmlFor?: string;
  children: ReactNode;
  error?: string | null;
  hint?: ReactNode;
}) {
  return (
    <Box>
      <chakra.label htmlFor={htmlFor} display="block" fontSize="sm" fontWeight="medium" mb="1">
        {label}
      </chakra.label>
      {children}
      {hint && !error && (
        <Text fontSize="xs" color="fg.muted" mt="1">
          {hint}
        </Text>
      )}
      {error && (
        <Text fontSize="sm" color="fg.error" mt="1" role="alert">
          {error}
        </Text>
      )}
    </Box>
  );
}

export function Select({
  id,
  value,
  onChange,
  children,
  label,
}: {
  id?: string;
  value: string;
  onChange: (v: string) => void;
  children: ReactNode;
  label?: string;
}) {
  return (
    <NativeSelect.Root size="sm">
      <NativeSelect.Field id={id} aria-label={label} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {children}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** A plain checkbox with its label (keyboard and screen readers work as for any checkbox). */
export function CheckBox({ checked, onChange, children, id }: { checked: boolean; onChange: (v: boolean) => void; children: ReactNode; id?: string }) {
  return (
    <chakra.label display="inline-flex" alignItems="center" gap="2" fontSize="sm" cursor="pointer">
      <chakra.input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.currentTarget.checked)}
        accentColor="var(--chakra-colors-color-palette-solid, #2563eb)"
      />
      {children}
    </chakra.label>
  );
}
