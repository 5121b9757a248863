// What the English flow (tests/i18n.mjs) asserts of a screen: no Chinese on it but the user's
// data, and no control whose text is cut.
//
// "The user's data" is every Chinese string the server answered (HTTP and the real-time
// channel) except the labels the client translates (statusName 播出中, jStatusName 未评估 …):
// those names are the data's own (媒体 湖南卫视, 产品 东方树叶, an order's notes, a log's text),
// whatever the reader's language. A text minus the data it holds must have no Chinese left.

/** Chinese characters and the CJK punctuation (、，：（）) an English text must not show. */
export const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]/

/** Answer fields that are labels the client translates, not data (web/src/lib/i18n-server-labels.ts). */
const LABEL_FIELDS = new Set(['statusName', 'jStatusName', 'tags_name', 'reason', 'month'])

/**
 * Collects the Chinese strings of the server's answers on the pages of `context` from now on:
 * `.strings` (longest first when read through `data()`).
 */
export function watchData(context) {
  const strings = new Set()
  const take = (value, key) => {
    if (typeof value === 'string') {
      if (CJK.test(value) && !LABEL_FIELDS.has(key)) strings.add(value.trim())
    } else if (Array.isArray(value)) value.forEach((v) => take(v, key))
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) take(v, k)
  }
  const takeText = (text) => {
    try {
      take(JSON.parse(text))
    } catch {
      // Not JSON: a file, a page.
    }
  }
  context.on('response', async (r) => {
    if (!new URL(r.url()).pathname.startsWith('/background/')) return
    takeText(await r.text().catch(() => ''))
  })
  context.on('page', (page) => page.on('websocket', (ws) => ws.on('framereceived', (f) => typeof f.payload === 'string' && takeText(f.payload))))
  return { data: () => [...strings].filter(Boolean).sort((a, b) => b.length - a.length) }
}

/**
 * Runs in the page: the texts a reader sees or hears (text nodes, the selected option of each
 * select, placeholders, aria-label and title) that still hold Chinese once the `data` strings
 * are taken out, each with where it is. `skip`: selectors whose Chinese is meant (a brand's mark).
 */
export function chineseLeft({ data, skip, cjk }) {
  const CJK_RE = new RegExp(cjk)
  const left = (text) => {
    let rest = text
    for (const d of data) if (rest.includes(d)) rest = rest.split(d).join(' ')
    return CJK_RE.test(rest) ? rest.trim() : null
  }
  // An avatar shows the first character of the account's name.
  const initial = (text) => [...text.trim()].length === 1 && data.some((d) => d.startsWith(text.trim()))
  const where = (el) => {
    const parts = []
    for (let e = el; e && e !== document.body && parts.length < 3; e = e.parentElement) {
      parts.push(e.tagName.toLowerCase() + (typeof e.className === 'string' && e.className ? `.${e.className.split(' ')[0]}` : ''))
    }
    return parts.join(' < ')
  }
  const skipped = (el) => skip.some((s) => el.closest(s))
  const found = []
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement
    if (!el || el.closest('select, script, style') || skipped(el) || !el.checkVisibility({ checkVisibilityCSS: true })) continue
    const rest = left(n.data)
    if (rest && !initial(n.data)) found.push(`"${rest}" in ${where(el)}`)
  }
  for (const el of document.querySelectorAll('select, [placeholder], [aria-label], [title]')) {
    if (skipped(el) || !el.checkVisibility({ checkVisibilityCSS: true })) continue
    const texts = [['placeholder', el.getAttribute('placeholder')], ['aria-label', el.getAttribute('aria-label')], ['title', el.getAttribute('title')]]
    if (el instanceof HTMLSelectElement) texts.push(['option', el.selectedOptions[0]?.text])
    for (const [what, text] of texts) {
      const rest = text && left(text)
      if (rest) found.push(`${what} "${rest}" of ${where(el)}`)
    }
  }
  return [...new Set(found)]
}

