import { paths } from '@/config/paths'
import { queryClient } from '@/lib/query-client'
import { useLocation, useNavigate } from '@/lib/router'
import { closeAllTags, closeOtherTags, closeTag, tagsStore, type Tag } from './tags-store'
import { viewKeyStore } from './use-shell'

/** 刷新 / 关闭 / 关闭其他 / 关闭所有 for one tab, moving to another page when needed. */
export function useTagActions() {
  const navigate = useNavigate()
  const { pathname } = useLocation()

  // After closing the current page: the last remaining tab, else home.
  const toLast = () => navigate(tagsStore.get().at(-1)?.fullPath ?? paths.root)

  return {
    refresh(tag: Tag) {
      if (tag.path !== pathname) navigate(tag.fullPath)
      viewKeyStore.set((k) => k + 1)
      void queryClient.invalidateQueries()
    },
    close(tag: Tag) {
      if (tag.affix) return
      closeTag(tag.path)
      if (tag.path === pathname) toLast()
    },
    closeOthers(tag: Tag) {
      closeOtherTags(tag.path)
      if (tag.path !== pathname) navigate(tag.fullPath)
    },
    closeAll() {
      closeAllTags()
      if (!tagsStore.get().some((t) => t.path === pathname)) toLast()
    },
  }
}
