import { useId, useState } from 'react'
import { Drawer } from '@/components/ui/drawer'
import { Switch } from '@/components/ui/switch'
import { Tooltip } from '@/components/ui/tooltip'
import { useTranslation } from '@/lib/i18n'
import { useStore } from '@/lib/store'
import { DEFAULT_THEME, settingsStore, updateSettings, type Settings } from '../preferences'
import { Icon } from './icons'

const presets = [DEFAULT_THEME, '#304156', '#11a983', '#13c2c2', '#6959cd', '#f5222d', '#fa8c16']

type Toggle = { key: keyof Pick<Settings, 'tagsView' | 'fixedHeader' | 'sidebarLogo' | 'dark'>; label: string }

/** The gear button and its drawer: theme colour, tags view, fixed header, sidebar logo (docs/screens.md "Routes and layout"). */
export function SettingsPanel() {
  const { t } = useTranslation('shell')
  const [open, setOpen] = useState(false)
  const settings = useStore(settingsStore)
  const id = useId()
  const toggles: Toggle[] = [
    { key: 'tagsView', label: t('showTagsView') },
    { key: 'fixedHeader', label: t('fixedHeader') },
    { key: 'sidebarLogo', label: t('sidebarLogo') },
    { key: 'dark', label: t('darkMode') },
  ]
  return (
    <>
      <Tooltip content={t('settings')}>
        <button type="button" className="icon-btn" aria-label={t('settings')} onClick={() => setOpen(true)}>
          <Icon name="setting" />
        </button>
      </Tooltip>
      <Drawer open={open} onOpenChange={setOpen} title={t('settings')} closeLabel={t('close')} width={300}>
        <div className="settings-panel">
          <div className="settings-panel__row settings-panel__row--stack">
            <span id={`${id}-theme`}>{t('themeColor')}</span>
            <div className="settings-panel__swatches" role="group" aria-labelledby={`${id}-theme`}>
              {presets.map((c) => (
                <button
                  key={c}
                  type="button"
                  className="settings-panel__swatch"
                  style={{ background: c }}
                  aria-label={t('presetColor', { color: c })}
                  aria-pressed={settings.theme.toLowerCase() === c}
                  onClick={() => updateSettings({ theme: c })}
                />
              ))}
              <input
                type="color"
                className="settings-panel__picker"
                aria-label={t('customColor')}
                value={settings.theme}
                onChange={(e) => updateSettings({ theme: e.target.value })}
              />
            </div>
          </div>
          {toggles.map(({ key, label }) => (
            <div key={key} className="settings-panel__row">
              <label htmlFor={`${id}-${key}`}>{label}</label>
              <Switch id={`${id}-${key}`} checked={settings[key]} onCheckedChange={(v) => updateSettings({ [key]: v })} />
            </div>
          ))}
        </div>
      </Drawer>
    </>
  )
}
