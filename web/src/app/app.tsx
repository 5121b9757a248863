import '@/styles/index.css'
import '@/lib/i18n'
import { applyToDocument } from './preferences'
import { AppProvider } from './provider'
import { AppRouter } from './router'

// Size, theme colour and dark mode apply before the first paint.
applyToDocument()

export function App() {
  return (
    <AppProvider>
      <AppRouter />
    </AppProvider>
  )
}
