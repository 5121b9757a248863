import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { messagesQueryOptions } from './get-messages'

/** messageUp: one message (`{id}`) or every message (`{all: '1'}`) becomes read. */
export function markMessagesRead(target: { id: number } | 'all') {
  return api.post('messageUp', target === 'all' ? { all: '1' } : target, { mask: false })
}

export function useMarkMessagesRead() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: markMessagesRead,
    onSuccess: () => client.invalidateQueries({ queryKey: messagesQueryOptions().queryKey }),
  })
}
