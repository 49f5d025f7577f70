import type { ReactNode } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame, labelsWidth, NARROW_CHART } from './chart-frame';
import { CHART_THEME, chartColor } from './palette';

export type TimeSeries = {
  /** The data key of the series' values. */
  key: string;
  name: string;
  color?: string;
  /** Values hold until the next change (prices), rather than sloping between points. */
  step?: boolean;
  dashed?: boolean;
  /** Points whose row has a truthy value at this key get a marker (e.g. days on promo). */
  markKey?: string;
};

export type TimeSeriesChartProps = {
  label: string;
  /** One row per x value: `{ [xKey]: x, [series.key]: number | null, … }`. */
  data: Record<string, unknown>[];
  xKey: string;
  series: TimeSeries[];
  formatX?: (value: string) => string;
  formatY?: (value: number) => string;
  /** A horizontal guide, e.g. index 100 = the base network. */
  reference?: { y: number; label?: string };
  /** Extra legend entry, e.g. what the markers mean. */
  markLabel?: string;
  height?: number;
  /** Bounds of the y axis; by default the values' range rounded out to a whole step, ticks on each step. */
  yDomain?: [number | 'auto', number | 'auto'];
  /** Room for the y-axis labels (money needs more than an index). */
  yWidth?: number;
  /**
   * On a narrow screen (a phone): the y-axis labels without their unit (39,9 rather than 39,90 Kč), so
   * the lines get the width; `yUnit` then names the unit once, above the axis.
   */
  formatYShort?: (value: number) => string;
  yUnit?: string;
};

/** A step that cuts `span` into about 4–6 parts: 1, 2, 2.5 or 5 times a power of ten. */
export function niceStep(span: number): number {
  const raw = span / 5;
  if (!(raw > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = raw / power;
  return (unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 2.5 ? 2.5 : unit <= 5 ? 5 : 10) * power;
}

/** Round bounds and evenly spaced ticks that cover every value of the series (null without values). */
export function niceScale(data: Record<string, unknown>[], keys: string[]): { domain: [number, number]; ticks: number[] } | null {
  let min = Infinity;
  let max = -Infinity;
  for (const row of data) {
    for (const key of keys) {
      const v = row[key];
      if (typeof v === 'number' && Number.isFinite(v)) {
        if (v < min) min = v;
        if (v > max) max = v;
      }
    }
  }
  if (min === Infinity) return null;
  if (min === max) {
    min -= Math.abs(min) * 0.05 || 1;
    max += Math.abs(max) * 0.05 || 1;
  }
  const step = niceStep(max - min);
  const low = Math.floor(min / step) * step;
  const high = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let v = low; v <= high + step / 2; v += step) ticks.push(Number(v.toFixed(10)));
  return { domain: [low, high], ticks };
}

type LegendItem = { name: string; color: string; dashed?: boolean };

/** The legend as HTML: a line swatch per series, and a dot for the markers when there are any. */
function SeriesLegend({ items, markLabel }: { items: LegendItem[]; markLabel?: string }) {
  return (
    <ul
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'center',
        gap: '4px 16px',
        listStyle: 'none',
        margin: 0,
        padding: 0,
        fontSize: 12,
        color: '#2d3748',
      }}
    >
      {items.map((item) => (
        <li key={item.name} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
          <svg width="18" height="8" aria-hidden="true">
            <line x1="0" y1="4" x2="18" y2="4" stroke={item.color} strokeWidth="2.5" strokeDasharray={item.dashed ? '4 3' : undefined} />
          </svg>
          {item.name}
        </li>
      ))}
      {markLabel && (
        <li style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
          <svg width="10" height="10" aria-hidden="true">
            <circle cx="5" cy="5" r="4" fill="#4a5568" stroke="#fff" strokeWidth="1" />
          </svg>
          {markLabel}
        </li>
      )}
    </ul>
  );
}

type DotProps = { cx?: number; cy?: number; payload?: Record<string, unknown>; index?: number; stroke?: string };

