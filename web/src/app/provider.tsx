import { QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { LoadingMask } from '@/components/ui/loading-mask'
import { Toaster } from '@/components/ui/toast'
import { TooltipProvider } from '@/components/ui/tooltip'
import { queryClient } from '@/lib/query-client'
import { RealtimeProvider } from '@/lib/realtime-provider'

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider>
        <TooltipProvider delayDuration={300}>
          {children}
          <LoadingMask />
          <Toaster />
        </TooltipProvider>
      </RealtimeProvider>
    </QueryClientProvider>
  )
}
