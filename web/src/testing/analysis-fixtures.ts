import type { Order } from '@/features/orders/api/get-orders'
import type { AnalysisAnswer, AnalysisSpot } from '@/features/summary/api/get-data-analysis'
import type { SpotCurve } from '@/features/summary/api/get-spot-curve'

/* Fixtures of the 数据分析 tests: an order, spots and answers as the contract shapes them. */

export const analysisOrder = {
  id: 7, mediaId: 3, mediaName: '测试卫视', productId: 5, productName: '纯牛奶', defaultId: 9, defaultName: '全国4+',
  cycleTimeAdd: '2026-03-01', cycleTimeEnd: '2026-03-31', cycleTimeMonth: '2026-03', seconds: 15, category: null, source: null,
} as unknown as Order

export const spot = (over: Partial<AnalysisSpot> = {}): AnalysisSpot => ({
  id: 1, title: '纯牛奶 A版', addTime: '19:10:05', duration: 15, ymd: '2026-03-02', defaultAudienceCityGroup: '全国4+',
  defaultAudienceCityGroupId: 9, mediaId: 3, maoDianPing: 1.25, count: 1, ...over,
})

/** Two slots over three days: 19:10 has both sides on 03-02 and the customer side alone on 03-03; 25:30 (past midnight) the media side on 03-04. */
export const answer = (over: Partial<AnalysisAnswer> = {}): AnalysisAnswer => ({
  time: ['2026-03-02', '2026-03-03', '2026-03-04'],
  cData: [
    {
      name: '19:10',
      t: {
        '2026-03-02': { m: spot({ id: 11, title: '媒体版', maoDianPing: 2.5, count: 2 }), c: spot({ id: 12 }) },
        '2026-03-03': { m: null, c: spot({ id: 13, ymd: '2026-03-03', addTime: '19:10:40', maoDianPing: 0.75 }) },
      },
    },
    { name: '25:30', t: { '2026-03-04': { m: spot({ id: 14, ymd: '2026-03-04', addTime: '25:30:00', title: '夜间版', maoDianPing: 0.1 }), c: null } } },
  ],
  total: 2,
  ...over,
})

/** A per-second series 19:10:00–19:10:29 rising 0.1 a second from 1.0; the spot 19:10:05 for 15 s has the mean of 1.5…2.9 = 2.2. */
export const curve = (over: Partial<SpotCurve> = {}): SpotCurve => ({
  data: Array.from({ length: 30 }, (_, i) => ({ ts: `2026-03-02 19:10:${String(i).padStart(2, '0')}`, rating: Math.round((1 + i * 0.1) * 10) / 10 })),
  spotMean: 2.2,
  resolution: 'second',
  channel: '测试卫视',
  audienceGroup: '全国4+',
  spotStart: '2026-03-02 19:10:05',
  spotEnd: '2026-03-02 19:10:20',
  ...over,
})
