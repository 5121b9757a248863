import { useTranslation } from '@/lib/i18n'
import type { Schema } from '@/types/call'
import { useExportImportTemplate } from './export-import-template'
import { IMPORT_TAGS, useImportColumns, type ImportColumn } from './get-import-columns'
import './import-help.css'

type Props = {
  tags: Schema<'FileTag'>
  /** An order's imports: its template's example row is the order's. */
  orderId?: number
  /** The form names the audience group, so a file may leave the column out. */
  groupChosen: boolean
}

/** Whether a file must have the column, given what the form says. */
function required({ need }: ImportColumn, groupChosen: boolean) {
  return need === 'required' || need === 'unlessSheetMonth' || (need === 'unlessChosen' && !groupChosen)
}

/**
 * 表头说明 of an import dialog: its template (headers and one example row that imports as it
 * is), the columns a file must have and those it may, when a required one may be left out, and
 * the other names each column goes by — all as the importer answers them (importColumns).
 */
export function ImportHelp({ tags, orderId, groupChosen }: Props) {
  const { t } = useTranslation('upload')
  const columns = useImportColumns(tags)
  const template = useExportImportTemplate()
  if (!IMPORT_TAGS.includes(tags)) return null
  const all = columns.data ?? []
  const names = (list: ImportColumn[]) => list.map((c) => c.label).join('、')
  const needed = all.filter((c) => required(c, groupChosen))
  const optional = all.filter((c) => !required(c, groupChosen))
  const notes = all.filter((c) => c.need === 'unlessSheetMonth' || (c.need === 'unlessChosen' && !groupChosen))
  const aliased = all.filter((c) => c.aliases.length > 0)

  return (
    <section className="import-help" aria-label={t('help')} aria-busy={columns.isFetching || undefined}>
      <div className="import-help__head">
        <h3 className="import-help__title">{t('help')}</h3>
        <button
          type="button"
          className="btn btn--small"
          disabled={template.isPending}
          onClick={() => template.mutate({ tags, orderId })}
        >
          {t('template')}
        </button>
      </div>
      {all.length > 0 && (
        <dl className="import-help__columns">
          <dt>{t('required')}</dt>
          <dd>{names(needed)}</dd>
          <dt>{t('optional')}</dt>
          <dd>{optional.length ? names(optional) : t('none')}</dd>
        </dl>
      )}
      {notes.map((c) => (
        <p key={c.label} className="import-help__note">{t(c.need === 'unlessChosen' ? 'unlessChosen' : 'unlessSheetMonth', { label: c.label })}</p>
      ))}
      <p className="import-help__note">{t('templateHint')}</p>
      {aliased.length > 0 && (
        <details className="import-help__aliases">
          <summary>{t('aliases')}</summary>
          <ul>
            {aliased.map((c) => (
              <li key={c.label}>
                <span className="import-help__label">{c.label}</span>：{c.aliases.join('、')}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  )
}
