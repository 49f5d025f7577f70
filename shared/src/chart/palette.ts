/**
 * Series colours: distinguishable for the common colour-vision deficiencies, readable on white, in
 * the order series are assigned (Tableau 10 family, slightly deepened for thin lines).
 */
export const CHART_COLORS = ['#1f77b4', '#e8710a', '#2a9d3e', '#d62728', '#8c564b', '#9467bd', '#c2185b', '#5f6b7a', '#b5a300', '#1aa3b8'] as const;

/** The colour of the n-th series (wraps around). */
export function chartColor(index: number): string {
  return CHART_COLORS[((index % CHART_COLORS.length) + CHART_COLORS.length) % CHART_COLORS.length]!;
}

/** Axis, grid and tooltip styling shared by every chart. */
export const CHART_THEME = {
  axis: '#718096',
  grid: '#e2e8f0',
  tick: { fontSize: 12, fill: '#4a5568' },
  tooltip: {
    contentStyle: {
      borderRadius: 6,
      border: '1px solid #e2e8f0',
      boxShadow: '0 4px 12px rgba(0,0,0,0.08)',
      fontSize: 12,
      padding: '8px 10px',
    },
    labelStyle: { fontWeight: 600, marginBottom: 4, color: '#1a202c' },
  },
  legend: { fontSize: 12, paddingTop: 8 },
} as const;
