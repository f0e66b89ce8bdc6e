import { describe, expect, it } from 'vitest'
import { availableTargets, convertFields, defaultOptions, detectKind, mimeFor, outputName, pickTarget, sideError, targetsFor } from '@/tools/converter/converter.service'

describe('detectKind', () => {
  it('tells images, PDFs and office documents apart by type or extension', () => {
    expect(detectKind({ name: 'a.png', type: 'image/png' })).toBe('image')
    expect(detectKind({ name: 'IMG_0001.HEIC', type: '' })).toBe('image')
    expect(detectKind({ name: 'scan.pdf', type: '' })).toBe('pdf')
    expect(detectKind({ name: 'report.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' })).toBe('document')
    expect(detectKind({ name: 'notes', type: 'text/plain' })).toBe('document')
    expect(detectKind({ name: 'song.mp3', type: 'audio/mpeg' })).toBeNull()
  })
})

describe('targets', () => {
  it('offers every image format and PDF for images, images only for PDFs, PDF only for documents', () => {
    expect(targetsFor('image')).toContain('avif')
    expect(targetsFor('image')).toContain('pdf')
    expect(targetsFor('pdf')).not.toContain('pdf')
    expect(targetsFor('document')).toEqual(['pdf'])
    expect(targetsFor(null)).toEqual([])
  })

  it('lists what any chosen file can reach, and keeps a still-reachable choice', () => {
    expect(availableTargets(['document'])).toEqual(['pdf'])
    expect(availableTargets(['document', 'pdf'])).toEqual(['png', 'jpeg', 'webp', 'avif', 'gif', 'bmp', 'tiff', 'ico', 'pdf'])
    expect(pickTarget('jpeg', availableTargets(['image']))).toBe('jpeg')
    expect(pickTarget('webp', ['pdf'])).toBe('pdf')
    expect(pickTarget(null, ['png', 'webp'])).toBe('webp')
    expect(pickTarget('png', [])).toBeNull()
  })
})

describe('convertFields', () => {
  it('sends quality, size and fit for an image to a lossy format', () => {
    const options = { ...defaultOptions('jpeg'), quality: 70, width: '640', height: '480', fit: 'cover' as const }
    expect(convertFields(options, 'image')).toEqual({ format: 'jpeg', quality: 70, width: 640, height: 480, fit: 'cover', strip_metadata: true })
  })

  it('sends lossless instead of quality for lossless WebP, and no fit with one side', () => {
    const options = { ...defaultOptions('webp'), lossless: true, width: '200' }
    expect(convertFields(options, 'image')).toEqual({ format: 'webp', lossless: true, width: 200, strip_metadata: true })
  })

  it('adds dpi and the password only for PDF input, and nothing but the format for documents', () => {
    const options = { ...defaultOptions('png'), password: 's3cret', dpi: 300 }
    expect(convertFields(options, 'pdf')).toMatchObject({ format: 'png', dpi: 300, password: 's3cret' })
    expect(convertFields(options, 'image')).not.toHaveProperty('password')
    expect(convertFields({ ...options, target: 'pdf' }, 'document')).toEqual({ format: 'pdf' })
  })
})

describe('sizes and names', () => {
  it('accepts an empty side or a whole number within the BFF limit', () => {
    expect(sideError('')).toBeNull()
    expect(sideError('1920')).toBeNull()
    expect(sideError('12.5')).toBe('Enter a whole number of pixels.')
    expect(sideError('0')).toBe('Use 1 to 20000 pixels.')
    expect(sideError('20001')).toBe('Use 1 to 20000 pixels.')
  })

  it('names the output after the input and types unpacked files for previews', () => {
    expect(outputName('holiday.photo.png', 'jpeg')).toBe('holiday.photo.jpg')
    expect(outputName('README', 'pdf')).toBe('README.pdf')
    expect(mimeFor('scan-page2.webp')).toBe('image/webp')
    expect(mimeFor('part.pdf')).toBe('application/pdf')
  })
})
