import { useMemo } from 'react'
import { useTranslation } from '@/lib/i18n'
import { useDashboardIndex } from '../api'
import { comboSeries, perSpotSeries } from '../components/chart-data'
import { ChartPanel } from '../components/chart-panel'
import { DashboardToolbar } from '../components/dashboard-toolbar'
import { useDashboardFilters } from '../components/use-dashboard-filters'
import '../components/dashboard.css'

/**
 * /dashboard: audience analysis (spec §2.9). The filters, then GRP as bars with spots as a line
 * on a second axis, and GRP per spot as a line; one series per product.
 */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard')
  const { query, search, reset, generation } = useDashboardFilters()
  const index = useDashboardIndex(query)
  const data = index.data
  const names = useMemo(() => ({ grp: t('series.grp'), spots: t('series.spots'), perSpot: t('series.perSpot') }), [t])
  const combo = useMemo(() => comboSeries(data, names), [data, names])
  const perSpot = useMemo(() => perSpotSeries(data, names), [data, names])
  // An error has been toasted by the client; the charts then say there is nothing to show.
  const loading = index.isFetching

  return (
    <div className="page dashboard">
      <div className="card">
        <DashboardToolbar key={generation} query={query} onSearch={search} onReset={reset} />
      </div>
      <ChartPanel title={t('grpChart')} buckets={data?.tTime} series={combo} loading={loading} axes={{ left: names.grp, right: names.spots }} />
      <ChartPanel title={t('perSpotChart')} buckets={data?.tTime} series={perSpot} loading={loading} axes={{ left: names.perSpot }} />
    </div>
  )
}
