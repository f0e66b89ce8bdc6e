// Undo/redo as a pure reducer: past and future stacks around the present text.
export interface History {
  past: string[]
  present: string
  future: string[]
  /** The present text is being typed: further keystrokes extend it rather than add undo steps. */
  typing: boolean
}

export const HISTORY_LIMIT = 200

export type HistoryAction = { type: 'set'; text: string } | { type: 'type'; text: string } | { type: 'undo' } | { type: 'redo' }

export function initialHistory(text = ''): History {
  return { past: [], present: text, future: [], typing: false }
}

export function historyReducer(state: History, action: HistoryAction): History {
  switch (action.type) {
    case 'set':
      if (action.text === state.present) return state
      return { past: [...state.past, state.present].slice(-HISTORY_LIMIT), present: action.text, future: [], typing: false }
    case 'type':
      if (state.typing) return { ...state, present: action.text, future: [] }
      return { past: [...state.past, state.present].slice(-HISTORY_LIMIT), present: action.text, future: [], typing: true }
    case 'undo': {
      const previous = state.past.at(-1)
      if (previous === undefined) return state
      return { past: state.past.slice(0, -1), present: previous, future: [state.present, ...state.future], typing: false }
    }
    case 'redo': {
      const [next, ...rest] = state.future
      if (next === undefined) return state
      return { past: [...state.past, state.present], present: next, future: rest, typing: false }
    }
  }
}
