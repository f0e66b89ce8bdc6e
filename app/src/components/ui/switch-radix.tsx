// The real switch (Radix), loaded after the first paint: switch.tsx renders the same button until then.
import * as SwitchPrimitive from '@radix-ui/react-switch'
import * as React from 'react'
import { SWITCH_CLASS, SWITCH_THUMB_CLASS } from '@/components/ui/switch-style'
import { cn } from '@/lib/utils'

export function Switch({ className, ...props }: React.ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      data-slot="switch"
      className={cn(SWITCH_CLASS, className)}
      {...props}
    >
      <SwitchPrimitive.Thumb className={SWITCH_THUMB_CLASS} />
    </SwitchPrimitive.Root>
  )
}
