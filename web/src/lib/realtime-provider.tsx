import { createContext, useContext, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react'
import { toast } from '@/components/ui/toast-store'
import { realtime, type LiveListener, type Realtime } from '@/lib/realtime'
import { useSession } from '@/lib/session'

const RealtimeContext = createContext<Realtime>(realtime)

/**
 * Runs the real-time channel while someone is signed in: a new token (another sign-in) gets a new
 * socket, signing out closes it. A `login` push (signed in elsewhere) shows its text.
 */
export function RealtimeProvider({ channel = realtime, children }: { channel?: Realtime; children: ReactNode }) {
  const token = useSession()?.token
  useEffect(() => {
    if (!token) return
    channel.start()
    return () => channel.stop()
  }, [channel, token])
  useEffect(() => channel.on('login', (m) => toast.error(String(m.data ?? ''))), [channel])
  return <RealtimeContext.Provider value={channel}>{children}</RealtimeContext.Provider>
}

/** Calls `listener` (latest render's) for every pushed message of `event` while mounted. */
export function useRealtimeEvent(event: string, listener: LiveListener) {
  const channel = useContext(RealtimeContext)
  const latest = useRef(listener)
  useLayoutEffect(() => {
    latest.current = listener
  })
  useEffect(() => channel.on(event, (m) => latest.current(m)), [channel, event])
}
