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
