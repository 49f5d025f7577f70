import type { ReactNode } from 'react';
import { chakra, HStack } from '@chakra-ui/react';

/** A labelled native checkbox: found by its label, keyboard and screen-reader friendly as is. */
export function CheckField({
  label,
  checked,
  onChange,
  disabled,
  invalid,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  invalid?: boolean;
}) {
  return (
    <HStack as="label" gap="2" fontSize="sm" cursor={disabled ? 'not-allowed' : 'pointer'} opacity={disabled ? 0.6 : 1}>
      <chakra.input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        onChange={(e) => onChange(e.target.checked)}
        accentColor="colorPalette.solid"
        w="4"
        h="4"
      />
      <span>{label}</span>
    </HStack>
  );
}
