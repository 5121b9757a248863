import { Component, type ReactNode } from 'react'
import { i18n } from '@/lib/i18n'
import './error-page.css'

type State = { error: unknown }

/** Last resort for a render error or a page chunk that failed to load (e.g. after a deploy). */
type Props = { children: ReactNode; /** A change (e.g. the path) clears a caught error. */ resetKey?: string }

export class RouteErrorBoundary extends Component<Props, State> {
  state: State = { error: null }

  componentDidUpdate(prev: Props) {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null })
  }

  static getDerivedStateFromError(error: unknown): State {
    return { error }
  }

  componentDidCatch(error: unknown) {
    if (import.meta.env.DEV) console.error(error)
  }

  render() {
    if (!this.state.error) return this.props.children
    const detail = String((this.state.error as Error)?.message ?? this.state.error)
    return (
      <main className="error-page">
        <div className="error-page__body">
          <p className="error-page__code" aria-hidden="true">
            !
          </p>
          <h1 className="error-page__title">{i18n.t('shell:loadFailed')}</h1>
          <p className="error-page__text">{detail}</p>
          <div className="error-page__actions">
            <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
              {i18n.t('shell:reload')}
            </button>
          </div>
        </div>
      </main>
    )
  }
}
