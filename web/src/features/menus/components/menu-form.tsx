import { useMemo } from 'react'
import { useForm } from '@/lib/form'
import { useTranslation } from '@/lib/i18n'
import { schemaResolver } from '@/lib/schema'
import { FormField, FormGroup, setServerErrors } from '@/components/ui/form-field'
import { MENU_FIELDS, menuSchema, TOP_LEVEL, type MenuFormValues } from '../api/create-menu'
import type { Menu } from '../api/get-menus'

type Props = {
  id: string
  /** The menu being edited; absent when adding. */
  menu?: Menu
  /** The top-level menus, the possible parents. */
  parents: Menu[]
  onSubmit: (values: MenuFormValues) => Promise<unknown>
}

function initialValues(menu?: Menu): MenuFormValues {
  if (!menu) return { pid: TOP_LEVEL, type: '1', name: '', title: '', weight: '1', status: '1' }
  const { pid, type, name, title, weight, status } = menu
  return { pid: String(pid), type: String(type), name, title, weight: String(weight), status: String(status) }
}

/** The add/edit menu form; a built-in menu keeps its rule and parent. */
export function MenuForm({ id, menu, parents, onSubmit }: Props) {
  const { t } = useTranslation('admin')
  const schema = useMemo(() => menuSchema(t), [t])
  const { register, handleSubmit, setError, formState } = useForm<MenuFormValues>({
    resolver: schemaResolver(schema),
    defaultValues: initialValues(menu),
  })
  const { errors } = formState
  const locked = menu?.builtin ?? false
  const choices = parents.filter((p) => p.id !== menu?.id)
  const parentTitle = menu && menu.pid !== 0 ? (parents.find((p) => p.id === menu.pid)?.title ?? String(menu.pid)) : t('menus.topLevel')

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values)
    } catch (err) {
      setServerErrors(err, MENU_FIELDS, setError)
    }
  })

  return (
    <form id={id} className="form-grid" onSubmit={submit} noValidate>
      {locked && <p className="menu-form__note" role="note">{t('menus.builtinHint')}</p>}
      <FormField label={t('menus.parent')} required error={errors.pid?.message}>
        {locked ? (
          <input className="input" value={parentTitle} readOnly />
        ) : (
          <select className="input" {...register('pid')}>
            <option value={TOP_LEVEL}>{t('menus.topLevel')}</option>
            {choices.map((p) => (
              <option key={p.id} value={String(p.id)}>
                {p.title}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormGroup label={t('menus.type')} required error={errors.type?.message}>
        <div className="choice-group">
          <label className="choice">
            <input type="radio" value="1" {...register('type')} />
            {t('menus.typeMenu')}
          </label>
          <label className="choice">
            <input type="radio" value="2" {...register('type')} />
            {t('menus.typeNode')}
          </label>
        </div>
      </FormGroup>
      <FormField label={t('menus.name')} required error={errors.name?.message} hint={locked ? undefined : t('menus.nameHint')}>
        <input className="input" placeholder={t('menus.namePlaceholder')} readOnly={locked} {...register('name')} />
      </FormField>
      <FormField label={t('menus.menuTitle')} required error={errors.title?.message}>
        <input className="input" placeholder={t('menus.titlePlaceholder')} {...register('title')} />
      </FormField>
      <FormField label={t('menus.weight')} required error={errors.weight?.message}>
        <input className="input" type="number" min={1} max={99} step={1} {...register('weight')} />
      </FormField>
      <FormGroup label={t('common.status')} required error={errors.status?.message}>
        <div className="choice-group">
          <label className="choice">
            <input type="radio" value="1" {...register('status')} />
            {t('common.normal')}
          </label>
          <label className="choice">
            <input type="radio" value="2" {...register('status')} />
            {t('common.disabled')}
          </label>
        </div>
      </FormGroup>
    </form>
  )
}
