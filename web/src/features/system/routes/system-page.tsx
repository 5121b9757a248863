import { Tabs } from 'radix-ui'
import { useTranslation } from '@/lib/i18n'
import { BrandTab } from '../components/brand-tab'
import { GroupTab } from '../components/group-tab'
import { MediaTab } from '../components/media-tab'
import { TABS, useSettingsParams } from '../components/use-settings-params'
import '../components/system.css'

/** /system/systemIndex: 媒体, 受众/城市组 and 品牌 tabs; the tab and its filters live in the URL. */
export default function SystemPage() {
  const { t } = useTranslation('system')
  const { tab, query, setQuery, setTab } = useSettingsParams()
  return (
    <div className="page">
      <Tabs.Root className="card settings-tabs" value={tab} onValueChange={setTab}>
        <Tabs.List className="settings-tabs__list" aria-label={t('title')}>
          {TABS.map((name) => (
            <Tabs.Trigger key={name} className="settings-tabs__tab" value={name}>
              {t(`tabs.${name}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content className="settings-tabs__panel" value="media">
          {tab === 'media' && <MediaTab query={query} setQuery={setQuery} />}
        </Tabs.Content>
        <Tabs.Content className="settings-tabs__panel" value="audience">
          {tab === 'audience' && <GroupTab query={query} setQuery={setQuery} />}
        </Tabs.Content>
        <Tabs.Content className="settings-tabs__panel" value="brand">
          {tab === 'brand' && <BrandTab query={query} setQuery={setQuery} />}
        </Tabs.Content>
      </Tabs.Root>
    </div>
  )
}
