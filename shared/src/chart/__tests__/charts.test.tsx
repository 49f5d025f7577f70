import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing';
import { BarSeriesChart } from '../bar-series-chart';
import { chartColor, CHART_COLORS } from '../palette';
import { fitText, labelsWidth } from '../chart-frame';
import { niceScale, TimeSeriesChart } from '../time-series-chart';

const days = [
  { day: '2026-01-01', a: 10, b: 12, aPromo: false },
  { day: '2026-01-02', a: 8, b: 12, aPromo: true },
  { day: '2026-01-03', a: 10, b: null, aPromo: false },
];

describe('charts', () => {
  it('TimeSeriesChart draws one line per series, markers on marked points, and a legend', () => {
    const { container } = renderWithProviders(
      <TimeSeriesChart
        label="Price history"
        data={days}
        xKey="day"
        series={[
          { key: 'a', name: 'Shop A', step: true, markKey: 'aPromo' },
          { key: 'b', name: 'Shop B', step: true },
        ]}
        markLabel="Promo price"
      />,
    );
    const figure = screen.getByRole('figure', { name: 'Price history' });
    expect(figure.querySelector('svg.recharts-surface')).not.toBeNull();
    expect(container.querySelectorAll('.recharts-line')).toHaveLength(2);
    expect(container.querySelectorAll('circle[data-mark="true"]')).toHaveLength(1);
    expect(screen.getByText('Shop A')).toBeInTheDocument();
    expect(screen.getByText('Promo price')).toBeInTheDocument();
  });

  it('BarSeriesChart draws bars per category and series', () => {
    const { container } = renderWithProviders(
      <BarSeriesChart
        label="Promo share"
        data={[
          { network: 'Albert', share: 12, depth: 20 },
          { network: 'Lidl', share: 8, depth: 25 },
        ]}
        categoryKey="network"
        series={[
          { key: 'share', name: 'Share' },
          { key: 'depth', name: 'Depth' },
        ]}
      />,
    );
    expect(screen.getByRole('figure', { name: 'Promo share' })).toBeInTheDocument();
    expect(container.querySelectorAll('.recharts-bar-rectangle').length).toBe(4);
  });

  it('assigns colours in order and wraps around', () => {
    expect(chartColor(0)).toBe(CHART_COLORS[0]);
    expect(chartColor(CHART_COLORS.length + 1)).toBe(CHART_COLORS[1]);
  });
});

describe('niceScale', () => {
  it('rounds the bounds out to a whole step and puts a tick on each step', () => {
    const rows = [
      { a: 132.4, b: null },
      { a: 150, b: 213.9 },
    ];
    expect(niceScale(rows, ['a', 'b'])).toEqual({ domain: [120, 220], ticks: [120, 140, 160, 180, 200, 220] });
    expect(niceScale([{ i: 93.8 }, { i: 103.2 }], ['i'])).toEqual({ domain: [92, 104], ticks: [92, 94, 96, 98, 100, 102, 104] });
  });

  it('widens a flat line and knows when there is nothing to scale', () => {
    expect(niceScale([{ a: 100 }], ['a'])?.domain).toEqual([94, 106]);
    expect(niceScale([{ a: null }], ['a'])).toBeNull();
  });
});

describe('TimeSeriesChart on a phone', () => {
  const chart = (
    <TimeSeriesChart
      label="Price history"
      data={days}
      xKey="day"
      series={[{ key: 'a', name: 'Shop A', step: true }]}
      formatY={(v) => `${v.toFixed(2)} Kč`}
      formatYShort={(v) => String(v)}
      yUnit="CZK"
      yWidth={96}
    />
  );
  // jsdom draws no tick labels (recharts measures text): the y axis's room is what shows the mode.
  const axisWidth = (container: HTMLElement) => Number(container.querySelector('.recharts-yAxis .recharts-cartesian-axis-line')?.getAttribute('width'));
  const rendered = (width: number) => {
    const spy = jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width);
    try {
      return renderWithProviders(chart).container;
    } finally {
      spy.mockRestore();
    }
  };

  it('labels take the room their text needs: 7 px a character and a gap, 24 px at least', () => {
    expect(labelsWidth(['8', '9'])).toBe(24);
    expect(labelsWidth(['110.0', '90.0'])).toBe(45);
    expect(labelsWidth([])).toBe(24);
  });

  it('a name longer than its room is shortened with an ellipsis to fit it, one that fits is whole', () => {
    // jsdom draws nothing: 7 px a character here, the page's measured font in a browser.
    expect(fitText('Tesco', 40)).toBe('Tesco');
    const shown = fitText('Другий товар дешевше', 80);
    expect(shown).toBe('Другий тов…');
    expect(shown.length * 7).toBeLessThanOrEqual(80);
  });

  it('a name of thousands of letters is shortened with a few measurements, to the same text', () => {
    const name = 'Zewa Premium Papier toaletowy 4-warstwowy '.repeat(60);
    let measured = 0;
    const sevenPx = (text: string) => {
      measured += 1;
      return text.length * 7;
    };
    // 11 characters and the ellipsis take 84 px: 10 and the ellipsis (77 px) is the longest that fits 80.
    expect(fitText(name, 80, sevenPx)).toBe(`${name.slice(0, 10)}…`);
    expect(measured).toBeLessThanOrEqual(20);
  });

  it('a narrow chart gives the y axis only its short labels’ room (8.5, 9 …), a wide one the prop’s 96 px', () => {
    expect(axisWidth(rendered(340))).toBe(labelsWidth(['8.5']));
    expect(axisWidth(rendered(900))).toBe(96);
  });
});
