import { Pagination } from '@/components/ui/pagination'
import { type TFunction, useTranslation } from '@/lib/i18n'
import type { TemplateMonth } from '../api/get-order-template'
import { clampPage, dayColumns, lineTotal, marksByDay, pageOf, pointsByDay, TEMPLATE_PAGE_SIZE, type DayMark } from './template-days'

/** The line's own columns, fixed on the left while the 28–31 day columns scroll. Widths in px. */
const FIXED = [
  { key: 'version', width: 190 },
  { key: 'periodClass', width: 110 },
  { key: 'period', width: 130 },
  { key: 'type', width: 52 },
  { key: 'position', width: 52 },
] as const
const DAY_WIDTH = 36
const TOTAL_WIDTH = 64
const LEFT = FIXED.map((_, i) => FIXED.slice(0, i).reduce((sum, c) => sum + c.width, 0))
const PAGE_SIZES = [TEMPLATE_PAGE_SIZE]

type Props = {
  month: TemplateMonth
  page: number
  onPage: (page: number) => void
}

/** A day cell's class and tooltip: weekend tint, then the certificate's mark over it. */
function pointCell(weekend: boolean, mark: DayMark | undefined, t: TFunction<'orders'>) {
  let className = `template-grid__point${weekend ? ' template-grid__point--weekend' : ''}`
  if (mark) className += ` template-grid__point--${mark.state}`
  const title = mark ? t(`template.${mark.state}Title`, { aired: mark.aired, point: mark.point }) : undefined
  return { className, title, 'data-mark': mark?.state }
}

const fixedCell = (i: number) => ({
  className: `template-grid__fixed${i === FIXED.length - 1 ? ' template-grid__fixed--last' : ''}`,
  style: { left: LEFT[i] },
})

/** One month of the schedule (docs/screens.md "Order dialogs"): the line's columns, then one narrow column per day, 10 lines a page. */
export function TemplateGrid({ month, page, onPage }: Props) {
  const { t } = useTranslation('orders')
  const days = dayColumns(month.pointDateYm, month.days)
  const weekdays = t('template.weekdays')
  const width = FIXED.reduce((sum, c) => sum + c.width, 0) + days.length * DAY_WIDTH + TOTAL_WIDTH
  // A re-import may leave fewer lines than the page shown.
  const current = clampPage(page, month.data.length)
  const lines = pageOf(month.data, current)
  const label = t('template.tableLabel', { month: month.pointDateYm })
  // The legend explains the marks once a certificate of the month has been confirmed.
  const marked = month.data.some((l) => marksByDay(l).size > 0)

  return (
    <>
      {/* Focusable, so the keyboard can scroll it sideways. */}
      <div className="template-grid" role="region" aria-label={t('template.scrollArea', { month: month.pointDateYm })} tabIndex={0}>
        <table className="table template-grid__table" aria-label={label} style={{ width }}>
          <colgroup>
            {FIXED.map((c) => <col key={c.key} style={{ width: c.width }} />)}
            {days.map((d) => <col key={d.d} style={{ width: DAY_WIDTH }} />)}
            <col style={{ width: TOTAL_WIDTH }} />
          </colgroup>
          <thead>
            <tr>
              {FIXED.map((c, i) => (
                <th key={c.key} scope="col" {...fixedCell(i)}>{t(`template.${c.key}`)}</th>
              ))}
              {days.map((d) => (
                <th
                  key={d.d}
                  scope="col"
                  className={`template-grid__day${d.weekend ? ' template-grid__day--weekend' : ''}`}
                  data-day={d.label}
                  data-weekend={d.weekend || undefined}
                  title={t('template.dayTitle', { date: d.date, weekday: weekdays[d.weekday] })}
                >
                  <span className="template-grid__day-number">{d.label}</span>
                  <span className="template-grid__weekday" aria-hidden="true">{weekdays[d.weekday]}</span>
                </th>
              ))}
              <th scope="col" className="template-grid__total">{t('template.total')}</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => {
              const points = pointsByDay(line)
              const marks = marksByDay(line)
              return (
                <tr key={line.id} data-line-id={line.id}>
                  <td {...fixedCell(0)}>
                    <span className="template-grid__text" title={line.product_magnetic_tape.mediaFileName}>{line.product_magnetic_tape.mediaFileName}</span>
                  </td>
                  <td {...fixedCell(1)}>
                    <span className="template-grid__text">{line.time_period.TimePeriodClass.timePeriodClassName || '-'}</span>
                  </td>
                  <td {...fixedCell(2)}>
                    <span className="template-grid__text" title={line.time_period.timePeriodName}>{line.time_period.timePeriodName}</span>
                  </td>
                  <td {...fixedCell(3)}>{line.type || 'A'}</td>
                  <td {...fixedCell(4)}>{line.position || '-'}</td>
                  {days.map((d) => (
                    <td key={d.d} {...pointCell(d.weekend, marks.get(d.d), t)} data-day={d.label}>
                      {points.get(d.d) || ''}
                    </td>
                  ))}
                  <td className="template-grid__total">{lineTotal(line)}</td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      {marked && (
        <p className="template-grid__legend" aria-label={t('template.legend')}>
          <span><i className="template-grid__swatch template-grid__swatch--verified" aria-hidden="true" />{t('template.verifiedLegend')}</span>
          <span><i className="template-grid__swatch template-grid__swatch--missing" aria-hidden="true" />{t('template.missingLegend')}</span>
        </p>
      )}
      <Pagination total={month.data.length} page={current} pageSize={TEMPLATE_PAGE_SIZE} pageSizes={PAGE_SIZES} onChange={(p) => onPage(p)} />
    </>
  )
}
