import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { formatTime, parseTime, timePeriodPayload, type TimePeriodFormValues } from '../api/create-time-period'
import type { TimePeriod } from '../api/get-time-periods'
import { TimePeriodForm } from './time-period-form'

const media = [{ id: 1, mediaName: 'CCTV-1' }, { id: 2, mediaName: '湖南卫视' }]

const night: TimePeriod = {
  id: 9, timePeriodName: '深夜档', mediaId: 2, media: { mediaName: '湖南卫视' }, preBroadcastTimeForma: '23:30:00',
  preBroadcastTimeFormaEnd: '25:00:00', classId: null, timePeriodClassName: null, updateTime: '2026-01-01 00:00:00',
  createTime: '2026-01-01 00:00:00',
}

function setup(props: { period?: TimePeriod; onSubmit?: (v: TimePeriodFormValues) => Promise<unknown> } = {}) {
  const onSubmit = vi.fn(props.onSubmit ?? (async () => undefined))
  render(
    <>
      <TimePeriodForm id="p" period={props.period} media={media} onSubmit={onSubmit} />
      <button type="submit" form="p">确定</button>
    </>,
  )
  const user = userEvent.setup()
  return { user, onSubmit, submit: () => user.click(screen.getByRole('button', { name: '确定' })) }
}

const messageOf = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent

describe('broadcast-day times', () => {
  it('run past midnight up to 29:59:59 and are sent as HH:mm:ss', () => {
    expect(parseTime('29:59:59')).toBe(107_999)
    expect(parseTime('30:00:00')).toBeNull()
    expect(parseTime('8:61')).toBeNull()
    expect(formatTime('7:05')).toBe('07:05:00')
  })
})

describe('TimePeriodForm', () => {
  it('shows every required message and sends nothing', async () => {
    const { submit, onSubmit } = setup()
    await submit()
    expect(messageOf(screen.getByLabelText('媒体名称'))).toBe('请选择媒体名称')
    expect(messageOf(screen.getByLabelText('时段名称'))).toBe('请输入时段名称')
    expect(messageOf(screen.getByLabelText('开始时间'))).toBe('请选择开始时间和结束时间')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('refuses a bad time and an end before the start', async () => {
    const { user, submit, onSubmit } = setup()
    await user.selectOptions(screen.getByLabelText('媒体名称'), '1')
    await user.type(screen.getByLabelText('时段名称'), '早间')
    await user.type(screen.getByLabelText('开始时间'), '09:00')
    await user.type(screen.getByLabelText('结束时间'), '08:00')
    await submit()
    expect(messageOf(screen.getByLabelText('结束时间'))).toBe('结束时间不能早于开始时间')
    await user.clear(screen.getByLabelText('开始时间'))
    await user.type(screen.getByLabelText('开始时间'), '30:00')
    await submit()
    expect(messageOf(screen.getByLabelText('开始时间'))).toBe('时间格式应为 HH:mm:ss（次日凌晨可写到 29:59:59）')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('edits a copy of the period and shows the server field errors', async () => {
    const duplicate = new ApiError(4000, '该媒体下已存在同名时段', { fields: { timePeriodName: ['该媒体下已存在同名时段'] } }, 400)
    const { submit, onSubmit } = setup({ period: night, onSubmit: async () => Promise.reject(duplicate) })
    expect((screen.getByLabelText('媒体名称') as HTMLSelectElement).value).toBe('2')
    expect((screen.getByLabelText('结束时间') as HTMLInputElement).value).toBe('25:00:00')
    await submit()
    expect(timePeriodPayload(onSubmit.mock.calls[0][0])).toEqual({
      mediaId: '2', timePeriodName: '深夜档', preBroadcastTimeForma: '23:30:00', preBroadcastTimeFormaEnd: '25:00:00',
    })
    expect(messageOf(screen.getByLabelText('时段名称'))).toBe('该媒体下已存在同名时段')
  })
})