function markerDot(markKey: string, color: string) {
  return function MarkerDot({ cx, cy, payload, index }: DotProps): ReactNode {
    if (cx === undefined || cy === undefined || !payload?.[markKey]) return <g key={`m-${index}`} />;
    return <circle key={`m-${index}`} cx={cx} cy={cy} r={3.5} fill={color} stroke="#fff" strokeWidth={1.5} data-mark="true" />;
  };
}

/**
 * Lines over time (days on the x axis), one per series, with an optional marker on chosen points
 * and a reference line. Gaps (null values) stay gaps: no observation is not a price.
 */
export function TimeSeriesChart({
  label,
  data,
  xKey,
  series,
  formatX,
  formatY,
  reference,
  markLabel,
  height = 320,
  yDomain,
  yWidth = 80,
  formatYShort,
  yUnit,
}: TimeSeriesChartProps) {
  const withMarks = series.some((s) => s.markKey);
  const keys = series.map((s) => s.key);
  const scale = yDomain ? null : niceScale(data, keys);
  const domain = yDomain ?? scale?.domain ?? ['auto', 'auto'];
  return (
    <ChartFrame label={label} height={height}>
      {(width) => {
        const narrow = width < NARROW_CHART;
        const tickY = narrow ? (formatYShort ?? formatY) : formatY;
        const unit = narrow && formatYShort ? yUnit : undefined;
        // The labels' own width on a phone (the ticks, or with fixed bounds the values' nice ticks and those
        // bounds, stand for them), the prop's on a desktop.
        const seen = scale ?? niceScale(data, keys);
        const shown = [...(seen?.ticks ?? []), ...domain.filter((v): v is number => typeof v === 'number')];
        const axisWidth = narrow && shown.length > 0 ? Math.min(yWidth, labelsWidth(shown.map((v) => (tickY ? tickY(v) : String(v))))) : yWidth;
        return (
          <LineChart data={data} margin={narrow ? { top: unit ? 20 : 8, right: 8, bottom: 0, left: 0 } : { top: 8, right: 16, bottom: 0, left: 8 }}>
            <CartesianGrid stroke={CHART_THEME.grid} strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey={xKey} tick={CHART_THEME.tick} stroke={CHART_THEME.axis} tickFormatter={formatX} minTickGap={24} tickMargin={6} />
            <YAxis
              tick={CHART_THEME.tick}
              stroke={CHART_THEME.axis}
              tickFormatter={tickY}
              width={axisWidth}
              domain={domain}
              ticks={yDomain ? undefined : scale?.ticks}
              allowDecimals
              label={unit ? { value: unit, position: 'top', offset: 8, fontSize: 12, fill: CHART_THEME.tick.fill } : undefined}
            />
            <Tooltip
              contentStyle={CHART_THEME.tooltip.contentStyle}
              labelStyle={CHART_THEME.tooltip.labelStyle}
              labelFormatter={(value) => (formatX ? formatX(String(value)) : String(value))}
              formatter={(value) => (typeof value === 'number' && formatY ? formatY(value) : String(value))}
            />
            <Legend
              wrapperStyle={CHART_THEME.legend}
              content={() => (
                <SeriesLegend
                  items={series.map((s, i) => ({ name: s.name, color: s.color ?? chartColor(i), dashed: s.dashed }))}
                  markLabel={withMarks ? markLabel : undefined}
                />
              )}
            />
            {reference && (
              <ReferenceLine
                y={reference.y}
                stroke="#4a5568"
                strokeDasharray="4 4"
                label={reference.label ? { value: reference.label, position: 'insideTopLeft', fontSize: 11, fill: '#4a5568' } : undefined}
              />
            )}
            {series.map((s, i) => {
              const color = s.color ?? chartColor(i);
              return (
                <Line
                  key={s.key}
                  dataKey={s.key}
                  name={s.name}
                  type={s.step ? 'stepAfter' : 'monotone'}
                  stroke={color}
                  strokeWidth={2}
                  strokeDasharray={s.dashed ? '5 4' : undefined}
                  dot={s.markKey ? markerDot(s.markKey, color) : false}
                  activeDot={{ r: 4 }}
                  connectNulls={false}
                  isAnimationActive={false}
                />
              );
            })}
          </LineChart>
        );
      }}
    </ChartFrame>
  );
}
