import type { ReactNode } from 'react';
import { Box, NativeSelect, Text, chakra } from '@chakra-ui/react';

/** A labelled form row; `error` in red under it. */
export function FormRow({ label, htmlFor, children, error }: { label: ReactNode; htmlFor?: string; children: ReactNode; error?: string | null }) {
  return (
    <Box>
      <chakra.label htmlFor={htmlFor} display="block" fontSize="xs" fontWeight="medium" mb="1" color="fg.muted">
        {label}
      </chakra.label>
      {children}
      {error && (
        <Text fontSize="xs" color="fg.error" mt="1" role="alert" data-testid={htmlFor ? `${htmlFor}-error` : undefined}>
          {error}
        </Text>
      )}
    </Box>
  );
}

export function Select({ id, value, onChange, children }: { id?: string; value: string; onChange: (v: string) => void; children: ReactNode }) {
  return (
    <NativeSelect.Root size="sm">
      <NativeSelect.Field id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {children}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
