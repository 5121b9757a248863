import { toast } from './toast-store'

/** What the handler needs of a react-query mutation. */
type Mutation<A> = { mutateAsync: (arg: A) => Promise<unknown>; isPending: boolean }

type Options<V> = {
  /** The edited record's id; null or undefined adds one. */
  id: number | null | undefined
  create: Mutation<V>
  update: Mutation<{ id: number; values: V }>
  /** The feature's 添加成功 / 修改成功. */
  messages: { added: string; updated: string }
  /** Runs after the success toast (closes the dialog). */
  onDone: () => void
}

/**
 * An add-or-edit dialog's submit: create or update, the success toast, then `onDone`. A failed
 * call rejects without a toast or `onDone`, so the form can put the server's field errors on its
 * fields. `busy` is true while either call runs.
 */
export function useSaveHandler<V>({ id, create, update, messages, onDone }: Options<V>) {
  const submit = async (values: V) => {
    if (id != null) {
      await update.mutateAsync({ id, values })
      toast.success(messages.updated)
    } else {
      await create.mutateAsync(values)
      toast.success(messages.added)
    }
    onDone()
  }
  return { submit, busy: create.isPending || update.isPending }
}
