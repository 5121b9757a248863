import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallArgs, CallData, Schema } from '@/types/call'

/** orderSummaryGrpYmdYdY's arguments; `typeY` 1 checks and stores the preview, 2 applies it by its basis. */
export type MoveArgs = CallArgs<'orderSummaryGrpYmdYdY'>
/** The arguments of a move as the dialog builds them, before the step (`typeY`) and `basis` are added. */
export type MoveFields = Omit<MoveArgs, 'typeY' | 'basis'>
export type MovePreview = Schema<'MovePreview'>

/** The call answers either step's shape; a preview is the one that names its basis. */
export const isMovePreview = (answer: CallData<'orderSummaryGrpYmdYdY'>): answer is MovePreview => 'basis' in answer

/**
 * orderSummaryGrpYmdYdY typeY 1: what the move would do, stored for the confirmation (a
 * preview a user sees, no cell changes). Quiet: the dialog shows a refusal under its field.
 */
export async function checkMove(args: MoveFields): Promise<MovePreview> {
  const answer = await api.post('orderSummaryGrpYmdYdY', { ...args, typeY: 1 }, { quiet: true })
  if (!isMovePreview(answer)) throw new Error('orderSummaryGrpYmdYdY typeY 1 answered without a preview')
  return answer
}

/** The check writes only the stored preview: nothing to refresh. */
export function useCheckMove() {
  return useMutation({ mutationFn: checkMove })
}
