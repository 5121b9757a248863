import type { ReactNode } from 'react'
import { Toaster } from '@/components/ui/toast'

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Toaster />
    </>
  )
}
