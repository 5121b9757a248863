import { DropdownMenu, MenuContent, MenuRadioItem } from '@/components/ui/dropdown-menu'
import { toast } from '@/components/ui/toast-store'
import { currentLanguage, languages, setLanguage, type Language, useTranslation } from '@/lib/i18n'
import { Icon } from './icons'

const names: Record<Language, string> = { 'zh-CN': '中文', en: 'English' }

/** zh-CN / English, kept in localStorage. */
export function LangSelect({ className = 'icon-btn' }: { className?: string }) {
  const { t, i18n } = useTranslation('shell')
  const lng = currentLanguage()
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={className} aria-label={t('language')} data-lang={i18n.language}>
        <Icon name="language" />
      </DropdownMenu.Trigger>
      <MenuContent align="end">
        <DropdownMenu.RadioGroup
          value={lng}
          onValueChange={async (v) => {
            if (v === lng) return
            await setLanguage(v as Language)
            // i18n.t, not t: the message in the language just chosen.
            toast.success(i18n.t('shell:languageChanged'))
          }}
        >
          {languages.map((l) => (
            <MenuRadioItem key={l} value={l} lang={l}>
              {names[l]}
            </MenuRadioItem>
          ))}
        </DropdownMenu.RadioGroup>
      </MenuContent>
    </DropdownMenu.Root>
  )
}
