import { useId, useState } from 'react';
import { useTranslation } from '@pricewatch/shared/i18n';
import { ErrorIcon, EyeIcon, EyeOffIcon } from '../../../components/icons';
import type { RequiredField } from '../hooks/use-required-field';

/** Spec §5: the show/hide toggle while valid or untouched; an error icon when invalid and touched or dirty. */
export function PasswordField({ field }: { field: RequiredField }) {
  const { t } = useTranslation();
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div className="pw-field" data-invalid={field.showError || undefined}>
      <label htmlFor={id} className="pw-field__label">
        {t('login.password')}
      </label>
      <div className="pw-field__control">
        <input
          id={id}
          name="password"
          type={visible ? 'text' : 'password'}
          autoComplete="current-password"
          className="pw-field__input pw-field__input--with-end"
          aria-invalid={field.showError || undefined}
          aria-describedby={field.showError ? `${id}-error` : undefined}
          value={field.value}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
        />
        <span className="pw-field__end">
          {field.showError ? (
            <ErrorIcon data-testid="password-error-icon" />
          ) : (
            <button
              type="button"
              className="pw-field__toggle"
              aria-label={visible ? t('login.hidePassword') : t('login.showPassword')}
              aria-pressed={visible}
              onClick={() => setVisible((v) => !v)}
            >
              {visible ? <EyeOffIcon /> : <EyeIcon />}
            </button>
          )}
        </span>
      </div>
      {field.showError && (
        <p id={`${id}-error`} className="pw-field__error">
          {t('login.passwordRequired')}
        </p>
      )}
    </div>
  );
}
