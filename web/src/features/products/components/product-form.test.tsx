import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { dismissToast, getToast } from '@/components/ui/toast-store'
import { ApiError } from '@/lib/api-client'
import { productPayload, type ProductFormValues } from '../api/create-product'
import type { Product } from '../api/get-products'
import { ProductForm } from './product-form'

// The groups of each brand, as defaultAudienceCityGroupBrandList would answer them.
const GROUPS: Record<number, { id: number; audienceCityGroupName: string }[]> = {
  1: [{ id: 11, audienceCityGroupName: '全国4+' }, { id: 12, audienceCityGroupName: '北京25-45' }, { id: 13, audienceCityGroupName: '上海女性' }],
  2: [{ id: 21, audienceCityGroupName: '蒙牛全国' }],
}
vi.mock('../api/get-brand-groups', () => ({
  useBrandGroups: (brandId: number | null) => ({ data: brandId ? GROUPS[brandId] : undefined }),
}))

const brands = [{ id: 1, brandName: '伊利' }, { id: 2, brandName: '蒙牛' }]
const media = [{ id: 5, mediaName: 'CCTV-1' }]

const row: Product = {
  id: 9, brandId: 1, mediaId: null, productName: '纯牛奶', seconds: 30, audienceCityGroupId: '12,11',
  ProductDefault: [{ id: 12, audienceCityGroupName: '北京25-45' }, { id: 11, audienceCityGroupName: '全国4+' }],
  DefaultAudienceCityGroup: { id: 11, audienceCityGroupName: '全国4+' }, defaultAudienceCityGroupId: 11,
  upsideDownThreePer: 30, primeTime: '19:00:00-22:00:00', primeTimePer: 60.5, primeUpsideDownThreePer: 20,
  falsePrimeUpsideDownThreePer: null, jackRequirements: '不接受插播', noteOne: '', noteTwo: '',
  brand: { brandName: '伊利' }, media: null, updateTime: '2026-01-01 00:00:00', createTime: '2026-01-01 00:00:00',
}

function setup(props: { product?: Product; onSubmit?: (v: ProductFormValues) => Promise<unknown> } = {}) {
  const onSubmit = vi.fn(props.onSubmit ?? (async () => undefined))
  render(
    <>
      <ProductForm id="p" product={props.product} brands={brands} media={media} onSubmit={onSubmit} />
      <button type="submit" form="p">确定</button>
    </>,
  )
  const user = userEvent.setup()
  return { user, onSubmit, submit: () => user.click(screen.getByRole('button', { name: '确定' })) }
}

const messageOf = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent
const groupsField = () => screen.getByLabelText('受众/城市组')
const defaultOptions = () =>
  [...(screen.getByLabelText('默认受众/城市组') as HTMLSelectElement).options].map((o) => o.textContent)

afterEach(() => dismissToast())

