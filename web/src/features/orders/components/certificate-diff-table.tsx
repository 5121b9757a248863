import { useState } from 'react'
import { useTranslation } from '@/lib/i18n'
import type { CertificateDiff } from '../api/certificates'

type Sort = 'ascending' | 'descending' | null

/** The rows by month (stable: a month's rows keep the server's order), or as the server gave them. */
export function sortByMonth(rows: CertificateDiff[], sort: Sort): CertificateDiff[] {
  if (!sort) return rows
  const sign = sort === 'ascending' ? 1 : -1
  return [...rows].sort((a, b) => sign * a.pointDateYm.localeCompare(b.pointDateYm))
}

/** Type 1 (a period's own difference) is a warning; type 2 (a class whose excess and shortfall cancel) a success. */
const rowStyle = (type: number) => (type === 2 ? 'success' : 'warning')

type Props = { kind: 'added' | 'missing'; rows: CertificateDiff[] }

/** 新增 or 缺失 (docs/screens.md "Order dialogs"): 媒体文件名, 月份 (sortable), 时段/时段归纳, 数量. */
export function CertificateDiffTable({ kind, rows }: Props) {
  const { t } = useTranslation('orders')
  const [sort, setSort] = useState<Sort>(null)
  const title = t(`certificate.${kind}`)
  const shown = sortByMonth(rows, sort)
  const nextSort = () => setSort((s) => (s === 'ascending' ? 'descending' : 'ascending'))

  return (
    <section className="certificate-diff" aria-label={title}>
      <h3 className="order-dialog-heading">
        {title}
        <span className="certificate-diff__count">{t('certificate.rowCount', { count: rows.length })}</span>
      </h3>
      <table className="table certificate-diff__table" aria-label={title}>
        <thead>
          <tr>
            <th scope="col">{t('certificate.mediaFileName')}</th>
            <th scope="col" aria-sort={sort ?? 'none'} className="certificate-diff__month">
              <button type="button" className="certificate-diff__sort" onClick={nextSort}>
                {t('certificate.month')}
                <span aria-hidden="true">{sort === 'ascending' ? ' ▲' : sort === 'descending' ? ' ▼' : ' ⇅'}</span>
              </button>
            </th>
            <th scope="col">{t('certificate.period')}</th>
            <th scope="col" className="certificate-diff__num">{t('certificate.num')}</th>
          </tr>
        </thead>
        <tbody>
          {shown.length === 0 ? (
            <tr>
              <td colSpan={4} className="certificate-diff__empty">{t(`certificate.${kind}Empty`)}</td>
            </tr>
          ) : (
            shown.map((r, i) => (
              <tr key={`${r.pointDateYm}-${r.tapeId}-${r.timePeriodId ?? `c${r.timePeriodClassId}`}-${i}`} className={`certificate-diff__row--${rowStyle(r.type)}`} data-type={r.type}>
                <td>{r.mediaFileName}</td>
                <td>{r.pointDateYm}</td>
                <td>
                  {r.timePeriodClassName !== undefined && r.timePeriodClassName !== null ? (
                    <>
                      <span className="tag tag--success certificate-diff__class">{t('certificate.classTag')}</span>
                      {r.timePeriodClassName}
                    </>
                  ) : (
                    r.timePeriodName
                  )}
                </td>
                <td className="certificate-diff__num">{r.num}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  )
}
