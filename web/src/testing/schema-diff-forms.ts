import { uploadSchema } from '@/components/upload/get-upload-sign'
import { accountSchema } from '@/features/accounts/api/create-account'
import { menuSchema } from '@/features/menus/api/create-menu'
import { viewingSchema } from '@/features/network-viewing/api/create-online-viewing'
import { MAKE_GOOD_POLICIES, orderSchema } from '@/features/orders/api/create-order'
import { proposalSchema } from '@/features/orders/api/create-proposal'
import { addSlotSchema } from '@/features/summary/components/add-slot-dialog'
import { batchSchema } from '@/features/summary/components/batch-dialog'
import { grpSchema } from '@/features/summary/components/manual-grp-dialog'
import { modifySchema } from '@/features/summary/components/point-modify-dialog'
import { moveSchema } from '@/features/summary/components/point-move-dialog'
import { reasonSchema } from '@/features/summary/components/reason-dialog'
import { addBounds, editBounds, tapeChangeSchema } from '@/features/orders/components/tape-change-rules'
import { swapSchema } from '@/features/orders/components/version-swap-dialog'
import { productSchema } from '@/features/products/api/create-product'
import { profileSchema } from '@/features/profile/api/update-profile'
import { suitSchema } from '@/features/suits/api/create-suit'
import { groupSchema } from '@/features/system/api/create-group'
import { nameSchema } from '@/features/system/components/name-form-dialog'
import { tapeSchema } from '@/features/tapes/api/create-tape'
import { classSchema } from '@/features/time-periods/api/create-time-period-class'
import { timePeriodSchema } from '@/features/time-periods/api/create-time-period'
import { i18n } from '@/lib/i18n'

/*
 * Every form schema the app defines (each file importing `z` from '@/lib/schema'), with a value
 * the form would submit. Used by lib/schema.diff.test.ts only, which builds each of these once with our
 * module and once with zod by swapping what '@/lib/schema' exports as `z`; never bundled.
 */

export type FormCase = { name: string; build: () => { safeParse: (v: unknown) => unknown }; valid: Record<string, unknown> }

const t = (ns: string) => i18n.getFixedT('zh-CN', ns)

const account = { name: '张三', account: 'zhang.san', password: 'secret1', password_confirmation: 'secret1', status: '1', rule_id: ['3'] }
const spot = { type: 'B', num: '1', withdrawn: false }
const move = { type: 'B', upTapeId: '1', timePeriodId: '2', suit: '3', ymd: '2026-03-11', num: '1' }
const moveDaysOf = { first: '2026-03-10', last: '2026-04-30', confirmed: ['2026-02'] }
const tapeChange = { tapeId: '1', upTapeId: '2', executeAt: '2026-03-15' }
const order = {
  mediaId: '1',
  productId: '2',
  defaultId: '3',
  seconds: '15',
  orderProductMagneticTapeId: [1],
  suitId: [2],
  cycleTimeAdd: '2026-03-01',
  cycleTimeEnd: '2026-03-31',
  followDate: '2026-02-20',
  blankWeek: ['2026-03-08'],
  notes: '',
  adjustingQuantity: '',
  category: '',
  source: '',
  customerFreeBroadcastCalculation: '1',
  customerFreeBroadcastValue: '0',
  customerMetrics: '1.5',
  mediaFreeBroadcastCalculation: '2',
  mediaFreeBroadcastValue: '',
  mediaMetrics: '2',
  makeGoodPolicy: MAKE_GOOD_POLICIES[0],
}
const product = {
  brandId: '1',
  productName: '产品',
  seconds: '15',
  mediaId: '',
  audienceCityGroupId: [1],
  defaultAudienceCityGroupId: '1',
  primeTime: '18:00-22:00',
  upsideDownThreePer: '30',
  primeTimePer: '50',
  primeUpsideDownThreePer: '20',
  falsePrimeUpsideDownThreePer: '',
  jackRequirements: '要求',
  noteOne: '',
  noteTwo: '',
}
const tape = {
  brandId: '1',
  mediaId: '1',
  productId: '1',
  cycle: '1',
  customerVersionName: 'v1',
  mediaFileName: 'f.mp4',
  mediaTapeNumber: 'T1',
  customerTitle: '标题',
  seconds: '15',
}
const upload = { category: '1', source: '2', belongingTo: '1', audienceCityGroupName: '全国4+', description: '说明' }

