import { expect } from 'vitest'

// Vitest types its asymmetric matchers as `any`, which would switch type checking off wherever one is placed;
// these say they stand for some value of the expected shape.
export const anyString = (): unknown => expect.any(String)
export const anyNumber = (): unknown => expect.any(Number)
export const stringMatching = (pattern: RegExp): unknown => expect.stringMatching(pattern)
