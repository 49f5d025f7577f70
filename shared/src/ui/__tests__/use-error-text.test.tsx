import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ApiError } from '../../api/api-error';
import { initI18nForTests } from '../../i18n/init-i18n-for-tests';
import { useErrorText, type ErrorTextOptions } from '../use-error-text';

const SHELL = {
  errors: { validation_failed: 'Check the form', not_found: 'Not found', service_unavailable: 'The service is unavailable', payload_too_large: 'Too large' },
};
const resources = {
  en: {
    translation: SHELL,
    users: {
      problems: {
        duplicate_username: 'This login is taken',
        weak_password: 'Weak password',
        role_not_allowed: 'You may not give this role',
        invalid: 'Not valid',
      },
    },
    leaflets: {
      errors: { required: 'Required', not_a_number: 'Not a number', image_too_large: 'The picture is over 20 MB', expected_mm_dd_yyyy: 'A day as MM/DD/YYYY' },
      leaflet: { fields: { price: 'Price', name: 'Name' } },
    },
  },
  ua: { translation: { errors: { ...SHELL.errors, not_found: 'Не знайдено' } }, users: { problems: { duplicate_username: 'Цей логін зайнятий' } } },
};

const wrapper = ({ children }: { children: ReactNode }) => <>{children}</>;
function errorText(options: ErrorTextOptions, language = 'en') {
  initI18nForTests(resources, language);
  // The words are read at once; unmounted, so the next test's language change re-renders nothing.
  const { result, unmount } = renderHook(() => useErrorText(options), { wrapper });
  unmount();
  return result.current;
}
const invalid = (fields: { path: string; message: string }[], message = 'validation_failed') =>
  new ApiError({ status: 400, code: 'validation_failed', messageKey: 'validation_failed', message, fields });

const USERS: ErrorTextOptions = {
  ns: 'users',
  prefix: 'problems',
  known: ['duplicate_username', 'weak_password', 'role_not_allowed'],
  unknownFieldKey: 'problems.invalid',
};
const LEAFLETS: ErrorTextOptions = { ns: 'leaflets', prefix: 'errors', fieldNameKey: (f) => `leaflet.fields.${f}` };
const PARSERS: ErrorTextOptions = { ns: 'parsers', prefix: 'problems', known: [], listFields: true };

describe('useErrorText', () => {
  it('no answer at all is "service unavailable"; a code is the shell\'s text in the UI language', () => {
    expect(errorText(PARSERS).errorText(new TypeError('Failed to fetch'))).toBe('The service is unavailable');
    const notFound = new ApiError({ status: 404, code: 'not_found', messageKey: 'not_found' });
    expect(errorText(USERS).errorText(notFound)).toBe('Not found');
    expect(errorText(USERS, 'ua').errorText(notFound)).toBe('Не знайдено');
  });

  it('a problem the remote words, in the message or a field, in its words (the detail after ":" dropped)', () => {
    const { errorText: text, fieldText, fieldErrors } = errorText(USERS);
    expect(text(new ApiError({ status: 409, code: 'conflict', messageKey: 'validation_failed', message: 'duplicate_username' }))).toBe('This login is taken');
    expect(text(invalid([{ path: 'roles.0', message: 'role_not_allowed: admin' }]))).toBe('You may not give this role');
    expect(text(invalid([{ path: 'name', message: 'too_long' }]))).toBe('Check the form');
    expect(fieldText('weak_password')).toBe('Weak password');
    expect(fieldText('too_long')).toBe('Not valid');
    expect(
      fieldErrors(
        invalid([
          { path: 'password', message: 'weak_password' },
          { path: 'password', message: 'x' },
          { path: 'name', message: 'y' },
        ]),
      ),
    ).toEqual({
      password: 'Weak password',
      name: 'Not valid',
    });
  });

  it("lists the fields nobody words after the shell's text when asked", () => {
    expect(
      errorText(PARSERS).errorText(
        invalid([
          { path: 'schedule', message: 'bad_cron' },
          { path: 'url', message: 'not_a_url' },
        ]),
      ),
    ).toBe('Check the form: schedule — bad_cron; url — not_a_url');
  });

  it('words every field problem, by field name when there are several; a known message code beats the error code', () => {
    const { errorText: text, fieldErrors, messageText } = errorText(LEAFLETS);
    expect(text(invalid([{ path: 'price', message: 'not_a_number' }]))).toBe('Not a number');
    expect(
      text(
        invalid([
          { path: 'price', message: 'required' },
          { path: 'name', message: 'expected MM/DD/YYYY' },
        ]),
      ),
    ).toBe('Price: Required; Name: A day as MM/DD/YYYY');
    expect(text(new ApiError({ status: 413, code: 'payload_too_large', messageKey: 'payload_too_large', message: 'image_too_large' }))).toBe(
      'The picture is over 20 MB',
    );
    expect(text(new ApiError({ status: 413, code: 'payload_too_large', messageKey: 'payload_too_large' }))).toBe('Too large');
    expect(fieldErrors(invalid([{ path: 'price', message: 'not_a_number' }]))).toEqual({ price: 'Not a number' });
    expect(messageText('something_new')).toBe('something_new');
  });
});
