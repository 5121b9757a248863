import { Tooltip } from '@/components/ui/tooltip'
import { useTranslation } from '@/lib/i18n'
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
