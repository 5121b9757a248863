import { toast } from '@/components/ui/toast-store'
import { DropdownMenu, MenuContent, MenuRadioItem } from '@/components/ui/dropdown-menu'
import { useTranslation } from '@/lib/i18n'
import { useStore } from '@/lib/store'
import { setSize, sizes, sizeStore, type Size } from '../preferences'
import { Icon } from './icons'

/** Global control size: 默认 / 中等 / 小型 / 迷你, kept in a cookie. */
export function SizeSelect() {
  const { t } = useTranslation('shell')
  const size = useStore(sizeStore)
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="icon-btn" aria-label={t('size')}>
        <Icon name="size" />
      </DropdownMenu.Trigger>
      <MenuContent align="end">
        <DropdownMenu.RadioGroup
          value={size}
          onValueChange={(v) => {
            if (v === size) return
            setSize(v as Size)
            toast.success(t('sizeChanged'))
          }}
        >
          {sizes.map((s) => (
            <MenuRadioItem key={s} value={s}>
              {t(`sizes.${s}`)}
            </MenuRadioItem>
          ))}
        </DropdownMenu.RadioGroup>
      </MenuContent>
    </DropdownMenu.Root>
  )
}
