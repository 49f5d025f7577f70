/**
 * Shown when the deployment or the translations cannot be loaded. Nothing else is available then —
 * no translations, no theme — so it is plain English with a reload.
 */
export function StartupFailure() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 32 }} role="alert">
      <h1 style={{ fontSize: 20 }}>Pricewatch could not start</h1>
      <p>The server did not answer. Check your connection and try again.</p>
      <button type="button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </main>
  );
}
