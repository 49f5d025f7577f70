import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { Box, HStack, Text, chakra } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** Touch screens (the theme's rule): a finger gets at least 44 px. */
const COARSE = '@media (pointer: coarse)';

export type FileFieldProps = {
  /** The input's id: a FormField's htmlFor points at it, so its label names the input. */
  id?: string;
  /** Its name when no label names it (e.g. a lone "Add pages" button). */
  'aria-label'?: string;
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  /** The chosen files (an empty list when the user cancels the picker). */
  onChange: (files: File[]) => void;
  /** The button's text; "Choose file(s)" in the UI language by default. */
  buttonText?: ReactNode;
  /** Show the chosen file's name or "No file chosen" beside the button (off for upload-at-once buttons). */
  showName?: boolean;
  /** The chosen files when the caller holds them (null or [] for none): the name shown follows it, and none clears the input. */
  value?: File | File[] | null;
  size?: 'xs' | 'sm';
  /** Width of the button; 'full' for a narrow column. */
  width?: string;
  inputRef?: Ref<HTMLInputElement>;
};

/**
 * A file input that speaks the UI language. The browser's own one writes "Choose File / No file chosen"
 * in the BROWSER's language; here the real input lies transparent over a button-like box we draw, so a
 * click, a tap, a dropped file, the keyboard (Tab, then Space) and the label all reach the real input,
 * and tests' setInputFiles too.
 */
export function FileField({
  id,
  'aria-label': ariaLabel,
  accept,
  multiple,
  disabled,
  onChange,
  buttonText,
  showName = true,
  value,
  size = 'sm',
  width,
  inputRef,
}: FileFieldProps) {
  const { t } = useTranslation();
  const own = useRef<HTMLInputElement | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const held = value === undefined ? undefined : value === null ? [] : Array.isArray(value) ? value : [value];
  const names = held ? held.map((f) => f.name) : chosen;
  // Cleared by the caller (a dialog reopened): the input forgets its file too, so picking the same one again is a change.
  useEffect(() => {
    if (held?.length === 0 && own.current) own.current.value = '';
  }, [held?.length]);
  const setRef = (el: HTMLInputElement | null) => {
    own.current = el;
    if (typeof inputRef === 'function') inputRef(el);
    else if (inputRef) (inputRef as { current: HTMLInputElement | null }).current = el;
  };
  const nameText = names.length === 0 ? t('common.file.none') : names.length === 1 ? names[0] : t('common.file.many', { count: names.length });

  return (
    <HStack gap="3" align="center" minW="0" flexWrap="wrap">
      <Box
        position="relative"
        display="inline-flex"
        alignItems="center"
        justifyContent="center"
        flexShrink={0}
        w={width === 'full' ? '100%' : width}
        minH={size === 'xs' ? '6' : '8'}
        px={size === 'xs' ? '2' : '3'}
        py="1"
        borderWidth="1px"
        borderColor="border"
        rounded="l2"
        bg="bg"
        fontSize={size}
        fontWeight="medium"
        textAlign="center"
        opacity={disabled ? 0.5 : 1}
        css={{
          [COARSE]: { minHeight: '44px', minWidth: '44px' },
          '&:hover': disabled ? undefined : { bg: 'bg.muted' },
          // The real input has the focus; the box we draw shows the ring.
          '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' },
        }}
      >
        <span aria-hidden="true">{buttonText ?? t(multiple ? 'common.file.chooseMany' : 'common.file.choose')}</span>
        <chakra.input
          ref={setRef}
          id={id}
          type="file"
          aria-label={ariaLabel}
          accept={accept}
          multiple={multiple}
          disabled={disabled}
          position="absolute"
          inset="0"
          w="100%"
          h="100%"
          // Not min-height 44 of the theme's rule: it covers its box exactly, whatever the box's height.
          css={{ minHeight: '0 !important', '&::file-selector-button': { cursor: 'inherit' } }}
          opacity={0}
          cursor={disabled ? 'not-allowed' : 'pointer'}
          onChange={(e) => {
            const files = Array.from(e.currentTarget.files ?? []);
            setChosen(files.map((f) => f.name));
            onChange(files);
          }}
        />
      </Box>
      {showName && (
        <Text fontSize={size} color={names.length ? undefined : 'fg.muted'} minW="0" wordBreak="break-word" data-testid={id ? `${id}-name` : undefined}>
          {nameText}
        </Text>
      )}
    </HStack>
  );
}
