import { useState } from 'react'
import { DatePicker } from '@/components/ui/date-picker'
import { toast } from '@/components/ui/toast-store'
import { BELONGING, DATA_CATEGORIES, DATA_SOURCES } from '@/config/customer-data'
import { useTranslation } from '@/lib/i18n'
import type { SummaryFilter } from '../api/get-summary-grid'
import { useAssessmentTime } from '../api/set-assessment-time'
import { SummaryExports } from './summary-exports'

export type SummaryMode = 'collect' | 'month' | 'analysis'
export type MonthStyle = 'merged' | 'split'
export const MODES: SummaryMode[] = ['collect', 'month', 'analysis']
export const STYLES: MonthStyle[] = ['merged', 'split']

type Props = {
  orderId: number
  mode: SummaryMode
  onMode: (mode: SummaryMode) => void
  style: MonthStyle
  onStyle: (style: MonthStyle) => void
  filter: SummaryFilter
  onFilter: (filter: SummaryFilter) => void
  onRefresh: () => void
  refreshing: boolean
  /** The assessment date the order has (orderTime's estimateTime, '' when none): the picker starts on it. */
  assessment: string
  full: boolean
  onFull: () => void
}

/**
 * The summary's toolbar (docs/screens.md "Summary dialog"): the modes, the month styles, the figures' filters
 * (数据归属, 数据类别, 数据来源), 刷新汇总, the exports, the assessment date with
 * 确认修改评估时间, and the full-screen toggle.
 */
export function SummaryToolbar(props: Props) {
  const { orderId, mode, onMode, style, onStyle, filter, onFilter, onRefresh, refreshing, full, onFull } = props
  const { t } = useTranslation(['orders', 'common'])
  const [date, setDate] = useState(props.assessment)
  const [seen, setSeen] = useState(props.assessment)
  // The order's date arrives (or changes) after the first render: follow it.
  if (seen !== props.assessment) {
    setSeen(props.assessment)
    setDate(props.assessment)
  }
  const assess = useAssessmentTime(orderId)
  const confirmDate = () => {
    if (!date) {
      toast.warning(t('summary.toolbar.pickAssessment'))
      return
    }
    assess.mutate(date, { onSuccess: () => toast.success(t('summary.toolbar.assessed', { date })) })
  }
  const select = (key: keyof SummaryFilter, values: readonly string[], labels: string, all?: string) => (
    <select className="input summary-toolbar__select" aria-label={t(`summary.toolbar.${key}`)} value={filter[key]} onChange={(e) => onFilter({ ...filter, [key]: e.target.value })}>
      {all !== undefined && <option value="">{all}</option>}
      {values.map((v) => <option key={v} value={v}>{t(`common:${labels}.${v}`)}</option>)}
    </select>
  )

  return (
    <div className="summary-toolbar" role="toolbar" aria-label={t('summary.toolbar.label')}>
      <div className="summary-toolbar__group" role="group" aria-label={t('summary.toolbar.modes')}>
        {MODES.map((m) => (
          <button key={m} type="button" className={`btn btn--small${mode === m ? ' btn--primary' : ''}`} aria-pressed={mode === m} onClick={() => onMode(m)}>
            {t(`summary.modes.${m}`)}
          </button>
        ))}
      </div>
      {mode === 'month' && (
        <div className="summary-toolbar__group" role="group" aria-label={t('summary.toolbar.styles')}>
          {STYLES.map((s) => (
            <button key={s} type="button" className={`btn btn--small${style === s ? ' btn--primary' : ''}`} aria-pressed={style === s} onClick={() => onStyle(s)}>
              {t(`summary.styles.${s}`)}
            </button>
          ))}
        </div>
      )}
      <div className="summary-toolbar__group">
        {select('belongingTo', BELONGING, 'belongingTo')}
        {select('category', DATA_CATEGORIES, 'dataCategory', t('summary.toolbar.allCategories'))}
        {select('source', DATA_SOURCES, 'dataSource', t('summary.toolbar.allSources'))}
        <button type="button" className="btn btn--small" disabled={refreshing} aria-busy={refreshing || undefined} onClick={onRefresh}>{t('summary.toolbar.refresh')}</button>
      </div>
      <SummaryExports orderId={orderId} filter={filter} />
      <div className="summary-toolbar__group summary-toolbar__assess">
        <DatePicker
          value={date}
          onChange={setDate}
          aria-label={t('summary.toolbar.assessment')}
          aria-describedby={props.assessment ? undefined : 'summary-assessment-hint'}
          placeholder={t('summary.toolbar.assessment')}
          className="summary-toolbar__date"
        />
        {/* Without a date set the server counts the remaining spots from today: say so beside the empty field. */}
        {!props.assessment && <span id="summary-assessment-hint" className="summary__hint">{t('summary.toolbar.fromToday')}</span>}
        <button type="button" className="btn btn--small btn--primary" disabled={assess.isPending} onClick={confirmDate}>{t('summary.toolbar.confirmAssessment')}</button>
      </div>
      <button type="button" className="btn btn--small summary-toolbar__full" aria-pressed={full} onClick={onFull}>
        {t(full ? 'summary.toolbar.exitFull' : 'summary.toolbar.full')}
      </button>
    </div>
  )
}
