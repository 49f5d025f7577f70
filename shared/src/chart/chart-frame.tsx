import { cloneElement, useLayoutEffect, useRef, useState, type ReactElement } from 'react';
import { Box } from '@chakra-ui/react';

export type ChartFrameProps = {
  /** What the chart shows, for screen readers (the data itself is in the table beside it). */
  label: string;
  height?: number;
  /**
   * A recharts chart element, which gets the measured width and the height; or a function of the width
   * that returns one (a chart drawn differently on a phone).
   */
  children: ReactElement<{ width?: number; height?: number }> | ((width: number) => ReactElement<{ width?: number; height?: number }>);
};

/** Below this width a chart is drawn for a phone: axis labels take only the room their text needs, thin margins. */
export const NARROW_CHART = 480;

let measuring: CanvasRenderingContext2D | null | undefined;

/**
 * Pixels `text` takes at the charts' 12 px, measured in the page's font: Cyrillic and Polish names are
 * wider than the ~7 px a Latin glyph averages, and a count of letters let 'Другий товар деш…' run past a
 * phone's chart. Where nothing is drawn (jsdom: no canvas) the 7 px estimate stands.
 */
export function textWidth(text: string): number {
  if (measuring === undefined) {
    const jsdom = typeof navigator === 'undefined' || navigator.userAgent.includes('jsdom');
    measuring = jsdom || typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  }
  if (!measuring) return text.length * 7;
  measuring.font = `12px ${getComputedStyle(document.body).fontFamily}`;
  return measuring.measureText(text).width;
}

/**
 * `text`, shortened with an ellipsis until it takes at most `room` pixels at 12 px. The longest start that fits
 * is found by halving: a name of thousands of letters is measured ~log2(n) times, not once per letter (50 names
 * of 2000 letters froze a page for 70 s when each letter was tried in turn).
 */
export function fitText(text: string, room: number, measure: (text: string) => number = textWidth): string {
  if (measure(text) <= room) return text;
  let fits = 0;
  let tooWide = text.length;
  while (tooWide - fits > 1) {
    const mid = (fits + tooWide) >> 1;
    if (measure(`${text.slice(0, mid)}…`) <= room) fits = mid;
    else tooWide = mid;
  }
  return `${text.slice(0, fits)}…`;
}

/** Pixels an axis's labels take at 12 px, plus the tick and a gap. */
export function labelsWidth(labels: string[]): number {
  return Math.max(24, Math.ceil(Math.max(0, ...labels.map(textWidth))) + 10);
}

/** Drawn at this width until the box is measured (and in tests, where nothing has a size). */
const FALLBACK_WIDTH = 800;

/**
 * A chart's box: full width, fixed height, redrawn when its container resizes. The width is measured
 * here rather than by recharts' ResponsiveContainer, which draws nothing while the width is 0.
 */
export function ChartFrame({ label, height = 320, children }: ChartFrameProps) {
  const ref = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(FALLBACK_WIDTH);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = (w: number) => {
      if (w > 0) setWidth(Math.floor(w));
    };
    measure(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => measure(entries[0]?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <Box
      ref={ref}
      as="figure"
      role="figure"
      aria-label={label}
      width="100%"
      minW="0"
      height={`${height}px`}
      m="0"
      overflow="hidden"
      // Chakra's reset gives every element `font: inherit`, which beats SVG font-size attributes.
      css={{ '& svg text': { fontSize: '12px' } }}
    >
      {cloneElement(typeof children === 'function' ? children(width) : children, { width, height })}
    </Box>
  );
}
