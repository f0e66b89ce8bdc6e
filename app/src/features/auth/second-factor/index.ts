// The auth/second-factor room: when the BFF answers `mfa_required`, the code step opens over the
// current page (the dialog, and the MFA room behind it, load only then); the suggestion /admin shows
// to administrators without a factor. Its own room so the root layout's eager import stays small.
// The only entry for other rooms and features.
export { SecondFactorPrompt } from '@/features/auth/second-factor/second-factor-prompt'
export { SecondFactorSuggestion } from '@/features/auth/second-factor/second-factor-suggestion'
