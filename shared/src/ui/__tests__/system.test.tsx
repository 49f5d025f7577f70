import { system } from '../system';

describe('system', () => {
  it('carries the brand palette with the semantic tokens colorPalette needs', () => {
    expect(system.token('colors.brand.600')).toBe('#1f6866');
    for (const key of ['solid', 'contrast', 'fg', 'muted', 'subtle', 'emphasized', 'focusRing']) {
      expect(system.tokens.getByName(`colors.brand.${key}`)).toBeDefined();
    }
  });

  it('keeps the default palettes', () => {
    expect(system.token('colors.red.500')).toBeDefined();
  });
});

/** The light-mode colour of a token, following references ({colors.green.700}, white). */
function lightColour(name: string): string {
  const token = system.tokens.getByName(name);
  if (!token) throw new Error(`no token ${name}`);
  const conditions = token.extensions.conditions as Record<string, string> | undefined;
  const raw = String(conditions?._light ?? conditions?.base ?? token.originalValue);
  const ref = /^\{(.+)\}$/.exec(raw);
  if (ref) return lightColour(ref[1]);
  return raw.startsWith('#') ? raw : lightColour(`colors.${raw}`);
}

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b2] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
    const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b2);
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('contrast (issue 18 item 4: axe finds none too low)', () => {
  const palettes = ['brand', 'gray', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'cyan', 'purple', 'pink'];

  it.each(palettes)('a solid %s button or badge reads at 4.5:1', (palette) => {
    expect(contrast(lightColour(`colors.${palette}.solid`), lightColour(`colors.${palette}.contrast`))).toBeGreaterThanOrEqual(4.5);
  });

  it.each(palettes)('a subtle %s badge reads at 4.5:1', (palette) => {
    expect(contrast(lightColour(`colors.${palette}.fg`), lightColour(`colors.${palette}.subtle`))).toBeGreaterThanOrEqual(4.5);
  });

  // A focus ring is a non-text indicator: 3:1 against the page (WCAG 1.4.11), so the keyboard's place shows.
  it.each(palettes)('the %s focus ring shows at 3:1 on the page', (palette) => {
    const ratios = ['colors.bg', 'colors.bg.subtle'].map((bg) => contrast(lightColour(`colors.${palette}.focusRing`), lightColour(bg)));
    expect(Math.min(...ratios)).toBeGreaterThanOrEqual(3);
  });

  // The page is bg (white) or bg.subtle (the shell's main area).
  it.each(['fg.muted', 'fg.subtle', 'fg.error', 'fg.warning', 'fg.success', 'fg.info'])('%s text reads at 4.5:1 on the page', (fg) => {
    const ratios = ['colors.bg', 'colors.bg.subtle'].map((bg) => contrast(lightColour(`colors.${fg}`), lightColour(bg)));
    expect(Math.min(...ratios)).toBeGreaterThanOrEqual(4.5);
  });
});
