import { useEffect, useState, type ReactNode } from 'react';
import { Checkbox, Field, Input, NativeSelect, Textarea } from '@chakra-ui/react';
import { useController, type FieldError, type Path } from 'react-hook-form';
import { useParsersTranslation } from '../../../lib/i18n';
import { fieldErrorKey, type EditorValues } from './definition';

type Name = Path<EditorValues>;

/** A field's error (the contract's schema or the server's 400) in the user's language. */
export function useFieldErrorText() {
  const { t } = useParsersTranslation();
  return (error: { message?: string; type?: string } | undefined) => {
    const key = fieldErrorKey(error);
    return key ? t(`editor.fieldErrors.${key}`) : '';
  };
}

/** The error of a leaf field; an array's (productUrls.1) is read by the field itself. */
const leafError = (e: unknown) => (e && typeof e === 'object' && 'message' in e ? (e as FieldError) : undefined);

export function TextField({
  name,
  label,
  help,
  placeholder,
  type = 'text',
  mono,
  required,
}: {
  name: string;
  label: string;
  help?: ReactNode;
  placeholder?: string;
  type?: 'text' | 'number' | 'url';
  mono?: boolean;
  required?: boolean;
}) {
  const { field, fieldState } = useController<EditorValues>({ name: name as Name });
  const errorText = useFieldErrorText();
  const error = leafError(fieldState.error);
  const value = field.value as string | number | undefined | null;
  return (
    <Field.Root invalid={!!error} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input
        size="sm"
        name={field.name}
        ref={field.ref}
        type={type}
        inputMode={type === 'number' ? 'decimal' : undefined}
        value={value ?? ''}
        placeholder={placeholder}
        fontFamily={mono ? 'mono' : undefined}
        // An emptied number leaves the key out (its default applies), never NaN.
        onChange={(e) => field.onChange(type === 'number' ? (e.currentTarget.value === '' ? undefined : Number(e.currentTarget.value)) : e.currentTarget.value)}
        onBlur={field.onBlur}
      />
      {help && !error && <Field.HelperText>{help}</Field.HelperText>}
      <Field.ErrorText>{errorText(error)}</Field.ErrorText>
    </Field.Root>
  );
}

export function SelectField({ name, label, options, help }: { name: string; label: string; options: { value: string; label: string }[]; help?: ReactNode }) {
  const { field, fieldState } = useController<EditorValues>({ name: name as Name });
  const errorText = useFieldErrorText();
  const error = leafError(fieldState.error);
  return (
    <Field.Root invalid={!!error}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          name={field.name}
          ref={field.ref}
          value={(field.value as string | undefined) ?? ''}
          onChange={(e) => field.onChange(e.currentTarget.value)}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {help && !error && <Field.HelperText>{help}</Field.HelperText>}
      <Field.ErrorText>{errorText(error)}</Field.ErrorText>
    </Field.Root>
  );
}

/** A yes/no field; `unset` is what an absent key means (the schema's default). */
export function CheckField({ name, label, unset }: { name: string; label: string; unset: boolean }) {
  const { field } = useController<EditorValues>({ name: name as Name });
  return (
    <Checkbox.Root size="sm" checked={(field.value as boolean | undefined) ?? unset} onCheckedChange={(e) => field.onChange(e.checked === true)}>
      <Checkbox.HiddenInput name={field.name} />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}

/**
 * Product URLs, one a line. The text is the user's while typing (an empty line stays); the form holds
 * the list. An error of one address names its line.
 */
export function LinesField({ name, label, help }: { name: string; label: string; help?: ReactNode }) {
  const { t } = useParsersTranslation();
  const { field, fieldState } = useController<EditorValues>({ name: name as Name });
  const errorText = useFieldErrorText();
  const list = Array.isArray(field.value) ? (field.value as unknown[]).map(String) : [];
  const [text, setText] = useState(list.join('\n'));
  const joined = list.join('\n');
  // The list changed elsewhere (the JSON view): show it unless it is what this text already says.
  useEffect(() => {
    setText((current) => (linesOf(current).join('\n') === joined ? current : joined));
  }, [joined]);
  const error = fieldState.error as unknown;
  const messages: string[] = [];
  if (leafError(error)) messages.push(errorText(leafError(error)));
  else if (Array.isArray(error))
    error.forEach((e, i) => {
      if (leafError(e)) messages.push(t('editor.lineError', { line: i + 1, error: errorText(leafError(e)) }));
    });
  return (
    <Field.Root invalid={messages.length > 0}>
      <Field.Label>{label}</Field.Label>
      <Textarea
        size="sm"
        rows={4}
        name={field.name}
        ref={field.ref}
        fontFamily="mono"
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          field.onChange(linesOf(e.currentTarget.value));
        }}
        onBlur={field.onBlur}
      />
      {help && !messages.length && <Field.HelperText>{help}</Field.HelperText>}
      <Field.ErrorText>{messages.join(' · ')}</Field.ErrorText>
    </Field.Root>
  );
}

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
