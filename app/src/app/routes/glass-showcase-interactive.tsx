import { ChevronDown, Info } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip'
import { notify, type NotifyVariant } from '@/lib/notify'

const TOASTS: { variant: NotifyVariant; label: string; title: string }[] = [
  { variant: 'default', label: 'Default', title: 'Settings saved' },
  { variant: 'success', label: 'Success', title: 'All changes successfully synced!' },
  { variant: 'info', label: 'Info', title: 'You are back online!' },
  { variant: 'warning', label: 'Warning', title: 'Cannot sync while offline' },
  { variant: 'destructive', label: 'Destructive', title: 'An error occurred. Please try again later.' },
]

const ROWS = [
  { name: 'report.pdf', size: '2.4 MB', status: 'Converted' },
  { name: 'photo.heic', size: '3.1 MB', status: 'Queued' },
  { name: 'notes.docx', size: '84 KB', status: 'Converted' },
]

/** Overlays and composite parts, shown in the page's current theme. */
export function GlassShowcaseInteractive() {
  return (
    <section aria-labelledby="interactive-title" className="mt-10">
      <h2 id="interactive-title" className="mb-4 text-xl font-semibold tracking-tight">
        Overlays and data
      </h2>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card variant="glass">
          <CardHeader>
            <CardTitle level={3} className="text-base">Notices, dialogs and menus</CardTitle>
            <CardDescription>Every notice variant, each with its own display time.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <div className="flex flex-wrap gap-2">
              {TOASTS.map(({ variant, label, title }) => (
                <Button key={variant} size="sm" variant={variant === 'destructive' ? 'destructive' : 'outline'} onClick={() => notify({ title, variant })}>
                  {label}
                </Button>
              ))}
            </div>
            <div className="flex flex-wrap gap-2">
              <Dialog>
                <DialogTrigger asChild>
                  <Button variant="secondary">Open dialog</Button>
                </DialogTrigger>
                <DialogContent>
                  <DialogHeader>
                    <DialogTitle>Delete paste?</DialogTitle>
                    <DialogDescription>This can’t be undone. The link will stop working for everyone.</DialogDescription>
                  </DialogHeader>
                  <DialogFooter>
                    <DialogClose asChild>
                      <Button variant="outline">Cancel</Button>
                    </DialogClose>
                    <DialogClose asChild>
                      <Button variant="destructive">Delete</Button>
                    </DialogClose>
                  </DialogFooter>
                </DialogContent>
              </Dialog>
              <DropdownMenu>
                <DropdownMenuTrigger asChild>
                  <Button variant="outline">
                    Menu <ChevronDown aria-hidden />
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent>
                  <DropdownMenuLabel>Export as</DropdownMenuLabel>
                  <DropdownMenuItem>PNG</DropdownMenuItem>
                  <DropdownMenuItem>SVG</DropdownMenuItem>
                  <DropdownMenuSeparator />
                  <DropdownMenuItem>Copy link</DropdownMenuItem>
                </DropdownMenuContent>
              </DropdownMenu>
              <Tooltip>
                <TooltipTrigger asChild>
                  <Button variant="ghost" size="icon" aria-label="About tooltips">
                    <Info aria-hidden />
                  </Button>
                </TooltipTrigger>
                <TooltipContent>Opens after 700 ms</TooltipContent>
              </Tooltip>
            </div>
            <Select defaultValue="png">
              <SelectTrigger aria-label="Output format" className="max-w-56">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="png">PNG image</SelectItem>
                <SelectItem value="jpg">JPEG image</SelectItem>
                <SelectItem value="webp">WebP image</SelectItem>
              </SelectContent>
            </Select>
          </CardContent>
        </Card>

        <Card variant="glass">
          <CardHeader>
            <CardTitle level={3} className="text-base">Tabs and table</CardTitle>
          </CardHeader>
          <CardContent>
            <Tabs defaultValue="files">
              <TabsList>
                <TabsTrigger value="files">Files</TabsTrigger>
                <TabsTrigger value="about">About</TabsTrigger>
              </TabsList>
              <TabsContent value="files">
                <Table>
                  <TableHeader>
                    <TableRow>
                      <TableHead>Name</TableHead>
                      <TableHead>Size</TableHead>
                      <TableHead>Status</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {ROWS.map((row) => (
                      <TableRow key={row.name}>
                        <TableCell className="font-medium">{row.name}</TableCell>
                        <TableCell>{row.size}</TableCell>
                        <TableCell>{row.status}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TabsContent>
              <TabsContent value="about" className="text-sm text-muted-foreground">
                Tabs switch with the arrow keys; the table scrolls sideways on narrow screens.
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>
      </div>
    </section>
  )
}
