import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { toServerTime, viewingPayload, type ViewingFormValues } from '../api/create-online-viewing'
import type { OnlineViewing } from '../api/get-online-viewings'
import { ViewingForm } from './viewing-form'

const media = [
  { id: 1, mediaName: 'CCTV-1 综合' },
  { id: 2, mediaName: '湖南卫视' },
]

const record: OnlineViewing = {
  id: 9, mediaId: 2, onlineViewingName: '歌手', onlineViewingTime: '2026-03-01 20:05:09', viewing: 1.2345, ranking: 2,
  media: { id: 2, mediaName: '湖南卫视' }, updateTime: '2026-03-02 00:00:00', createTime: '2026-03-02 00:00:00',
}

function setup(props: { record?: OnlineViewing; onSubmit?: (v: ViewingFormValues) => Promise<unknown> } = {}) {
  const onSubmit = vi.fn(props.onSubmit ?? (async () => undefined))
  render(
    <>
      <ViewingForm id="f" record={props.record} media={media} onSubmit={onSubmit} />
      <button type="submit" form="f">确定</button>
    </>,
  )
  const user = userEvent.setup()
  return { user, onSubmit, submit: () => user.click(screen.getByRole('button', { name: '确定' })) }
}

const messageOf = (label: string) => {
  const el = screen.getByLabelText(label)
  return document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent
}

describe('ViewingForm', () => {
  it('shows every required message of the spec and sends nothing', async () => {
    const { submit, onSubmit } = setup()
    await submit()
    expect(messageOf('媒体')).toBe('请选择媒体')
    expect(messageOf('名称')).toBe('请输入名称')
    expect(messageOf('日期')).toBe('请选择网络收视日期')
    expect(messageOf('收视')).toBe('请输入收视')
    expect(messageOf('排名')).toBe('请输入排名')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('takes viewing as a number of 0 or more and ranking as a positive integer', async () => {
    const { user, submit, onSubmit } = setup({ record })
    await user.clear(screen.getByLabelText('收视'))
    await user.type(screen.getByLabelText('收视'), '-1')
    await user.clear(screen.getByLabelText('排名'))
    await user.type(screen.getByLabelText('排名'), '1.5')
    await submit()
    expect(messageOf('收视')).toBe('只可输入大于等于0的数字！')
    expect(messageOf('排名')).toBe('只可输入正整数！')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('fills in the record being edited and puts server messages on their fields', async () => {
    const onSubmit = vi.fn(async (_values: ViewingFormValues): Promise<unknown> => {
      throw new ApiError(4000, '请选择媒体', { fields: { mediaId: ['请选择媒体'] } }, 400)
    })
    const { submit } = setup({ record, onSubmit })
    expect((screen.getByLabelText('媒体') as HTMLSelectElement).value).toBe('2')
    // The date-time picker shows the value with a space for the T.
    expect((screen.getByLabelText('日期') as HTMLInputElement).value).toBe('2026-03-01 20:05:09')
    await submit()
    expect(onSubmit).toHaveBeenCalledOnce()
    expect(viewingPayload(onSubmit.mock.calls[0][0])).toEqual({
      mediaId: 2, onlineViewingName: '歌手', onlineViewingTime: '2026-03-01 20:05:09', viewing: '1.2345', ranking: '2',
    })
    expect(messageOf('媒体')).toBe('请选择媒体')
  })
})

describe('toServerTime', () => {
  it('completes the seconds the date-time input leaves out', () => {
    expect(toServerTime('2026-03-01T20:05')).toBe('2026-03-01 20:05:00')
    expect(toServerTime('2026-03-01T20:05:09')).toBe('2026-03-01 20:05:09')
    expect(toServerTime('2026-03-01T20:05:09.000')).toBe('2026-03-01 20:05:09')
  })
})
