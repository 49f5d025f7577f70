import type { ReactNode } from 'react';
import { Box, HStack, NativeSelect, Text, chakra } from '@chakra-ui/react';

export type FormFieldProps = {
  label: ReactNode;
  /** The id of the control, so the label names it. */
  htmlFor?: string;
  children: ReactNode;
  /** The field's problem, in red under it (an alert, so it is read out when it appears). */
  error?: string | null;
  /** Help under the field while it has no problem. */
  help?: ReactNode;
  /** `xs`: the small muted labels of dense side panels. */
  size?: 'sm' | 'xs';
};

/** A labelled form row: label, the control, then its problem or its help. */
export function FormField({ label, htmlFor, children, error, help, size = 'sm' }: FormFieldProps) {
  return (
    <Box>
      <chakra.label htmlFor={htmlFor} display="block" fontSize={size} fontWeight="medium" mb="1" color={size === 'xs' ? 'fg.muted' : undefined}>
        {label}
      </chakra.label>
      {children}
      {help && !error && (
        <Text fontSize="xs" color="fg.muted" mt="1">
          {help}
        </Text>
      )}
      {error && (
        <Text
          id={htmlFor ? `${htmlFor}-error` : undefined}
          data-testid={htmlFor ? `${htmlFor}-error` : undefined}
          fontSize={size}
          color="fg.error"
          mt="1"
          role="alert"
        >
          {error}
        </Text>
      )}
    </Box>
  );
}

export type SelectFieldProps = {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  /** Its name when no label names it. */
  label?: string;
  invalid?: boolean;
  disabled?: boolean;
};

/** A native select (keyboard, screen readers and tests treat it as any select). */
export function SelectField({ id, value, onChange, children, label, invalid, disabled }: SelectFieldProps) {
  return (
    <NativeSelect.Root size="sm" invalid={invalid} disabled={disabled}>
      <NativeSelect.Field id={id} aria-label={label} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {children}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

export type CheckFieldProps = {
  /** Its label (or as children). */
  label?: ReactNode;
  children?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  id?: string;
  disabled?: boolean;
  invalid?: boolean;
};

/** A labelled native checkbox: found by its label, keyboard and screen-reader friendly as is. */
export function CheckField({ label, children, checked, onChange, id, disabled, invalid }: CheckFieldProps) {
  return (
    <HStack as="label" gap="2" fontSize="sm" cursor={disabled ? 'not-allowed' : 'pointer'} opacity={disabled ? 0.6 : 1}>
      <chakra.input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        onChange={(e) => onChange(e.currentTarget.checked)}
        accentColor="colorPalette.solid"
        w="4"
        h="4"
      />
      <span>{label ?? children}</span>
    </HStack>
  );
}
