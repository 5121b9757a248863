import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { Plugin } from 'vite'
import { split } from './src/lib/locale-values.ts'

/** A locale file of a language other than Chinese: `/src/locales/<language>/<namespace>.json`. */
const OTHER = /[\\/]src[\\/]locales[\\/](?!zh-CN[\\/])[^\\/]+[\\/]([^\\/]+)\.json$/
/** The module that stands for such a file: without `.json`, so dev and tests run it as script. */
const PREFIX = '\0locale-values:'

/**
 * Locale files other than Chinese become modules that rebuild them from their values and the
 * Chinese file's keys (src/lib/locale-values.ts): the keys ship once, with the Chinese strings
 * the app loads first. In the build and in tests alike.
 */
export function localeValues(): Plugin {
  let root = process.cwd()
  return {
    name: 'adeval:locale-values',
    enforce: 'pre',
    configResolved: (config) => void (root = config.root),
    resolveId: {
      filter: { id: /locales[\\/](?!zh-CN[\\/])[^\\/]+[\\/][^\\/]+\.json$/ },
      handler(source, importer) {
        const file = source.startsWith('.') && importer ? join(dirname(importer), source) : source.startsWith(root) ? source : join(root, source)
        return OTHER.test(file) ? PREFIX + file.replace(/\.json$/, '') : null
      },
    },
    load: {
      filter: { id: /^\0locale-values:/ },
      handler(id) {
        const file = `${id.slice(PREFIX.length)}.json`
        const ns = OTHER.exec(file)![1]
        const chinese = join(file, '../../zh-CN', `${ns}.json`)
        this.addWatchFile(file)
        this.addWatchFile(chinese)
        const read = (path: string) => JSON.parse(readFileSync(path, 'utf8'))
        const { values, extra } = split(read(chinese), read(file))
        const json = (v: unknown) => `JSON.parse(${JSON.stringify(JSON.stringify(v))})`
        return {
          code: [
            `import shape from '/src/locales/zh-CN/${ns}.json'`,
            `import { fill } from '/src/lib/locale-values.ts'`,
            `export default fill(shape, ${json(values)}, ${json(extra)})`,
          ].join('\n'),
          moduleType: 'js',
        }
      },
    },
  }
}
