import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api-client'
import type { TapeFormValues } from '../api/create-tape'
import type { Tape } from '../api/get-tapes'
import { upPayload } from '../api/update-tape'
import { TapeForm } from './tape-form'

// productMagneticTapeProductList per brand and media; records what was asked for.
const asked: [string | undefined, string | undefined][] = []
vi.mock('../api/get-tape-products', () => ({
  useTapeProducts: (brand?: string, media?: string) => {
    asked.push([brand, media])
    const data = brand && media ? [{ id: Number(brand) * 100 + 1, productName: `产品${brand}-${media}` }] : undefined
    return { data }
  },
}))

const brands = [{ id: 1, brandName: '伊利' }, { id: 2, brandName: '蒙牛' }]
const media = [{ id: 5, mediaName: 'CCTV-1' }, { id: 6, mediaName: '湖南卫视' }]

const tape: Tape = {
  id: 3, brandId: 1, mediaId: 5, productId: 101, cycle: '2026', customerVersionName: '春节版', mediaFileName: 'a.mp4',
  mediaTapeNumber: 'T-1', customerTitle: '标题', seconds: 30, brand: { brandName: '伊利' }, media: { mediaName: 'CCTV-1' },
  product: { productName: '产品1-5' }, createTime: '2026-01-01 00:00:00', updateTime: '2026-01-01 00:00:00',
}

function setup(props: { tape?: Tape; onSubmit?: (v: TapeFormValues) => Promise<unknown> } = {}) {
  const onSubmit = vi.fn(props.onSubmit ?? (async () => undefined))
  render(
    <>
      <TapeForm id="t" tape={props.tape} brands={brands} media={media} onSubmit={onSubmit} />
      <button type="submit" form="t">确定</button>
    </>,
  )
  const user = userEvent.setup()
  return { user, onSubmit, submit: () => user.click(screen.getByRole('button', { name: '确定' })) }
}

const messageOf = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent
const product = () => screen.queryByLabelText('产品名称') as HTMLSelectElement | null

describe('TapeForm', () => {
  it('shows every required message; seconds start at 15', async () => {
    const { submit, onSubmit } = setup()
    expect((screen.getByLabelText('秒数') as HTMLInputElement).value).toBe('15')
    await submit()
    expect(messageOf(screen.getByLabelText('品牌名称'))).toBe('请选择品牌名称')
    expect(messageOf(screen.getByLabelText('媒体名称'))).toBe('请选择媒体名称')
    expect(messageOf(screen.getByLabelText('年度周期'))).toBe('请输入年度周期')
    expect(messageOf(screen.getByLabelText('客户版本名称'))).toBe('请输入客户版本名称')
    expect(messageOf(screen.getByLabelText('媒体文件名'))).toBe('请输入媒体文件名')
    expect(messageOf(screen.getByLabelText('媒体磁带号'))).toBe('请输入媒体磁带号')
    expect(messageOf(screen.getByLabelText('客户标题'))).toBe('请输入客户标题')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('shows the product once brand and media are chosen, and clears it when either changes', async () => {
    const { user, submit } = setup()
    expect(product()).toBeNull()
    await user.selectOptions(screen.getByLabelText('品牌名称'), '伊利')
    expect(product()).toBeNull()
    await user.selectOptions(screen.getByLabelText('媒体名称'), 'CCTV-1')
    await submit()
    expect(messageOf(product()!)).toBe('请选择产品名称')
    await user.selectOptions(product()!, '产品1-5')
    expect(product()!.value).toBe('101')
    await user.selectOptions(screen.getByLabelText('媒体名称'), '湖南卫视')
    expect(product()!.value).toBe('')
    expect([...product()!.options].map((o) => o.textContent)).toEqual(['请选择产品名称', '产品1-6'])
    expect(asked).toContainEqual(['1', '6'])
  })

  it('wants whole positive seconds', async () => {
    const { user, submit } = setup()
    const seconds = screen.getByLabelText('秒数')
    await user.clear(seconds)
    await submit()
    expect(messageOf(seconds)).toBe('请输入秒数')
    await user.type(seconds, '0')
    await submit()
    expect(messageOf(seconds)).toBe('秒数必须是 1 到 3600 之间的正整数')
  })

  it('edits with the …Up fields and shows a duplicate tape number on its field', async () => {
    const error = new ApiError(4009, '该媒体下已有相同的媒体磁带号', { fields: { mediaTapeNumber: ['该媒体下已有相同的媒体磁带号'] } }, 409)
    const { submit, onSubmit } = setup({ tape, onSubmit: () => Promise.reject(error) })
    expect(product()!.value).toBe('101')
    await submit()
    expect(await screen.findByText('该媒体下已有相同的媒体磁带号')).toBeTruthy()
    expect(messageOf(screen.getByLabelText('媒体磁带号'))).toBe('该媒体下已有相同的媒体磁带号')
    expect(upPayload(tape.id, onSubmit.mock.calls[0][0])).toEqual({
      id: 3, brandIdUp: '1', mediaIdUp: '5', productIdUp: '101', cycleUp: '2026', customerVersionNameUp: '春节版',
      mediaFileNameUp: 'a.mp4', mediaTapeNumberUp: 'T-1', customerTitleUp: '标题', secondsUp: '30',
    })
  })
})
