import { useTranslation } from '@/lib/i18n'
import type { MovePreview } from '../api/check-move'

/** What 确认移动 will do, as 检查 answered it: the source cell's missing spots, the destination's spots before and after. */
export function MovePreviewTable({ preview }: { preview: MovePreview }) {
  const { t } = useTranslation('orders')
  const { from, to } = preview.preview
  const label = t('summaryDialogs.move.preview')
  return (
    <table className="table summary-move__preview" aria-label={label}>
      <caption className="summary-move__caption">{label}</caption>
      <tbody>
        <tr data-side="from">
          <th scope="row">{t('summaryDialogs.move.from')}</th>
          <td>{from.ymd}</td>
          <td>{from.tape}</td>
          <td>{from.period}</td>
          <td>{from.type}</td>
          <td>{t('summaryDialogs.move.missing', { missing: from.missing, moved: from.moved })}</td>
        </tr>
        <tr data-side="to">
          <th scope="row">{t('summaryDialogs.move.to')}</th>
          <td>{to.ymd}</td>
          <td>{to.tape}</td>
          <td>{to.period}</td>
          <td>{to.type}</td>
          <td>{t('summaryDialogs.move.after', { point: to.point, after: to.after })}</td>
        </tr>
      </tbody>
    </table>
  )
}
