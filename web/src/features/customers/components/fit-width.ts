import { useLayoutEffect, useState } from 'react'
import { sizeStore } from '@/app/preferences'
import { useStore } from '@/lib/store'

/** The class of a cell whose text is figures: every digit as wide, so one text measures them all. */
export const FIGURES_CLASS = 'customers-figures'

/** A cell of `text` in the virtual table's own markup (header or body), hidden off screen. */
function probe(text: string, header: boolean): HTMLElement {
  const table = document.createElement('div')
  table.className = 'virtual-table'
  table.setAttribute('aria-hidden', 'true')
  Object.assign(table.style, { position: 'absolute', left: '-10000px', top: '0', visibility: 'hidden' })
  table.innerHTML =
    '<div class="virtual-table__scroller" style="max-height:none;overflow:visible">' +
    `<div class="${header ? 'virtual-table__head' : 'virtual-table__body'}"><div class="virtual-table__row">` +
    `<div class="virtual-table__cell" style="flex:none;width:auto;min-width:0"><span class="${FIGURES_CLASS}"></span></div>` +
    '</div></div></div>'
  table.querySelector('span')!.textContent = text
  return table
}

/** Px a cell needs to show each text whole, padding and border included (0 where nothing is laid out). */
export function measureCells(texts: readonly string[], header: string): number {
  const cells = [probe(header, true), ...texts.map((text) => probe(text, false))]
  document.body.append(...cells)
  const widest = Math.max(...cells.map((c) => c.querySelector('.virtual-table__cell')!.getBoundingClientRect().width))
  cells.forEach((c) => c.remove())
  return Math.ceil(widest)
}

/** Figures of one shape measure alike: each digit stands for all of them. */
const shape = (text: string) => text.replace(/[0-9]/g, '0')

/**
 * The width of a virtual-table column that never cuts its text: the widest of the header and
 * the texts (one per shape, digits being equally wide), measured in the table's own markup and
 * font, again when the size setting changes; at least `min` (and `min` where nothing is laid
 * out, as in tests).
 */
export function useFitWidth(texts: readonly string[], header: string, min: number): number {
  const size = useStore(sizeStore)
  const shapes = [...new Set(texts.map(shape))].join('\n')
  const [width, setWidth] = useState(min)
  useLayoutEffect(() => {
    const measured = measureCells(shapes ? shapes.split('\n') : [], header)
    setWidth(Math.max(min, measured + 1))
  }, [shapes, header, min, size])
  return width
}
