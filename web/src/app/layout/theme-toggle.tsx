import { useTranslation } from 'react-i18next'
import { Tooltip } from '@/components/ui/tooltip'
import { useStore } from '@/lib/store'
import { settingsStore, updateSettings } from '../preferences'
import { Icon } from './icons'

export function ThemeToggle() {
  const { t } = useTranslation('shell')
  const { dark } = useStore(settingsStore)
  return (
    <Tooltip content={t('darkMode')}>
      <button type="button" className="icon-btn" aria-label={t('darkMode')} aria-pressed={dark} onClick={() => updateSettings({ dark: !dark })}>
        <Icon name={dark ? 'sun' : 'moon'} />
      </button>
    </Tooltip>
  )
}
