import { DEFAULT_MAKE_GOOD_POLICY, DEFAULT_SECONDS, type OrderFormValues } from '../api/create-order'
import type { OrderProduct } from '../api/get-order-products'
import type { OrderSuitOption } from '../api/get-order-suits'
import type { Order } from '../api/get-orders'

/** What the metrics need of a suit. */
type SuitMetrics = Pick<OrderSuitOption, 'id' | 'customerMetrics' | 'mediaMetrics'>

/** Thousandths as a whole number, so sums of decimals don't drift (0.1 + 0.2 is 0.3). */
const milli = (n: number) => Math.round(n * 1000)

/**
 * docs/screens.md "Order dialog": the media and customer metrics of the chosen suits, each the sum of the suits'
 * values with 3 decimals (`'0.300'`). Ids without a known suit add nothing.
 */
export function suitMetrics(suits: SuitMetrics[], chosen: number[]): Pick<OrderFormValues, 'customerMetrics' | 'mediaMetrics'> {
  let customer = 0
  let media = 0
  for (const id of chosen) {
    const suit = suits.find((s) => s.id === id)
    if (!suit) continue
    customer += milli(suit.customerMetrics)
    media += milli(suit.mediaMetrics)
  }
  return { customerMetrics: (customer / 1000).toFixed(3), mediaMetrics: (media / 1000).toFixed(3) }
}

/** Metrics back to 0, as a new product or media starts over. */
const NO_METRICS = { customerMetrics: '0', mediaMetrics: '0' }

/**
 * docs/screens.md "Order dialog": another product clears the tapes, suits and audience group (its default is chosen
 * once the product's groups arrive), resets both metrics, and takes the product's seconds.
 */
export function productChanged(product: Pick<OrderProduct, 'seconds'> | undefined): Partial<OrderFormValues> {
  return {
    orderProductMagneticTapeId: [],
    suitId: [],
    defaultId: '',
    ...NO_METRICS,
    ...(product ? { seconds: String(product.seconds) } : {}),
  }
}

/** docs/screens.md "Order dialog": another media clears the suits (they are the media's) and resets both metrics. */
export function mediaChanged(): Partial<OrderFormValues> {
  return { suitId: [], ...NO_METRICS }
}

const numberText = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n))

/** New: seconds 15, free-broadcast values and metrics 0, the rest empty. Edit: the order as it is. */
export function initialValues(order?: Order): OrderFormValues {
  if (!order) {
    return {
      mediaId: '', productId: '', defaultId: '', seconds: DEFAULT_SECONDS,
      orderProductMagneticTapeId: [], suitId: [],
      cycleTimeAdd: '', cycleTimeEnd: '', followDate: '', blankWeek: [],
      notes: '', adjustingQuantity: '0', category: '', source: '',
      customerFreeBroadcastCalculation: '', customerFreeBroadcastValue: '0', customerMetrics: '0',
      mediaFreeBroadcastCalculation: '', mediaFreeBroadcastValue: '0', mediaMetrics: '0',
      makeGoodPolicy: DEFAULT_MAKE_GOOD_POLICY,
    }
  }
  return {
    mediaId: String(order.mediaId),
    productId: String(order.productId),
    defaultId: String(order.defaultId),
    seconds: String(order.seconds),
    orderProductMagneticTapeId: [...order.orderProductMagneticTapeId],
    suitId: order.suit.map((s) => s.id),
    cycleTimeAdd: order.cycleTimeAdd,
    cycleTimeEnd: order.cycleTimeEnd,
    followDate: order.followDate,
    blankWeek: order.blankWeek.split(',').map((d) => d.trim()).filter(Boolean),
    notes: order.notes,
    adjustingQuantity: String(order.adjustingQuantity),
    category: numberText(order.category),
    source: numberText(order.source),
    customerFreeBroadcastCalculation: String(order.customerFreeBroadcastCalculation),
    customerFreeBroadcastValue: String(order.customerFreeBroadcastValue),
    customerMetrics: String(order.customerMetrics),
    mediaFreeBroadcastCalculation: String(order.mediaFreeBroadcastCalculation),
    mediaFreeBroadcastValue: String(order.mediaFreeBroadcastValue),
    mediaMetrics: String(order.mediaMetrics),
    makeGoodPolicy: String(order.makeGoodPolicy ?? DEFAULT_MAKE_GOOD_POLICY),
  }
}

/** A blank day added to the list: once, in date order. */
export function addBlankDay(days: string[], day: string): string[] {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || days.includes(day)) return days
  return [...days, day].sort()
}
