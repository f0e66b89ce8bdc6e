// Real documents and phone photos for the Playwright flows of issue 31, made by the same code the
// BFF's tests use (bff/tests/fixtures/documents.py) with the repository's Python, and read back the
// way other programs read them (pdftotext, Pillow).
import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const PYTHON = path.resolve('..', '.venv', 'bin', 'python')
const FIXTURES = path.resolve('..', 'bff', 'tests')

export function python(code: string, ...args: string[]): string {
  const prelude = `import sys; sys.path.insert(0, ${JSON.stringify(FIXTURES)})\n`
  return execFileSync(PYTHON, ['-c', prelude + code, ...args], { encoding: 'utf8' }).trim()
}

export function workDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'documents-e2e-'))
}

/** Writes the named fixtures into dir and answers their paths. */
export function makeDocuments(dir: string) {
  const files = {
    scan: path.join(dir, 'scan.pdf'),
    secret: path.join(dir, 'notes.pdf'),
    phone: path.join(dir, 'IMG_4032.HEIC'),
    phoneText: path.join(dir, 'IMG_4033.HEIC'),
    plainJpeg: path.join(dir, 'harbour.jpg'),
    broken: path.join(dir, 'broken.jpg'),
  }
  python(
    `
from fixtures.documents import scanned_pdf, secret_pdf, heic_photo
from fixtures.samples import jpeg_with_exif
out = sys.argv[1:]
open(out[0], "wb").write(scanned_pdf([["Quarterly report for Harbour Street"]])[0])
open(out[1], "wb").write(secret_pdf())
open(out[2], "wb").write(heic_photo())
open(out[3], "wb").write(heic_photo(gps=None, text="Meet at Platform 9", width=900, height=400))
open(out[4], "wb").write(jpeg_with_exif(gps=(-33.8568, 151.2153)))
open(out[5], "wb").write(b"\\xff\\xd8\\xff\\xe0 not really a photo")
`,
    ...Object.values(files),
  )
  return files
}

/** The words pdftotext reads from a PDF. */
export function pdfText(file: string): string {
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ').trim()
}
