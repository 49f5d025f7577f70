import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';

export type ToggleItem = { value: string; label: string; hint?: string };

/** Pressable choices (several may be on): networks, shops. */
export function ToggleList({
  label,
  items,
  selected,
  onChange,
  emptyText,
}: {
  label: string;
  items: ToggleItem[];
  selected: string[];
  onChange: (values: string[]) => void;
  emptyText?: string;
}) {
  const id = useId();
  const on = new Set(selected);
  return (
    <Stack gap="1">
      <Text fontSize="xs" color="fg.muted" id={id}>
        {label}
      </Text>
      <HStack gap="1.5" wrap="wrap" role="group" aria-labelledby={id}>
        {items.length === 0 && emptyText && (
          <Text fontSize="sm" color="fg.muted">
            {emptyText}
          </Text>
        )}
        {items.map((item) => {
          const pressed = on.has(item.value);
          return (
            <Button
              key={item.value}
              size="xs"
              variant={pressed ? 'subtle' : 'outline'}
              colorPalette={pressed ? 'blue' : 'gray'}
              aria-pressed={pressed}
              title={item.hint}
              onClick={() => onChange(pressed ? selected.filter((v) => v !== item.value) : [...selected, item.value])}
            >
              {item.label}
            </Button>
          );
        })}
      </HStack>
    </Stack>
  );
}
