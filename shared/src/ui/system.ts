import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/** Touch screens: a finger, not a mouse pointer. */
const COARSE = '@media (pointer: coarse)';

/**
 * Pricewatch theme: Chakra's defaults plus one restrained brand palette (a deep teal) used as the
 * default colorPalette, so buttons, links and focus rings agree across host and remotes.
 */
const config = defineConfig({
  globalCss: {
    'html, body': { colorPalette: 'brand' },
    // A touch screen (a phone): whatever a finger aims at is at least 44 × 44 px (WCAG 2.5.5). The
    // screens' dense sm/xs controls are 24–36 px, fine for a mouse: desktop (a fine pointer) is left
    // as it is. `!important` because recipes' sizes sit in a later cascade layer than global CSS.
    // A link drawn as a button (`<Button asChild><Link/></Button>`: a parser's Edit) is one too: it was 32 px tall.
    'button, select, [role="tab"], a[role="button"], a.chakra-button, input:not([type="checkbox"], [type="radio"], [type="range"], [type="hidden"])': {
      [COARSE]: { minHeight: '44px !important' },
    },
    'button, a[role="button"], a.chakra-button': { [COARSE]: { minWidth: '44px !important' } },
    // Menu items, a header bar's links (the leaflet screen's way back), and a checkbox's row (its label takes the tap).
    'nav a, nav button, header a, label:has(> input[type="checkbox"]), label:has(> input[type="radio"])': { [COARSE]: { minHeight: '44px' } },
    // A link standing on its own (a way back, a tile's heading, a product in a table): a 44 px tall row
    // to tap (Chakra's links are inline-flex, centred). A link inside running text stays a line high.
    'a.chakra-link:not(p a)': { [COARSE]: { minHeight: '44px', minWidth: '44px' } },
    // A bare checkbox (a table's row selection): as big as its cell lets it be.
    'td > input[type="checkbox"], th > input[type="checkbox"]': { [COARSE]: { width: '24px', height: '24px' } },
  },
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#eef7f7' },
          100: { value: '#d3ebea' },
          200: { value: '#a8d6d4' },
          300: { value: '#74bbb8' },
          400: { value: '#449c99' },
          500: { value: '#2a807d' },
          600: { value: '#1f6866' },
          700: { value: '#1b5452' },
          800: { value: '#184443' },
          900: { value: '#153938' },
          950: { value: '#0a2221' },
        },
      },
      fonts: {
        heading: { value: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
        body: { value: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
      },
    },
    slotRecipes: {
      // Tabs never cut their labels (issue 18): a label keeps at least its longest word and wraps
      // between words, and tabs that still do not fit a phone go onto a second row.
      tabs: {
        slots: ['root', 'list', 'trigger', 'content', 'contentGroup', 'indicator'],
        base: {
          list: { flexWrap: 'wrap' },
          trigger: { minW: 'min-content', h: 'auto', minH: 'var(--tabs-height)', py: '1' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: { _light: '{colors.brand.600}', _dark: '{colors.brand.400}' } },
          contrast: { value: { _light: 'white', _dark: '{colors.brand.950}' } },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          focusRing: { value: { _light: '{colors.brand.500}', _dark: '{colors.brand.400}' } },
        },
        // Chakra's light defaults put white on green/orange/teal/cyan 600, state texts at 400-600 and
        // focus rings at 400-500: below 4.5:1 for text, 3:1 for a ring (axe color-contrast, WCAG 1.4.11;
        // issue 18 item 4). A shade or two darker reads; dark mode unchanged.
        gray: { focusRing: { value: { _light: '{colors.gray.600}', _dark: '{colors.gray.400}' } } },
        green: {
          solid: { value: { _light: '{colors.green.700}', _dark: '{colors.green.600}' } },
          focusRing: { value: { _light: '{colors.green.600}', _dark: '{colors.green.500}' } },
        },
        orange: {
          solid: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.500}' } },
          focusRing: { value: { _light: '{colors.orange.600}', _dark: '{colors.orange.500}' } },
        },
        yellow: { focusRing: { value: { _light: '{colors.yellow.700}', _dark: '{colors.yellow.500}' } } },
        teal: {
          solid: { value: { _light: '{colors.teal.700}', _dark: '{colors.teal.600}' } },
          focusRing: { value: { _light: '{colors.teal.600}', _dark: '{colors.teal.500}' } },
        },
        cyan: {
          solid: { value: { _light: '{colors.cyan.700}', _dark: '{colors.cyan.600}' } },
          focusRing: { value: { _light: '{colors.cyan.600}', _dark: '{colors.cyan.500}' } },
        },
        fg: {
          subtle: { value: { _light: '{colors.gray.500}', _dark: '{colors.gray.500}' } },
          error: { value: { _light: '{colors.red.600}', _dark: '{colors.red.400}' } },
          warning: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.300}' } },
          success: { value: { _light: '{colors.green.700}', _dark: '{colors.green.300}' } },
        },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
