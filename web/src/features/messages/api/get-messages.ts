import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

// Written by hand from the issue-5 contract until the server's OpenAPI document has the call.
export type Message = { id: number; content: string; createTime: string; status: '1' | '2' }
export type MessagePage = { data: Message[]; total: number; unread: number }

/** The bell shows the newest messages (the call's default page size). */
export const MESSAGE_PAGE_SIZE = 20

/** messageIndel: the signed-in account's own messages, newest first, with its unread count. */
export function getMessages(page = 1, limit = MESSAGE_PAGE_SIZE) {
  // No full-screen mask: the bell loads in the background of every page.
  return api.get<MessagePage>('messageIndel', { page, limit }, { mask: false })
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
