import type { ReactNode } from 'react';
import { Box, NativeSelect, Text, chakra } from '@chakra-ui/react';

/** A labelled form row with the field's problem in red under it. */
export function FormRow({ label, htmlFor, children, error }: { label: ReactNode; htmlFor: string; children: ReactNode; error?: string | null }) {
  return (
    <Box>
      <chakra.label htmlFor={htmlFor} display="block" fontSize="sm" fontWeight="medium" mb="1">
        {label}
      </chakra.label>
      {children}
      {error && (
        <Text id={`${htmlFor}-error`} fontSize="sm" color="fg.error" mt="1" role="alert">
          {error}
        </Text>
      )}
    </Box>
  );
}

/** A native select (keyboard, screen readers and tests treat it as any select). */
export function Select({
  id,
  value,
  onChange,
  children,
  label,
  invalid,
}: {
  id?: string;
  value: string;
  onChange: (v: string) => void;
  children: ReactNode;
  label?: string;
  invalid?: boolean;
}) {
  return (
    <NativeSelect.Root size="sm" invalid={invalid}>
      <NativeSelect.Field id={id} aria-label={label} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {children}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
