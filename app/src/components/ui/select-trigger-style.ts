// The closed select's trigger, the same for the light stand-in (select.tsx) and Radix's (select-radix.tsx):
// the swap from one to the other moves nothing on the page.
export const SELECT_TRIGGER_CLASS =
  'flex h-10 w-full items-center justify-between gap-2 rounded-md border border-input bg-background/70 px-3 py-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 data-[placeholder]:text-muted-foreground [&>span]:truncate'