/**
 * Runs in the page: controls and headings whose text does not fit (buttons, tabs, badges, table
 * headers, labels, select triggers, table cells of the app's own words: wider content than box;
 * a select: its chosen option wider than the select, measured by sizing a copy to its content; an
 * empty input: its placeholder).
 * An ellipsis on the user's `data` (a long title in a narrow cell) is the layout's choice.
 */
export function clipped(data) {
  const found = []
  const text = (el) => el.textContent.trim().replace(/\s+/g, ' ').slice(0, 40)
  const visible = (el) => el.checkVisibility({ checkVisibilityCSS: true }) && el.getBoundingClientRect().width > 0
  for (const el of document.querySelectorAll('button, .btn, [role=tab], .tag, th, [role=columnheader], label, legend')) {
    if (!visible(el) || !text(el)) continue
    if (el.scrollWidth > el.clientWidth + 1) found.push(`${el.tagName.toLowerCase()} "${text(el)}" needs ${el.scrollWidth}px, has ${el.clientWidth}px`)
  }
  // Text cut with an ellipsis inside a control (a trigger's value, a tab's title).
  for (const el of document.querySelectorAll(':is(button, [role=combobox], [role=tab], .tag, th, [role=columnheader], label) *')) {
    if (!visible(el) || !text(el) || getComputedStyle(el).textOverflow !== 'ellipsis') continue
    if (data.some((d) => el.textContent.includes(d))) continue
    if (el.scrollWidth > el.clientWidth + 1) found.push(`"${text(el)}" in ${el.parentElement.tagName.toLowerCase()} needs ${el.scrollWidth}px, has ${el.clientWidth}px`)
  }
  // A table cell showing a label the client words (数据类别 `Customer data`, a status): no
  // figures and none of the server's data in it. The user's data may be cut by the layout's
  // choice (a long title); a word of the app's own may not.
  for (const el of document.querySelectorAll('td, [role=cell], [role=gridcell]')) {
    const words = text(el)
    if (!visible(el) || !words || /\d/.test(words) || data.some((d) => el.textContent.includes(d))) continue
    if (el.scrollWidth > el.clientWidth + 1) found.push(`cell "${words}" needs ${el.scrollWidth}px, has ${el.clientWidth}px`)
  }
  for (const el of document.querySelectorAll('select')) {
    if (!visible(el)) continue
    const width = el.getBoundingClientRect().width
    const old = el.style.cssText
    el.style.cssText += ';field-sizing:content;width:auto;min-width:0;max-width:none'
    const needs = el.getBoundingClientRect().width
    el.style.cssText = old
    if (needs > width + 1) found.push(`select "${el.selectedOptions[0]?.text ?? ''}" needs ${Math.ceil(needs)}px, has ${Math.floor(width)}px`)
  }
  const canvas = document.createElement('canvas').getContext('2d')
  for (const el of document.querySelectorAll('input[placeholder]')) {
    if (!visible(el) || el.value) continue
    const cs = getComputedStyle(el)
    canvas.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`
    const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight)
    const needs = canvas.measureText(el.placeholder).width
    if (needs > room + 1) found.push(`placeholder "${el.placeholder}" needs ${Math.ceil(needs)}px, has ${Math.floor(room)}px`)
  }
  return [...new Set(found)]
}

/** Fails when the page shows Chinese beyond its data or cuts a control's text. */
export async function expectEnglish(ctx, page, what, watch, { skip = [] } = {}) {
  const chinese = await page.evaluate(chineseLeft, { data: watch.data(), skip, cjk: CJK.source })
  const cut = await page.evaluate(clipped, watch.data())
  const problems = [...chinese.map((c) => `Chinese ${c}`), ...cut.map((c) => `cut ${c}`)]
  ctx.expect(problems.length === 0, `${what}: ${problems.length} problems: ${problems.slice(0, 12).join(' | ')}`)
}
