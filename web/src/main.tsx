import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { i18nReady } from './lib/i18n'

// A language other than Chinese loads on demand: the first paint waits for its strings (and
// happens anyway, in Chinese, should they fail to load).
void i18nReady.finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
)