export const FORMS: FormCase[] = [
  { name: 'upload', build: () => uploadSchema(t('upload'), false), valid: upload },
  { name: 'upload (data mode)', build: () => uploadSchema(t('upload'), true), valid: upload },
  { name: 'account', build: () => accountSchema(t('admin'), false), valid: account },
  { name: 'account (editing)', build: () => accountSchema(t('admin'), true), valid: account },
  { name: 'menu', build: () => menuSchema(t('admin')), valid: { pid: '0', type: '1', name: 'system/menus', title: '菜单', weight: '10', status: '1' } },
  {
    name: 'online viewing',
    build: () => viewingSchema(t('network-viewing')),
    valid: { mediaId: '1', onlineViewingName: '网络收视', onlineViewingTime: '2026-03-01T20:05', viewing: '12.5', ranking: '3' },
  },
  { name: 'order', build: () => orderSchema(t('orders')), valid: order },
  { name: 'proposal', build: () => proposalSchema(t('orders')), valid: { proposalText: '调整', adjustDate: '2026-03-02' } },
  {
    name: 'add slot',
    build: () => addSlotSchema(t('orders'), '2026-03-01', '2026-03-31'),
    valid: { productDefaultId: '1', type: 'A', timePeriodId: '2', ymd: '2026-03-05', num: '2' },
  },
  { name: 'batch', build: () => batchSchema(t('orders')), valid: spot },
  { name: 'manual grp', build: () => grpSchema(t('orders')), valid: { mdp: '1.5' } },
  { name: 'point modify', build: () => modifySchema(t('orders'), false), valid: spot },
  { name: 'point modify (existing)', build: () => modifySchema(t('orders'), true), valid: { ...spot, num: '0' } },
  { name: 'point move', build: () => moveSchema(t('orders'), null, moveDaysOf), valid: move },
  { name: 'point move (days unknown)', build: () => moveSchema(t('orders'), null, null), valid: move },
  { name: 'point move (keeps day)', build: () => moveSchema(t('orders'), '2026-03-31', moveDaysOf), valid: { ...move, type: 'A', ymd: '' } },
  { name: 'reason', build: () => reasonSchema(t('orders')), valid: { reasonValue: '原因' } },
  { name: 'tape change', build: () => tapeChangeSchema(t('orders'), addBounds('2026-03-01', '2026-03-31', '2026-03-10'), false), valid: tapeChange },
  {
    name: 'tape change (editing)',
    build: () => tapeChangeSchema(t('orders'), editBounds({ minDate: '2026-03-11', maxDate: '2026-03-31' }), true),
    valid: tapeChange,
  },
  { name: 'version swap', build: () => swapSchema(t('orders')), valid: { broadcastingMagneticTapeDetailsType: '1', tapeId: '1', upTapeId: '2' } },
  { name: 'product', build: () => productSchema(t('products')), valid: product },
  { name: 'profile', build: () => profileSchema(t('admin')), valid: { name: '张三', oldPassword: 'old123', password: 'new123', password_confirmation: 'new123' } },
  {
    name: 'suit',
    build: () => suitSchema(t('suits')),
    valid: {
      mediaId: '1',
      brandId: '2',
      suitName: '套装',
      customerMetrics: '1',
      mediaMetrics: '2',
      seconds: '15',
      suitTime: '2026-03',
      timePeriodArray: [{ ids: [1], count: 2, names: '1', times: '' }],
    },
  },
  { name: 'group', build: () => groupSchema(t('system')), valid: { brandId: 1, name: '受众组' } },
  { name: 'name (media, brand)', build: () => nameSchema('请输入名称', '名称不能超过50个字符'), valid: { name: 'CCTV-1' } },
  { name: 'tape', build: () => tapeSchema(t('tapes')), valid: tape },
  { name: 'time-period class', build: () => classSchema(t('time-periods')), valid: { mediaId: '1', timePeriodClassName: '类', timePeriodId: [1, 2] } },
  {
    name: 'time period',
    build: () => timePeriodSchema(t('time-periods')),
    valid: { mediaId: '1', timePeriodName: '时段', preBroadcastTimeForma: '08:00:00', preBroadcastTimeFormaEnd: '09:00:00' },
  },
]
