import { useState } from 'react';
import { Field, IconButton, Input, InputGroup } from '@chakra-ui/react';
import { useTranslation } from '@pricewatch/shared/i18n';
import { ErrorIcon, EyeIcon, EyeOffIcon } from '../../../components/icons';
import type { RequiredField } from '../hooks/use-required-field';

/** Spec §5: the show/hide toggle while valid or untouched; an error icon when invalid and touched or dirty. */
export function PasswordField({ field }: { field: RequiredField }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const toggle = (
    <IconButton
      aria-label={visible ? t('login.hidePassword') : t('login.showPassword')}
      aria-pressed={visible}
      variant="ghost"
      size="sm"
      onClick={() => setVisible((v) => !v)}
    >
      {visible ? <EyeOffIcon /> : <EyeIcon />}
    </IconButton>
  );
  return (
    <Field.Root invalid={field.showError}>
      <Field.Label>{t('login.password')}</Field.Label>
      <InputGroup
        endElement={field.showError ? <ErrorIcon data-testid="password-error-icon" color="var(--chakra-colors-red-500)" /> : toggle}
      >
        <Input
          name="password"
          type={visible ? 'text' : 'password'}
          autoComplete="current-password"
          value={field.value}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
        />
      </InputGroup>
      <Field.ErrorText>{t('login.passwordRequired')}</Field.ErrorText>
    </Field.Root>
  );
}
