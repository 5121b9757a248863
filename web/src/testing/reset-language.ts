import { defaultLanguage, i18n, resources } from '@/lib/i18n'

/**
 * Puts the translations back as the app starts them: Chinese, and no other language's strings
 * loaded (they load when a language is chosen). The test setup runs it after each file; a test
 * that switches the language runs it after each test.
 */
export async function resetLanguage() {
  await i18n.changeLanguage(defaultLanguage)
  for (const lng of Object.keys(resources)) if (lng !== defaultLanguage) delete resources[lng]
}
