import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from '@/lib/i18n'
import { groupQueryOf, useDashboardGroupIndex, useDashboardIndex } from '../api'
import { comboSeries, perSpotSeries } from '../components/chart-data'
import { ChartPanel } from '../components/chart-panel'
import { DashboardToolbar } from '../components/dashboard-toolbar'
import { useDashboardFilters } from '../components/use-dashboard-filters'
import { ViewToggle, type DashboardView } from '../components/view-toggle'
import '../components/dashboard.css'

/**
 * /dashboard: audience analysis (docs/screens.md "Dashboard screen"). The filters, then GRP as bars with spots as a line
 * on a second axis, and GRP per spot as a line; one series per product, or — when exactly one
 * product is searched and 按受众/城市组 is chosen — one per audience group of that product.
 */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard')
  const { query, search, reset, generation, answered } = useDashboardFilters()
  const [view, setView] = useState<DashboardView>('products')
  const single = query.productId && !query.productId.includes(',') ? query.productId : undefined
  const products = useDashboardIndex(query)
  // The same filters cut by group: the default group's series is the product's by-product one.
  const groupQuery = view === 'groups' && single !== undefined ? groupQueryOf(query, single) : null
  const groups = useDashboardGroupIndex(groupQuery)
  const index = groupQuery ? groups : products
  const data = index.data
  const names = useMemo(() => ({ grp: t('series.grp'), spots: t('series.spots'), perSpot: t('series.perSpot') }), [t])
  const combo = useMemo(() => comboSeries(data, names), [data, names])
  const perSpot = useMemo(() => perSpotSeries(data, names), [data, names])
  const loading = index.isFetching
  // The client has toasted it too; the charts say it where the figures would be.
  const error = index.isError ? index.error.message : undefined
  // Remembered once answered: a query the server refuses is not sent again on the next visit.
  const done = products.isSuccess && !products.isPlaceholderData && !products.isFetching
  useEffect(() => {
    if (done) answered(query)
  }, [done, query, answered])

  return (
    <div className="page dashboard">
      <div className="card">
        <DashboardToolbar key={generation} query={query} onSearch={search} onReset={reset} />
        {single !== undefined && <ViewToggle value={view} onChange={setView} />}
      </div>
      <ChartPanel title={t('grpChart')} buckets={data?.tTime} series={combo} loading={loading} error={error} axes={{ left: names.grp, right: names.spots }} />
      <ChartPanel title={t('perSpotChart')} buckets={data?.tTime} series={perSpot} loading={loading} error={error} axes={{ left: names.perSpot }} />
    </div>
  )
}
