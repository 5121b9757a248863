import { compareCalendars } from '@/testing/calendar-diff'

// Differential test of the calendar against react-day-picker, in en (src/testing/calendar-diff.tsx).
compareCalendars('en')
