import { useEffect, useState } from 'react'
import type { AnalysisAnswer } from '../../api/get-data-analysis'
import { useLastWeek, type LastWeekArgs } from '../../api/get-last-week'

/**
 * Where 数据分析 stands after opening: still deciding, on the order's cycle, moved to the latest
 * week with a spot, or without any spot to show (`searched` once the user has searched).
 */
export type Opening = 'opening' | 'cycle' | 'week' | 'none' | 'searched'

type Props = {
  /** Whose spots: the opening query's product, group, media, category and source (null: no query). */
  who: LastWeekArgs | null
  /** The opening search's answer, once it is its own (not the previous page kept on screen). */
  answer: AnalysisAnswer | null | undefined
  /** Opens the latest week with a spot: the toolbar's range and the search become it. */
  moveTo: (from: string, to: string) => void
}

/**
 * The mode opens on the order's cycle; when the cycle has no spot (an order still to air, its
 * data not imported yet) it opens on the latest week with a spot of the same product and group
 * (dataAnalysisLastWeek), or says the product has none there. Only the opening search moves:
 * a search the user makes shows what was asked.
 */
export function useOpeningWeek({ who, answer, moveTo }: Props) {
  const [state, setState] = useState<Opening>('opening')
  const cycleEmpty = state === 'opening' && answer?.total === 0
  const last = useLastWeek(cycleEmpty && who ? who : null)
  useEffect(() => {
    if (state !== 'opening' || !answer) return
    if (answer.total > 0 || last.isError) setState('cycle')
    else if (last.data?.addTimes && last.data.endTimes) {
      setState('week')
      moveTo(last.data.addTimes, last.data.endTimes)
    } else if (last.data) setState('none')
  }, [state, answer, last.data, last.isError, moveTo])
  return { state, searched: () => setState('searched') }
}
