/** What to do if the phone with the authenticator is lost: said before it is needed. */
export function LostDeviceNote() {
  return (
    <div className="rounded-lg bg-muted/60 p-3 text-sm" data-testid="lost-device-note">
      <p className="font-medium">If you lose your phone</p>
      <p className="text-muted-foreground">
        Keep the secret key somewhere safe, such as a password manager: typed into a new authenticator app, it gives the same codes. Without it,
        ask an administrator to remove the authenticator from your account; you then sign in with your password alone and can add a new one.
      </p>
    </div>
  )
}
