import { useState, type KeyboardEvent } from 'react'
import { useTranslation } from '@/lib/i18n'
import './pagination.css'

export const PAGE_SIZES = [10, 20, 30, 50]

type Props = {
  total: number
  page: number
  pageSize: number
  onChange: (page: number, pageSize: number) => void
  pageSizes?: number[]
}

/** Page numbers to show: first, last, and two either side of the current, with gaps as null. */
export function pageItems(page: number, pages: number): (number | null)[] {
  const set = new Set([1, pages])
  for (let p = page - 2; p <= page + 2; p++) if (p >= 1 && p <= pages) set.add(p)
  const sorted = [...set].sort((a, b) => a - b)
  const items: (number | null)[] = []
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) items.push(null)
    items.push(p)
  })
  return items
}

/** 共 N 条, page size, prev, page numbers, next and a jumper. */
export function Pagination({ total, page, pageSize, onChange, pageSizes = PAGE_SIZES }: Props) {
  const { t } = useTranslation('admin')
  const [jump, setJump] = useState('')
  const pages = Math.max(1, Math.ceil(total / pageSize))
  const go = (p: number) => {
    const next = Math.min(pages, Math.max(1, p))
    if (next !== page) onChange(next, pageSize)
  }
  const onJump = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return
    const n = Number.parseInt(jump, 10)
    if (Number.isFinite(n)) go(n)
    setJump('')
  }
  const sizes = pageSizes.includes(pageSize) ? pageSizes : [...pageSizes, pageSize].sort((a, b) => a - b)

  return (
    <nav className="pagination" aria-label={t('ui.pagination')}>
      <span className="pagination__total">{t('ui.total', { total })}</span>
      {sizes.length > 1 ? (
        <select
          className="input pagination__size"
          aria-label={t('ui.pageSize', { size: '' }).trim()}
          value={pageSize}
          onChange={(e) => onChange(1, Number(e.target.value))}
        >
          {sizes.map((s) => (
            <option key={s} value={s}>
              {t('ui.pageSize', { size: s })}
            </option>
          ))}
        </select>
      ) : (
        // One size only (a grid the server pages at a fixed size): said, not offered.
        <span className="pagination__size-fixed">{t('ui.pageSize', { size: pageSize })}</span>
      )}
      <button type="button" className="pagination__btn" aria-label={t('ui.prev')} disabled={page <= 1} onClick={() => go(page - 1)}>
        ‹
      </button>
      <ul className="pagination__pages">
        {pageItems(page, pages).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">…</li>
          ) : (
            <li key={p}>
              <button
                type="button"
                className={`pagination__btn${p === page ? ' pagination__btn--active' : ''}`}
                aria-label={t('ui.pageN', { page: p })}
                aria-current={p === page ? 'page' : undefined}
                onClick={() => go(p)}
              >
                {p}
              </button>
            </li>
          ),
        )}
      </ul>
      <button type="button" className="pagination__btn" aria-label={t('ui.next')} disabled={page >= pages} onClick={() => go(page + 1)}>
        ›
      </button>
      <label className="pagination__jump">
        {t('ui.goto')}
        <input className="input" inputMode="numeric" value={jump} onChange={(e) => setJump(e.target.value)} onKeyDown={onJump} />
        {t('ui.page')}
      </label>
    </nav>
  )
}
