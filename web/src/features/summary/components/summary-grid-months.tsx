import { Tabs } from 'radix-ui'
import { useMemo } from 'react'
import { useTranslation } from '@/lib/i18n'
import type { GridCell, GridMonth, GridRow } from '../api/get-summary-grid'
import type { SummaryAction } from './summary-dialogs'
import { SummaryGrid } from './summary-grid'
import { HEADER_HEIGHT, ROW_HEIGHT } from './summary-grid-model'
import type { MonthStyle } from './summary-toolbar'
import { MonthTabList } from '@/features/orders/components/month-tabs'

/** A chosen cell of the batch, by cell id. */
export type Selection = ReadonlyMap<number, { row: GridRow; cell: GridCell }>

type Props = {
  months: GridMonth[]
  style: MonthStyle
  /** The merged style's month ('' for the first). */
  month: string
  onMonth: (month: string) => void
  onAction: (action: SummaryAction, grid: HTMLElement | null) => void
  selection: Selection
  onToggle: (row: GridRow, cell: GridCell) => void
}

/** A split-style section is as tall as its lines (with the header and a scrollbar), at most this. */
const SECTION_MAX = 420
const sectionHeight = (rows: number) => Math.min(SECTION_MAX, HEADER_HEIGHT + Math.max(rows, 2) * ROW_HEIGHT + 18)

const LEGEND = [
  ['verified', 'summary-grid__day--verified'],
  ['withdrawn', 'summary-grid__day--withdrawn'],
  ['reason', 'summary-grid__day--reason'],
  ['short', 'summary-grid__day--short'],
  // The thin outline: a short cell whose missing spots have all moved (nothing left to move).
  ['settled', 'summary-grid__day--short summary-grid__day--settled'],
  ['makeGood', 'summary-grid__day--make-good'],
] as const

/** What the cells' colours and corners mean, each on a swatch drawn with the cell's own class. */
export function SummaryLegend() {
  const { t } = useTranslation('orders')
  return (
    <ul className="summary-legend" aria-label={t('summary.grid.legend.label')}>
      {LEGEND.map(([key, look]) => (
        <li key={key} className="summary-legend__item">
          <span className={`summary-legend__swatch summary-grid__day ${look}`} aria-hidden="true" />
          {t(`summary.grid.legend.${key}`)}
        </li>
      ))}
    </ul>
  )
}

export const currentMonth = (months: GridMonth[], month: string) => (months.some((m) => m.pointDateYm === month) ? month : (months[0]?.pointDateYm ?? ''))

/**
 * 月份 mode. 合并月份: one month at a time behind a month switcher, its lines in one grid that
 * fills the dialog (batch and 添加时段 act on that month). 拆分月份: every month of the cycle one
 * under the other, each its own grid with its header (docs/decisions.md "The summary dialog (web)").
 */
export function SummaryMonths({ months, style, month, onMonth, onAction, selection, onToggle }: Props) {
  const { t } = useTranslation('orders')
  const ids = useMemo(() => new Set(selection.keys()), [selection])
  if (style === 'split') {
    return (
      <div className="summary-split">
        {months.map((m) => (
          <section key={m.pointDateYm} className="summary-split__month" aria-label={m.pointDateYm}>
            <h3 className="summary-split__title">
              {m.pointDateYm}
              <span className="summary-split__count">{t('summary.grid.lines', { count: m.data.length })}</span>
            </h3>
            <SummaryGrid month={m} onAction={onAction} height={sectionHeight(m.data.length)} />
          </section>
        ))}
      </div>
    )
  }
  const active = currentMonth(months, month)
  return (
    <Tabs.Root className="summary-merged" value={active} onValueChange={onMonth}>
      <MonthTabList months={months} label={t('summary.grid.months')} />
      {months.map((m) => (
        <Tabs.Content key={m.pointDateYm} className="summary-merged__panel" value={m.pointDateYm}>
          <SummaryGrid month={m} onAction={onAction} selected={ids} onToggle={onToggle} />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  )
}
