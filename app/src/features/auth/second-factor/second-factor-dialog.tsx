import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { MfaSignInStep } from '@/features/auth/mfa'

/** The sign-in's second step over whatever page asked the server for something (second-factor-prompt.tsx). */
export default function SecondFactorDialog({ onGiveUp }: { onGiveUp: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onGiveUp()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Your authenticator code is needed</DialogTitle>
          <DialogDescription>This session was confirmed with your password only. Enter the code to continue where you were.</DialogDescription>
        </DialogHeader>
        {/* Verified: the prompt sees the new token and closes this. */}
        <MfaSignInStep onVerified={() => undefined} onCancelled={onGiveUp} />
      </DialogContent>
    </Dialog>
  )
}
