export type { ChartFrameProps } from './chart-frame';
export { TimeSeriesChart } from './time-series-chart';
export type { TimeSeries, TimeSeriesChartProps } from './time-series-chart';
export { BarSeriesChart } from './bar-series-chart';
export type { BarSeries, BarSeriesChartProps } from './bar-series-chart';
export { CHART_COLORS, chartColor } from './palette';
