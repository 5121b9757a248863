import { useEffect, useState } from 'react'
import { toast } from '@/components/ui/toast-store'
import { Tooltip } from '@/components/ui/tooltip'
import { useTranslation } from '@/lib/i18n'
import { Icon } from './icons'

export function FullscreenButton() {
  const { t } = useTranslation('shell')
  const [full, setFull] = useState(() => !!document.fullscreenElement)

  useEffect(() => {
    const sync = () => setFull(!!document.fullscreenElement)
    document.addEventListener('fullscreenchange', sync)
    return () => document.removeEventListener('fullscreenchange', sync)
  }, [])

  async function toggle() {
    try {
      if (!document.fullscreenEnabled) throw new Error('unsupported')
      if (document.fullscreenElement) await document.exitFullscreen()
      else await document.documentElement.requestFullscreen()
    } catch {
      toast.warning(t('fullscreenUnsupported'))
    }
  }

  const label = full ? t('exitFullscreen') : t('fullscreen')
  return (
    <Tooltip content={label}>
      <button type="button" className="icon-btn" aria-label={label} aria-pressed={full} onClick={toggle}>
        <Icon name={full ? 'exitFullscreen' : 'fullscreen'} />
      </button>
    </Tooltip>
  )
}
