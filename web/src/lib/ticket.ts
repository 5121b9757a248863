import { api, type CallOptions } from '@/lib/api-client'
import type { CallData } from '@/types/call'

export type Ticket = CallData<'ticket'>

/**
 * A single-use ticket (good for a minute) for a URL that must authenticate without headers: a
 * download link or the realtime socket. The session token itself never goes in a URL.
 */
export async function fetchTicket(opts: CallOptions = {}): Promise<string> {
  const answer = await api.post('ticket', {}, { mask: false, ...opts })
  return answer.ticket
}
