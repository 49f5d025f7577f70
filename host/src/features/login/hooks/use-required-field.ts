import { useState } from 'react';

export type RequiredField = {
  value: string;
  invalid: boolean;
  /** Spec §5: the error icon shows "when invalid and touched or dirty". */
  showError: boolean;
  onChange(value: string): void;
  onBlur(): void;
  touch(): void;
};

/** A required text field's state: touched on blur, dirty once changed. */
export function useRequiredField(isEmpty: (value: string) => boolean): RequiredField {
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const [dirty, setDirty] = useState(false);
  const invalid = isEmpty(value);
  return {
    value,
    invalid,
    showError: invalid && (touched || dirty),
    onChange(next) {
      setValue(next);
      setDirty(true);
    },
    onBlur: () => setTouched(true),
    touch: () => setTouched(true),
  };
}
