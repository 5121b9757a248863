import { Tabs } from 'radix-ui'

/** The month tabs of a `Tabs.Root` over an order's months (the template dialog, the summary grid). */
export function MonthTabList({ months, label }: { months: { pointDateYm: string }[]; label: string }) {
  return (
    <Tabs.List className="order-template__months" aria-label={label}>
      {months.map((m) => (
        <Tabs.Trigger key={m.pointDateYm} className="order-template__month" value={m.pointDateYm}>
          {m.pointDateYm}
        </Tabs.Trigger>
      ))}
    </Tabs.List>
  )
}
