import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { TFunction } from '@/lib/i18n'
import { z } from '@/lib/schema'
import { api } from '@/lib/api-client'
import { invalidateLookups } from '@/lib/lookups'
import { groupsQueryOptions } from './get-groups'

export const NAME_MAX = 50

export type GroupFormValues = { brandId: number | null; name: string }

/** docs/screens.md "Master-data validation": brand 请选择品牌名称, name 请输入受众/城市组. */
export function groupSchema(t: TFunction<'system'>) {
  return z.object({
    brandId: z
      .number()
      .nullable()
      .refine((id) => id !== null && id > 0, t('group.brandRequired')),
    name: z.string().trim().min(1, t('group.required')).max(NAME_MAX, t('nameTooLong', { what: t('group.name') })),
  })
}

export function createGroup(values: GroupFormValues) {
  return api.post('defaultAudienceCityGroupAdd', {
    brandId: values.brandId,
    audienceCityGroupName: values.name.trim(),
  })
}

export function useGroupsChanged() {
  const client = useQueryClient()
  return () =>
    Promise.all([client.invalidateQueries({ queryKey: groupsQueryOptions().queryKey.slice(0, 1) }), invalidateLookups(client)])
}

export function useCreateGroup() {
  const changed = useGroupsChanged()
  return useMutation({ mutationFn: createGroup, onSuccess: changed })
}
