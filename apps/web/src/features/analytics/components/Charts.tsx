/**
 * The detail view's two charts (spec §2): pie 'Conversion Statistics' and bar 'Weekly Trends'.
 * The only module that imports recharts; it is loaded lazily by the analytics page, so visitors and even
 * the dashboard's first paint never download it.
 */
import type { DetailedStatistics } from '@rome/contract';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatTrendDay } from '../format';

const PIE_COLOURS = ['#7f1d1d', '#facc15', '#0369a1', '#15803d', '#b91c1c', '#7c3aed'];
const EMPTY = '#e7e5e4';

export default function Charts({ statistics }: { statistics: DetailedStatistics }) {
  const rates = Object.entries(statistics.conversionRates).map(([name, value]) => ({ name, value }));
  const anyRate = rates.some((r) => r.value > 0);
  const trends = statistics.weeklyTrends.labels.map((label, i) => ({
    day: formatTrendDay(label),
    label,
    value: statistics.weeklyTrends.data[i] ?? 0,
  }));

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section
        aria-labelledby="conversion-heading"
        className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200"
        data-testid="conversion-chart"
      >
        <h3 id="conversion-heading" className="text-lg font-bold text-stone-900">
          Conversion Statistics
        </h3>
        <p className="text-sm text-stone-600">Last 7 days</p>
        <div className="mt-2 h-56" aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%">
            <PieChart accessibilityLayer={false}>
              <Pie
                data={anyRate ? rates : [{ name: 'No data', value: 1 }]}
                dataKey="value"
                nameKey="name"
                innerRadius="45%"
                outerRadius="80%"
                paddingAngle={anyRate ? 2 : 0}
                isAnimationActive={false}
                rootTabIndex={-1}
              >
                {(anyRate ? rates : [null]).map((_, i) => (
                  <Cell key={i} fill={anyRate ? PIE_COLOURS[i % PIE_COLOURS.length] : EMPTY} />
                ))}
              </Pie>
              {anyRate && <Tooltip formatter={(v) => `${v}%`} />}
            </PieChart>
          </ResponsiveContainer>
        </div>
        <ul className="mt-3 space-y-1.5 text-sm">
          {rates.map((r, i) => (
            <li key={r.name} className="flex items-center justify-between gap-3">
              <span className="flex items-center gap-2 text-stone-700">
                <span
                  className="inline-block h-3 w-3 shrink-0 rounded-sm"
                  style={{ background: PIE_COLOURS[i % PIE_COLOURS.length] }}
                  aria-hidden="true"
                />
                {r.name}
              </span>
              <span className="font-semibold text-stone-900">{r.value}%</span>
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="trends-heading"
        className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200"
        data-testid="trends-chart"
      >
        <h3 id="trends-heading" className="text-lg font-bold text-stone-900">
          Weekly Trends
        </h3>
        <p className="text-sm text-stone-600">Per day, last 7 days</p>
        <div className="mt-2 h-64" aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart
              data={trends}
              margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
              accessibilityLayer={false}
            >
              <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e7e5e4" />
              <XAxis
                dataKey="day"
                tick={{ fontSize: 12, fill: '#57534e' }}
                interval={0}
                angle={-30}
                textAnchor="end"
                height={48}
              />
              <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: '#57534e' }} />
              <Tooltip cursor={{ fill: '#f5f5f4' }} />
              <Bar
                dataKey="value"
                name="Count"
                fill="#7f1d1d"
                radius={[4, 4, 0, 0]}
                isAnimationActive={false}
              />
            </BarChart>
          </ResponsiveContainer>
        </div>
        {/* The figures as text for screen readers (the chart itself is hidden from them). */}
        <table className="sr-only">
          <caption>Weekly Trends per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Count</th>
            </tr>
          </thead>
          <tbody>
            {trends.map((t) => (
              <tr key={t.label}>
                <td>{t.day}</td>
                <td>{t.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
