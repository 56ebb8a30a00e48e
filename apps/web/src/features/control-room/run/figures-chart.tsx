import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export type Series = { label: string; color: string; values: (number | null)[] };

/**
 * One uPlot time chart (uPlot: small and fast; this module is only loaded with the Run screen, so
 * the fan bundles never carry it). Redrawn with setData as samples arrive; resized with its box.
 */
export function FiguresChart(props: { title: string; times: number[]; series: Series[]; height?: number }) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const { times, series, height = 120 } = props;
  const shape = series.map((s) => `${s.label}:${s.color}`).join('|');

  // biome-ignore lint/correctness/useExhaustiveDependencies: the chart is rebuilt only when its series change (shape)
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let cancelled = false;
    let observer: ResizeObserver | null = null;
    void import('uplot').then(({ default: UPlot }) => {
      if (cancelled) return;
      const opts: uPlot.Options = {
        width: el.clientWidth || 300,
        height,
        legend: { show: true, live: false },
        cursor: { show: true, points: { show: false } },
        // One sample has no span: uPlot would pad it to years ("May 2027 to May 2029"); show the
        // last five minutes up to it instead.
        scales: {
          x: {
            time: true,
            range: (_u, min, max) => (min === max || min == null ? [max - 300, max + 10] : [min, max]),
          },
        },
        axes: [
          { stroke: '#aaa3bd', grid: { stroke: 'rgba(255,255,255,0.06)' }, ticks: { show: false }, size: 40 },
          { stroke: '#aaa3bd', grid: { stroke: 'rgba(255,255,255,0.06)' }, ticks: { show: false }, size: 44 },
        ],
        series: [
          {},
          ...series.map((s) => ({ label: s.label, stroke: s.color, width: 1.5, points: { show: false } })),
        ],
      };
      plot.current = new UPlot(opts, [times.map((t) => t / 1000), ...series.map((s) => s.values)], el);
      observer = new ResizeObserver(() => plot.current?.setSize({ width: el.clientWidth, height }));
      observer.observe(el);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot.current?.destroy();
      plot.current = null;
    };
  }, [shape, height]);

  useEffect(() => {
    plot.current?.setData([times.map((t) => t / 1000), ...series.map((s) => s.values)]);
  }, [times, series]);

  return (
    <figure className="figures-chart">
      <figcaption>{props.title}</figcaption>
      <div ref={box} className="figures-chart__plot" />
    </figure>
  );
}
