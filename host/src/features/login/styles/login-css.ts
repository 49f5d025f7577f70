/**
 * The login screen's styles, as plain CSS. The login form is the first thing every user waits for, so
 * it renders without Chakra (whose shared chunk alone is ~311 KB gzip, over the whole start-up budget
 * of docs/bytes.md): these rules copy the theme's values (shared/src/ui/system.ts and Chakra's
 * defaults for Field, Input, Button) so the screen looks like the rest of the app. Unlayered rules win
 * over Chakra's preflight (@layer reset) after a logout, so the screen looks the same either way.
 */
export const LOGIN_CSS = `
body { margin: 0; }
.pw-login, .pw-login * { box-sizing: border-box; }
.pw-login {
  min-height: 100vh; margin: 0; padding: 0 16px; display: flex; align-items: center; justify-content: center;
  background: #fafafa; color: #09090b; line-height: 1.5; -webkit-font-smoothing: antialiased;
  font-family: Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; font-size: 16px;
}
.pw-login__card {
  width: 100%; max-width: 24rem; background: #fff; border: 1px solid #e4e4e7; border-radius: 0.5rem;
  padding: 2rem; box-shadow: 0 1px 3px rgba(24, 24, 27, 0.1), 0 1px 2px rgba(24, 24, 27, 0.06);
}
.pw-login__lang { display: flex; justify-content: flex-end; margin: -1rem -1rem 0.5rem 0; }
.pw-login__lang select {
  height: 2rem; padding: 0 0.5rem; border: 1px solid #e4e4e7; border-radius: 0.375rem; background: #fff;
  color: inherit; font: inherit; font-size: 0.875rem; cursor: pointer;
}
.pw-login__lang select:focus-visible { outline: 2px solid #2a807d; outline-offset: 1px; }
.pw-login__title { margin: 0 0 0.5rem; font-size: 1.25rem; line-height: 1.875rem; font-weight: 600; }
.pw-login__welcome { margin: 0; font-weight: 500; }
.pw-login__details { margin: 0 0 1.5rem; color: #52525b; font-size: 0.875rem; line-height: 1.25rem; }
.pw-login__form { display: flex; flex-direction: column; gap: 1rem; margin: 0; }
.pw-field { display: flex; flex-direction: column; gap: 0.375rem; }
.pw-field__label { font-size: 0.875rem; line-height: 1.25rem; font-weight: 500; }
.pw-field__control { position: relative; display: flex; align-items: center; }
.pw-field__input {
  width: 100%; height: 2.5rem; margin: 0; padding: 0 0.75rem; border: 1px solid #e4e4e7; border-radius: 0.375rem;
  background: #fff; color: inherit; font: inherit; font-size: 0.875rem; outline: 0;
  transition: border-color 0.15s, box-shadow 0.15s;
}
.pw-field__input--with-end { padding-right: 2.5rem; }
.pw-field__input:focus-visible { border-color: #2a807d; box-shadow: 0 0 0 1px #2a807d; }
.pw-field[data-invalid] .pw-field__input { border-color: #ef4444; }
.pw-field[data-invalid] .pw-field__input:focus-visible { box-shadow: 0 0 0 1px #ef4444; }
.pw-field__end {
  position: absolute; right: 0.25rem; top: 0; bottom: 0; display: flex; align-items: center; justify-content: center;
  min-width: 2rem; color: #ef4444;
}
.pw-field__toggle {
  display: inline-flex; align-items: center; justify-content: center; width: 2rem; height: 2rem; padding: 0;
  border: 0; border-radius: 0.375rem; background: transparent; color: #3f3f46; cursor: pointer;
}
.pw-field__toggle:hover { background: #f4f4f5; }
.pw-field__toggle:focus-visible { outline: 2px solid #2a807d; outline-offset: 1px; }
.pw-field__error { margin: 0; color: #dc2626; font-size: 0.75rem; line-height: 1rem; }
.pw-login__alert { margin: 0; color: #dc2626; font-size: 0.875rem; line-height: 1.25rem; }
.pw-login__submit {
  display: inline-flex; align-items: center; justify-content: center; gap: 0.5rem; height: 2.5rem; padding: 0 1rem;
  border: 0; border-radius: 0.375rem; background: #2563eb; color: #fff; font: inherit; font-size: 0.875rem;
  font-weight: 600; cursor: pointer; transition: background 0.15s;
}
.pw-login__submit:hover:not(:disabled) { background: #1d4ed8; }
.pw-login__submit:focus-visible { outline: 2px solid #2563eb; outline-offset: 2px; }
.pw-login__submit:disabled { opacity: 0.6; cursor: not-allowed; }
.pw-spinner {
  display: inline-block; width: 1rem; height: 1rem; border: 2px solid currentColor; border-right-color: transparent;
  border-radius: 50%; animation: pw-spin 0.65s linear infinite;
}
@keyframes pw-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .pw-spinner { animation-duration: 1.5s; } }
`;
