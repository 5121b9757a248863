import { namespaces } from './i18n'

// Every language but the default one, in the chunk i18n.ts loads when one is chosen.
const files = import.meta.glob<Record<string, unknown>>(['/src/locales/*/*.json', '!/src/locales/zh-CN/*.json'], { eager: true, import: 'default' })

/** A language's namespaces; none for a language without files. */
export const otherLanguage = (lng: string) => namespaces(files, lng)
