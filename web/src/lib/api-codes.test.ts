import { describe, expect, it } from 'vitest'
import { Code } from './api-client'

/** The envelope codes of the contract, as docs/api.md's table "The envelope" lists them. */
const CONTRACT = [200, 2001, 2002, 2003, 4000, 4003, 4004, 4009, 4013, 4029, 5000, 115007, -600, -601, -602]

describe('Code', () => {
  it('names every code of the contract, and only those', () => {
    const named = Object.values(Code)
    expect(new Set(named).size).toBe(named.length)
    expect([...named].sort((a, b) => a - b)).toEqual([...CONTRACT].sort((a, b) => a - b))
  })

  it('has 4004 for not found: an order without a certificate reads as the empty state by it', () => {
    expect(Code.NotFound).toBe(4004)
  })
})
