import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'
import '@/lib/i18n'

// CI shares two cores between the type check, the Rust build and these tests: give `findBy…`
// and `waitFor` room, so a slow moment is not a failure.
configure({ asyncUtilTimeout: 5000 })

afterEach(() => cleanup())
