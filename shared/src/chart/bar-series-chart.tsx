import { Bar, BarChart, CartesianGrid, Legend, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame, fitText, labelsWidth, NARROW_CHART } from './chart-frame';
import { CHART_THEME, chartColor } from './palette';

export type BarSeries = {
  key: string;
  name: string;
  color?: string;
  /** Bars of one stack sit on top of each other. */
  stackId?: string;
  /** Drawn but not shown (the base of a floating range bar): no colour, no legend, no tooltip line. */
  spacer?: boolean;
};

export type BarSeriesChartProps = {
  label: string;
  data: Record<string, unknown>[];
  /** The key of each row's category (network, product). */
  categoryKey: string;
  series: BarSeries[];
  formatValue?: (value: number) => string;
  /** Bars run left to right with categories down the side (long names, many categories). */
  horizontal?: boolean;
  reference?: { value: number; label?: string };
  height?: number;
  /** Width of the category axis when horizontal. */
  categoryWidth?: number;
};

type TickProps = { x?: number | string; y?: number | string; payload?: { value?: unknown } };

/** Category labels on one line, shortened with an ellipsis to fit the axis (recharts would wrap them). */
function categoryTick(room: number) {
  return function CategoryTick({ x = 0, y = 0, payload }: TickProps) {
    const text = String(payload?.value ?? '');
    const shown = fitText(text, room);
    return (
      <text x={Number(x)} y={Number(y)} dy={4} textAnchor="end" fontSize={CHART_THEME.tick.fontSize} fill={CHART_THEME.tick.fill}>
        <title>{text}</title>
        {shown}
      </text>
    );
  };
}

/** Grouped or stacked bars per category, with a legend and an optional reference line. */
export function BarSeriesChart({
  label,
  data,
  categoryKey,
  series,
  formatValue,
  horizontal = false,
  reference,
  height = 320,
  categoryWidth = 160,
}: BarSeriesChartProps) {
  const visible = series.filter((s) => !s.spacer);
  const valueAxis = {
    type: 'number' as const,
    tick: CHART_THEME.tick,
    stroke: CHART_THEME.axis,
    tickFormatter: formatValue,
  };
  const categoryAxis = {
    type: 'category' as const,
    dataKey: categoryKey,
    tick: CHART_THEME.tick,
    stroke: CHART_THEME.axis,
    interval: 0 as const,
  };
  const categories = data.map((row) => String(row[categoryKey] ?? ''));
  return (
    <ChartFrame label={label} height={height}>
      {(width) => {
        // On a phone the names down the side take the room they need (Tesco, Billa), at most 40 % of it.
        const narrow = width < NARROW_CHART;
        const sideWidth = narrow ? Math.min(categoryWidth, labelsWidth(categories), Math.floor(width * 0.4)) : categoryWidth;
        return (
          <BarChart
            data={data}
            layout={horizontal ? 'vertical' : 'horizontal'}
            margin={narrow ? { top: 8, right: 8, bottom: 0, left: 0 } : { top: 8, right: 16, bottom: 0, left: 8 }}
            barCategoryGap="20%"
          >
            <CartesianGrid stroke={CHART_THEME.grid} strokeDasharray="3 3" horizontal={!horizontal} vertical={horizontal} />
            {horizontal ? (
              <>
                <XAxis {...valueAxis} />
                <YAxis {...categoryAxis} width={sideWidth} tick={categoryTick(sideWidth - 10)} />
              </>
            ) : (
              <>
                {/* On a phone every category's name overlapped and the last ones ran past the chart's edge (a month of
                    fired alarms): recharts keeps the first and last in the box and drops the names that would overlap. */}
                <XAxis {...categoryAxis} interval={narrow ? 'preserveStartEnd' : 0} />
                <YAxis {...valueAxis} width={64} />
              </>
            )}
            <Tooltip
              cursor={{ fill: 'rgba(0,0,0,0.04)' }}
              contentStyle={CHART_THEME.tooltip.contentStyle}
              labelStyle={CHART_THEME.tooltip.labelStyle}
              formatter={(value, name) => {
                if (series.find((s) => s.name === name)?.spacer) return [null, null];
                return typeof value === 'number' && formatValue ? formatValue(value) : String(value);
              }}
            />
            {visible.length > 1 && <Legend wrapperStyle={CHART_THEME.legend} itemSorter={null} />}
            {reference && (
              <ReferenceLine
                {...(horizontal ? { x: reference.value } : { y: reference.value })}
                stroke="#4a5568"
                strokeDasharray="4 4"
                label={reference.label ? { value: reference.label, position: 'top', fontSize: 11, fill: '#4a5568' } : undefined}
              />
            )}
            {series.map((s, i) => (
              <Bar
                key={s.key}
                dataKey={s.key}
                name={s.name}
                stackId={s.stackId}
                fill={s.spacer ? 'transparent' : (s.color ?? chartColor(i))}
                legendType={s.spacer ? 'none' : 'square'}
                tooltipType={s.spacer ? 'none' : undefined}
                radius={s.stackId ? 0 : horizontal ? [0, 3, 3, 0] : [3, 3, 0, 0]}
                maxBarSize={36}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        );
      }}
    </ChartFrame>
  );
}
