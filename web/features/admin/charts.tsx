// The Overview's two charts: plain SVG, no chart library.
import { ta } from '../../../core/messages/admin.en';

/** Horizontal bars, one per label, split into online and offline: plain SVG, no chart library. */
export function BarChart({ title, rows }: { title: string; rows: { label: string; parts: number[] }[] }) {
  const colors = ['#7a1230', '#f2a900'];
  const max = Math.max(1, ...rows.map((r) => r.parts.reduce((a, b) => a + b, 0)));
  const rowH = 26;
  const labelW = 110;
  const width = 400;
  const height = rows.length * rowH + 10;
  return (
    <svg className="admin-chart" viewBox={`0 0 ${width} ${height}`} role="img" aria-label={title}>
      <title>{title}</title>
      {rows.map((r, i) => {
        let x = labelW;
        const total = r.parts.reduce((a, b) => a + b, 0);
        return (
          <g key={r.label} transform={`translate(0, ${i * rowH + 5})`}>
            <text x={0} y={15}>
              {r.label}
            </text>
            {r.parts.map((p, j) => {
              const w = ((width - labelW - 60) * p) / max;
              const rect = <rect key={colors[j]} x={x} y={2} width={w} height={rowH - 8} fill={colors[j]} />;
              x += w;
              return rect;
            })}
            <text x={x + 4} y={15}>
              {total.toLocaleString('en-IN')}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

export function HourChart({ day, hours }: { day: string; hours: { hour: number; collected: number }[] }) {
  const max = Math.max(1, ...hours.map((h) => h.collected));
  const w = 400;
  const h = 140;
  const barW = w / 24;
  return (
    <svg className="admin-chart" viewBox={`0 0 ${w} ${h + 20}`} role="img" aria-label={ta('adm.perHourOn', { day })}>
      <title>{ta('adm.perHourOn', { day })}</title>
      {Array.from({ length: 24 }, (_, hour) => {
        const n = hours.find((x) => x.hour === hour)?.collected ?? 0;
        const bh = (h * n) / max;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the 24 hours of a day are the stable keys
          <g key={hour}>
            <rect x={hour * barW + 1} y={h - bh} width={barW - 2} height={bh} fill="#7a1230">
              <title>{`${hour}:00 - ${n}`}</title>
            </rect>
            {hour % 3 === 0 ? (
              <text x={hour * barW} y={h + 14}>
                {hour}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
