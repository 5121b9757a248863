import { lazy, Suspense, type RefObject } from 'react'
import { Dialog } from '@/components/ui/dialog'
import { useTranslation } from '@/lib/i18n'
import type { AnalysisSpot } from '../../api/get-data-analysis'
import { useSpotCurve } from '../../api/get-spot-curve'
import { curveArgs, rating, spotWindow } from './analysis-model'
import type { Side } from './analysis-grid'

// visx stays out of the orders route: the chart loads when a spot is first opened.
const SpotCurveChart = lazy(() => import('./spot-curve-chart'))

type Props = {
  /** The spot shown; null: closed. */
  spot: AnalysisSpot | null
  side: Side
  onClose: () => void
  /** The spot's button, which takes the focus back on closing. */
  returnTo: RefObject<HTMLElement | null>
}

/**
 * 点位详情 (docs/screens.md "Master-data screens"'s point-display data): the spot's title, start time, seconds, date and
 * audience/city group, and its rating curve (spotCurve) with the spot's seconds shaded and
 * their mean.
 */
export function PointDialog({ spot, side, onClose, returnTo }: Props) {
  const { t } = useTranslation(['orders', 'common'])
  const p = (key: string) => t(`summary.point.${key}`)
  const curve = useSpotCurve(spot ? curveArgs(spot) : null)
  const data = curve.data
  const mean = data?.spotMean

  let chart
  if (curve.isPending) chart = <p className="point-dialog__state" aria-busy="true">{t('common:loading')}</p>
  else if (curve.isError) chart = <p className="point-dialog__state point-dialog__state--error" role="alert">{p('failed')}</p>
  else if (!data || data.data.length === 0) chart = <p className="point-dialog__state">{p('noData')}</p>
  else if (spot) {
    chart = (
      <Suspense fallback={<p className="point-dialog__state" aria-busy="true">{t('common:loading')}</p>}>
        <SpotCurveChart curve={data} window={spotWindow(spot)} day={spot.ymd} />
      </Suspense>
    )
  }

  return (
    <Dialog
      open={spot !== null}
      onOpenChange={(next) => !next && onClose()}
      title={p('title')}
      width={820}
      onCloseAutoFocus={(e) => {
        if (!returnTo.current?.isConnected) return
        e.preventDefault()
        returnTo.current.focus()
      }}
      footer={<button type="button" className="btn btn--primary" onClick={onClose}>{t('common:close')}</button>}
    >
      {spot && (
        <div className="point-dialog">
          <dl className="point-dialog__fields" aria-label={p('fields')}>
            <Field label={p('spotTitle')} value={spot.title} />
            <Field label={p('start')} value={spot.addTime} />
            <Field label={p('seconds')} value={String(spot.duration)} />
            <Field label={p('date')} value={spot.ymd} />
            <Field label={p('group')} value={spot.defaultAudienceCityGroup} />
            <Field label={p('side')} value={t(`summary.analysis.sideName.${side}`)} />
            <Field label={p('grp')} value={rating(spot.maoDianPing)} />
            <Field label={p('mean')} value={data ? (mean === null || mean === undefined ? p('noMean') : rating(mean)) : '…'} />
          </dl>
          <section className="point-dialog__curve" aria-label={data ? t('summary.point.curve', { resolution: p(`resolution.${data.resolution}`) }) : p('rating')}>
            {data && <h3 className="point-dialog__heading">{t('summary.point.curve', { resolution: p(`resolution.${data.resolution}`) })}</h3>}
            {chart}
          </section>
        </div>
      )}
    </Dialog>
  )
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div className="point-dialog__field">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  )
}
