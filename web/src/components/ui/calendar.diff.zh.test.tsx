import { compareCalendars } from '@/testing/calendar-diff'

// Differential test of the calendar against react-day-picker, in zh-CN (src/testing/calendar-diff.tsx).
compareCalendars('zh-CN')
