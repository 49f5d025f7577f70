import { useId } from 'react';
import { useTranslation } from '@pricewatch/shared/i18n';
import { ErrorIcon } from '../../../components/icons';
import type { RequiredField } from '../hooks/use-required-field';

export function UsernameField({ field }: { field: RequiredField }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="pw-field" data-invalid={field.showError || undefined}>
      <label htmlFor={id} className="pw-field__label">
        {t('login.username')}
      </label>
      <div className="pw-field__control">
        <input
          id={id}
          name="username"
          autoComplete="username"
          autoFocus
          className={`pw-field__input${field.showError ? ' pw-field__input--with-end' : ''}`}
          aria-invalid={field.showError || undefined}
          aria-describedby={field.showError ? `${id}-error` : undefined}
          value={field.value}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
        />
        {field.showError && (
          <span className="pw-field__end">
            <ErrorIcon data-testid="username-error-icon" />
          </span>
        )}
      </div>
      {field.showError && (
        <p id={`${id}-error`} className="pw-field__error">
          {t('login.usernameRequired')}
        </p>
      )}
    </div>
  );
}
