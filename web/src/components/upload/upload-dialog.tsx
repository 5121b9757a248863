import { useTranslation } from '@/lib/i18n'
import { schemaResolver } from '@/lib/schema'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useForm } from '@/lib/form'
import { Dialog } from '@/components/ui/dialog'
import { FormField, setServerErrors } from '@/components/ui/form-field'
import { toast } from '@/components/ui/toast-store'
import type { Schema } from '@/types/call'
import { tagValueOf, UPLOAD_FIELDS, uploadSchema, type DataAsks, type UploadFormValues } from './get-upload-sign'
import { ImportHelp } from './import-help'
import { UploadDataFields } from './upload-data-fields'
import { useUploadFile, type UploadDone } from './upload-file'
import { UploadQueue } from './upload-queue'
import { useUploadQueue } from './use-upload-queue'
import './upload-dialog.css'

/** docs/screens.md "Uploads": the dialog waits 1 s before initialising (here: before the picker takes files). */
export const INIT_DELAY_MS = 1000
const FORM_ID = 'upload-form'

type Props = {
  open: boolean
  onClose: () => void
  /** The files' purpose. */
  tags: Schema<'FileTag'>
  /** The tag's values (e.g. `{orderId}`); data mode adds category, source and belongingTo. */
  tagValue: Record<string, unknown>
  /** 'data': the customer-data import, asking for category, source and ownership. */
  mode?: 'data'
  /** In data mode, whether ownership (数据归属) is asked; 正负三 is of a category and source only. */
  ownership?: boolean
  /** After every chosen file is stored (the dialog has closed). */
  onSuccess?: (uploaded: UploadDone[]) => void
}

/**
 * 上传文件: the import's header help and template, then xls/xlsx files and 开始上传; closes once
 * all are stored. Customer data also asks the audience group of rows that name none.
 */
export function UploadDialog({ open, onClose, ...rest }: Props) {
  const { t } = useTranslation('upload')
  const [busy, setBusy] = useState(false)
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t('title')}
      formId={FORM_ID}
      confirmText={t('start')}
      busy={busy}
      width={600}
    >
      {/* Mounted per opening: a fresh queue and form, and closing aborts a running upload. */}
      {open && <UploadForm {...rest} onClose={onClose} onBusy={setBusy} />}
    </Dialog>
  )
}

function UploadForm({ tags, tagValue, mode, ownership = true, onSuccess, onClose, onBusy }: Omit<Props, 'open'> & { onBusy: (busy: boolean) => void }) {
  const { t } = useTranslation(['upload', 'common'])
  const dataMode = mode === 'data'
  // The group is the customer-data import's: 正负三 takes the order's.
  const asks: DataAsks = { ownership, group: tags === 'customerData' }
  const schema = useMemo(() => uploadSchema(t, dataMode), [t, dataMode])
  const { register, handleSubmit, setError, formState, watch } = useForm<UploadFormValues>({
    resolver: schemaResolver(schema),
    defaultValues: { category: '', source: '', belongingTo: '1', audienceCityGroupName: '', description: '' },
  })
  const groupChosen = dataMode && asks.group && watch('audienceCityGroupName') !== ''
  const { errors } = formState
  const queue = useUploadQueue()
  const upload = useUploadFile()
  const [ready, setReady] = useState(false)
  const [uploading, setUploading] = useState(false)
  // A ref, not state: a double click reaches the handler twice before any re-render.
  const running = useRef(false)
  const abort = useRef<AbortController | null>(null)

  useEffect(() => {
    const timer = setTimeout(() => setReady(true), INIT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [])
  useEffect(() => () => abort.current?.abort(), [])
  useEffect(() => onBusy(uploading), [uploading, onBusy])
  useEffect(() => () => onBusy(false), [onBusy])

  const pending = queue.items.filter((i) => i.status !== 'done')
  const needFile = () => {
    if (pending.length) return false
    queue.setProblem('pickFile')
    return true
  }

  const start = async (values: UploadFormValues) => {
    if (running.current || needFile()) return
    running.current = true
    setUploading(true)
    const controller = (abort.current = new AbortController())
    const stored: UploadDone[] = []
    try {
      for (const item of pending) {
        queue.patch(item.id, { status: 'uploading', progress: 0, error: undefined })
        try {
          const target = { tags, originalFileName: item.file.name, description: values.description.trim(), tagValue: tagValueOf(tagValue, values, dataMode, asks) }
          stored.push(await upload.mutateAsync({ target, file: item.file, signal: controller.signal, onProgress: (progress) => queue.patch(item.id, { progress }) }))
          queue.patch(item.id, { status: 'done', progress: 1 })
        } catch (err) {
          if (controller.signal.aborted) return
          // The failure was shown as a toast; it stays on its row, and a field's on the field.
          queue.patch(item.id, { status: 'failed', error: err instanceof Error ? err.message : String(err) })
          setServerErrors(err, UPLOAD_FIELDS, setError)
          return
        }
      }
      toast.success(t('succeeded'))
      onClose()
      onSuccess?.(stored)
    } finally {
      running.current = false
      if (!controller.signal.aborted) setUploading(false)
    }
  }

  return (
    <form id={FORM_ID} className="upload-form" onSubmit={handleSubmit(start, () => needFile())} noValidate>
      <ImportHelp tags={tags} orderId={typeof tagValue.orderId === 'number' ? tagValue.orderId : undefined} groupChosen={groupChosen} />
      {dataMode && <UploadDataFields register={register} errors={errors} disabled={uploading} asks={asks} />}
      <FormField label={t('description')} error={errors.description?.message}>
        <input className="input" placeholder={t('descriptionPlaceholder')} disabled={uploading} {...register('description')} />
      </FormField>
      <UploadQueue
        items={queue.items}
        problem={queue.problem ? t(queue.problem) : null}
        ready={ready}
        busy={uploading}
        onAdd={queue.add}
        onRemove={queue.remove}
      />
    </form>
  )
}
