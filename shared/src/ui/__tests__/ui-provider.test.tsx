import { Button } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { UiProvider } from '../ui-provider';

describe('UiProvider', () => {
  it('gives Chakra parts the Pricewatch system', () => {
    render(
      <UiProvider>
        <Button>Export</Button>
      </UiProvider>,
    );
    const button = screen.getByRole('button', { name: 'Export' });
    expect(button).toHaveClass('chakra-button');
    // the brand palette is the default colorPalette: its CSS variables are defined by the system
    const css = Array.from(document.styleSheets)
      .flatMap((sheet) => Array.from(sheet.cssRules))
      .map((rule) => rule.cssText)
      .join('\n');
    expect(css).toContain('--chakra-colors-brand-solid');
  });
});
