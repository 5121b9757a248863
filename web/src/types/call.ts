import type { components, operations } from './api'

/** The calls of the server's catalogue, by name (`adminUserIndex`, …). */
export type CallName = keyof operations

type Answer<C extends CallName> = operations[C]['responses'][200]['content']['application/json']

/** What a call answers in the envelope's `data` once the client has unwrapped it. */
export type CallData<C extends CallName> = NonNullable<Answer<C>['data']>

export type Schema<N extends keyof components['schemas']> = components['schemas'][N]
