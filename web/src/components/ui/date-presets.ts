/** The range presets of the range pickers, as calendar days around `now` (the server zone's, `serverNow`). */

export const PRESETS = ['today', 'thisWeek', 'thisMonth', 'lastMonth', 'last30Days'] as const
export type Preset = (typeof PRESETS)[number]

const at = (y: number, m: number, d: number) => new Date(y, m, d)

/** The first and last day of a preset around `now`; weeks start on `weekStartsOn` (0 = Sunday). */
export function presetRange(preset: Preset, now: Date, weekStartsOn: number): { from: Date; to: Date } {
  const y = now.getFullYear()
  const m = now.getMonth()
  const d = now.getDate()
  switch (preset) {
    case 'today':
      return { from: at(y, m, d), to: at(y, m, d) }
    case 'thisWeek': {
      const back = (now.getDay() - weekStartsOn + 7) % 7
      return { from: at(y, m, d - back), to: at(y, m, d - back + 6) }
    }
    case 'thisMonth':
      return { from: at(y, m, 1), to: at(y, m + 1, 0) }
    case 'lastMonth':
      return { from: at(y, m - 1, 1), to: at(y, m, 0) }
    case 'last30Days':
      return { from: at(y, m, d - 29), to: at(y, m, d) }
  }
}
