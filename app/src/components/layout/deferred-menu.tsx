import { cloneElement, useState, type ComponentType, type ReactElement } from 'react'

/** What a lazily loaded menu receives: the very same trigger element, and whether to open at once. */
export interface DeferredMenuProps {
  trigger: ReactElement
  defaultOpen?: boolean
}

type TriggerProps = {
  onClick?: () => void
  onPointerEnter?: () => void
  onFocus?: () => void
}

/**
 * Renders a plain trigger button and loads the real (Radix) dropdown the first time it is used,
 * so the menu and popper code stay out of the initial bundle. Hover and focus only prefetch;
 * the swap happens on click, after which the loaded menu opens and takes focus itself.
 */
export function DeferredMenu<P extends object>({
  load,
  trigger,
  menuProps,
}: {
  load: () => Promise<ComponentType<P & DeferredMenuProps>>
  trigger: ReactElement<TriggerProps>
  menuProps: P
}) {
  const [Menu, setMenu] = useState<ComponentType<P & DeferredMenuProps> | null>(null)

  if (Menu) return <Menu {...menuProps} trigger={trigger} defaultOpen />

  const prefetch = () => void load()
  const activate = () => {
    void load().then((component) => setMenu(() => component))
  }
  return cloneElement(trigger, { onClick: activate, onPointerEnter: prefetch, onFocus: prefetch })
}
