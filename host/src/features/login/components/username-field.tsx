import { Field, Input, InputGroup } from '@chakra-ui/react';
import { useTranslation } from '@pricewatch/shared/i18n';
import { ErrorIcon } from '../../../components/icons';
import type { RequiredField } from '../hooks/use-required-field';

export function UsernameField({ field }: { field: RequiredField }) {
  const { t } = useTranslation();
  return (
    <Field.Root invalid={field.showError}>
      <Field.Label>{t('login.username')}</Field.Label>
      <InputGroup
        endElement={field.showError ? <ErrorIcon data-testid="username-error-icon" color="var(--chakra-colors-red-500)" /> : undefined}
      >
        <Input
          name="username"
          autoComplete="username"
          autoFocus
          value={field.value}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
        />
      </InputGroup>
      <Field.ErrorText>{t('login.usernameRequired')}</Field.ErrorText>
    </Field.Root>
  );
}