describe('ProductForm', () => {
  it('starts new with 15 seconds and shows every required message', async () => {
    const { submit, onSubmit } = setup()
    expect((screen.getByLabelText('秒数') as HTMLSelectElement).value).toBe('15')
    await submit()
    expect(messageOf(screen.getByLabelText('品牌名称'))).toBe('品牌ID不能为空')
    expect(messageOf(screen.getByLabelText('产品名称'))).toBe('产品名称不能为空')
    expect(messageOf(groupsField())).toBe('受众/城市组不能为空')
    expect(messageOf(screen.getByLabelText('默认受众/城市组'))).toBe('默认受众/城市组不能为空')
    expect(screen.getByText('黄金时段范围不能为空')).toBeTruthy()
    expect(messageOf(screen.getByLabelText('正负三(%)'))).toBe('正负三不能为空')
    expect(messageOf(screen.getByLabelText('黄金时段占比(%)'))).toBe('黄金时段占比不能为空')
    expect(messageOf(screen.getByLabelText('黄金时段正负三占比(%)'))).toBe('黄金时段正负三占比不能为空')
    expect(messageOf(screen.getByLabelText('插播要求'))).toBe('插播要求不能为空')
    expect(messageOf(screen.getByLabelText('非黄金时段正负三占比(%)'))).toBeUndefined()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('asks for a brand before the groups open', async () => {
    const { user } = setup()
    await user.click(groupsField())
    expect(getToast()?.message).toBe('请选择品牌名称')
    expect(screen.queryByRole('group', { name: '可选受众/城市组' })).toBeNull()
  })

  it('limits the default to the chosen groups and clears both when the brand changes', async () => {
    const { user } = setup()
    await user.selectOptions(screen.getByLabelText('品牌名称'), '伊利')
    await user.click(groupsField())
    await user.click(screen.getByLabelText('北京25-45'))
    await user.click(screen.getByLabelText('上海女性'))
    expect(defaultOptions()).toEqual(['请选择默认受众/城市组', '北京25-45', '上海女性'])
    await user.selectOptions(screen.getByLabelText('默认受众/城市组'), '上海女性')
    // Dropping the default from the groups clears it.
    await user.click(groupsField())
    await user.click(screen.getByLabelText('上海女性'))
    expect((screen.getByLabelText('默认受众/城市组') as HTMLSelectElement).value).toBe('')
    await user.selectOptions(screen.getByLabelText('默认受众/城市组'), '北京25-45')
    await user.selectOptions(screen.getByLabelText('品牌名称'), '蒙牛')
    expect(groupsField().textContent).toBe('请选择受众/城市组')
    expect(defaultOptions()).toEqual(['请选择默认受众/城市组'])
    await user.click(groupsField())
    expect(screen.getByLabelText('蒙牛全国')).toBeTruthy()
  })

  it('checks percentages and the prime time range', async () => {
    const { user, submit } = setup()
    await user.type(screen.getByLabelText('正负三(%)'), '-1')
    await user.type(screen.getByLabelText('黄金时段占比(%)'), '120')
    await user.type(screen.getByLabelText('黄金时段开始时间'), '22:00:00')
    await user.type(screen.getByLabelText('黄金时段结束时间'), '19:00:00')
    await submit()
    expect(messageOf(screen.getByLabelText('正负三(%)'))).toBe('只可输入大于等于0的数字')
    expect(messageOf(screen.getByLabelText('黄金时段占比(%)'))).toBe('不能大于100')
    expect(screen.getByText('黄金时段结束时间必须晚于开始时间')).toBeTruthy()
  })

  it('fills in an edited product and submits its groups comma-joined', async () => {
    const { submit, onSubmit } = setup({ product: row })
    expect((screen.getByLabelText('秒数') as HTMLSelectElement).value).toBe('30')
    expect(groupsField().textContent).toBe('北京25-45全国4+')
    expect((screen.getByLabelText('默认受众/城市组') as HTMLSelectElement).value).toBe('11')
    expect((screen.getByLabelText('黄金时段开始时间') as HTMLInputElement).value).toBe('19:00:00')
    await submit()
    expect(onSubmit).toHaveBeenCalledOnce()
    expect(productPayload(onSubmit.mock.calls[0][0])).toEqual({
      brandId: '1', mediaId: '', productName: '纯牛奶', seconds: '30', audienceCityGroupId: '12,11',
      defaultAudienceCityGroupId: '11', primeTime: '19:00:00-22:00:00', upsideDownThreePer: '30', primeTimePer: '60.5',
      primeUpsideDownThreePer: '20', falsePrimeUpsideDownThreePer: '', jackRequirements: '不接受插播', noteOne: '', noteTwo: '',
    })
  })

  it("puts the server's field errors on their fields", async () => {
    const error = new ApiError(4009, '该品牌下已有同名产品', { fields: { productName: ['该品牌下已有同名产品'] } }, 409)
    const { submit } = setup({ product: row, onSubmit: () => Promise.reject(error) })
    await submit()
    expect(await screen.findByText('该品牌下已有同名产品')).toBeTruthy()
    expect(messageOf(screen.getByLabelText('产品名称'))).toBe('该品牌下已有同名产品')
  })
})
