// A stand-in XMLHttpRequest the test drives by hand: upload progress, the upload finishing, the
// answer. Install with vi.stubGlobal('XMLHttpRequest', FakeXhr); the latest instance is FakeXhr.last.
type Handler = ((event: ProgressEvent) => void) | null

export class FakeXhr {
  static last: FakeXhr | null = null
  static opened: { method: string; url: string }[] = []

  upload: { onprogress: Handler; onload: Handler } = { onprogress: null, onload: null }
  onload: Handler = null
  onerror: Handler = null
  onabort: Handler = null
  responseType = ''
  status = 0
  response: Blob | null = null
  body: FormData | null = null
  aborted = false
  requestHeaders: Record<string, string> = {}
  private responseHeaders: Record<string, string> = {}

  constructor() {
    FakeXhr.last = this
  }

  open(method: string, url: string) {
    FakeXhr.opened.push({ method, url })
  }

  setRequestHeader(name: string, value: string) {
    this.requestHeaders[name] = value
  }

  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null
  }

  send(body: FormData) {
    this.body = body
  }

  abort() {
    this.aborted = true
    this.onabort?.(new ProgressEvent('abort'))
  }

  progress(loaded: number, total: number) {
    this.upload.onprogress?.(new ProgressEvent('progress', { loaded, total, lengthComputable: true }))
  }

  uploaded() {
    this.upload.onload?.(new ProgressEvent('load'))
  }

  respond(status: number, body: Blob, headers: Record<string, string> = {}) {
    this.status = status
    this.response = body
    this.responseHeaders = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]))
    this.onload?.(new ProgressEvent('load'))
  }

  static reset() {
    FakeXhr.last = null
    FakeXhr.opened = []
  }
}
