import { Switch as S } from 'radix-ui'
import './switch.css'

type Props = { id?: string; checked: boolean; onCheckedChange: (checked: boolean) => void; 'aria-label'?: string }

/** An on/off toggle (role="switch"); label it with `aria-label` or a <label htmlFor>. */
export function Switch({ id, checked, onCheckedChange, ...rest }: Props) {
  return (
    <S.Root id={id} className="switch" checked={checked} onCheckedChange={onCheckedChange} aria-label={rest['aria-label']}>
      <S.Thumb className="switch__thumb" />
    </S.Root>
  )
}
