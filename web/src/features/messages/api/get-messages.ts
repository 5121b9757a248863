import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData } from '@/types/call'

export type MessagePage = CallData<'messageIndel'>
/** status '1' unread, '2' read. */
export type Message = MessagePage['data'][number]

/** The bell shows the newest messages (the call's default page size). */
export const MESSAGE_PAGE_SIZE = 20

/** messageIndel: the signed-in account's own messages, newest first, with its unread count. */
export function getMessages(page = 1, limit = MESSAGE_PAGE_SIZE) {
  // No full-screen mask: the bell loads in the background of every page.
  return api.get('messageIndel', { page, limit }, { mask: false })
}

export function messagesQueryOptions() {
  return queryOptions({
    queryKey: ['messageIndel'],
    queryFn: () => getMessages(),
    staleTime: 60_000,
  })
}

export function useMessages() {
  return useQuery(messagesQueryOptions())
}
