import { useEffect, useState } from 'react';
import { Field, Textarea } from '@chakra-ui/react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useParsersTranslation } from '../../../lib/i18n';
import { cleanDefinition, jsonErrorAt, type EditorValues } from './definition';

const show = (v: unknown) => JSON.stringify(cleanDefinition(v), null, 2);

/**
 * The whole definition as JSON, in sync both ways with the fields: a change in the fields rewrites the
 * text, valid text sets the fields. Text that is not JSON (or not an object) stays as typed and says where.
 */
export function DefinitionJson() {
  const { t } = useParsersTranslation();
  const { control, setValue } = useFormContext<EditorValues>();
  const definition = useWatch({ control, name: 'definition' });
  const shown = show(definition);
  const [text, setText] = useState(shown);
  const [problem, setProblem] = useState<string | null>(null);
  // The fields changed: show them, unless the text being typed already says the same.
  useEffect(() => {
    setText((current) => {
      try {
        if (show(JSON.parse(current)) === shown) return current;
      } catch {
        // the text is being typed and is not JSON yet: the fields did not change from here
        return current;
      }
      return shown;
    });
  }, [shown]);

  const onChange = (value: string) => {
    setText(value);
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch (err) {
      const at = jsonErrorAt(value, err);
      setProblem(at ? t('editor.json.invalidAt', at) : t('editor.json.invalid'));
      return;
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      setProblem(t('editor.json.notObject'));
      return;
    }
    setProblem(null);
    setValue('definition', parsed as Record<string, unknown>, { shouldDirty: true });
  };

  return (
    <Field.Root invalid={problem !== null}>
      <Field.Label>{t('editor.json.label')}</Field.Label>
      <Textarea size="sm" fontFamily="mono" rows={18} spellCheck={false} value={text} onChange={(e) => onChange(e.currentTarget.value)} />
      {problem ? <Field.ErrorText>{problem}</Field.ErrorText> : <Field.HelperText>{t('editor.json.help')}</Field.HelperText>}
    </Field.Root>
  );
}
