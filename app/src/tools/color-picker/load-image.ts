// A chosen file → pixels we can read. Very large images are scaled so their longest side is at
// most MAX_SIDE: reading 100 megapixels would freeze the tab, and a palette does not need them.
export const MAX_SIDE = 4096

export interface LoadedImage {
  canvas: HTMLCanvasElement
  data: Uint8ClampedArray
  width: number
  height: number
  /** True when the image was scaled down to fit MAX_SIDE. */
  scaled: boolean
  /** The file's own size: what the user is told, and what picked pixels are named in. */
  naturalWidth: number
  naturalHeight: number
}

/** A pixel of the (possibly scaled) canvas as the same spot in the original image. */
export function originalPixel(image: LoadedImage, at: { x: number; y: number }): { x: number; y: number } {
  const scale = (position: number, shown: number, natural: number) => Math.min(natural - 1, Math.floor(((position + 0.5) * natural) / shown))
  return { x: scale(at.x, image.width, image.naturalWidth), y: scale(at.y, image.height, image.naturalHeight) }
}

function decode(file: Blob): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file)
    const image = new Image()
    image.onload = () => {
      URL.revokeObjectURL(url)
      resolve(image)
    }
    image.onerror = () => {
      URL.revokeObjectURL(url)
      reject(new Error('This file is not an image the browser can open.'))
    }
    image.src = url
  })
}

export async function loadImage(file: Blob): Promise<LoadedImage> {
  const image = await decode(file)
  const ratio = Math.min(1, MAX_SIDE / Math.max(image.naturalWidth, image.naturalHeight))
  const width = Math.max(1, Math.round(image.naturalWidth * ratio))
  const height = Math.max(1, Math.round(image.naturalHeight * ratio))
  const canvas = document.createElement('canvas')
  canvas.width = width
  canvas.height = height
  const context = canvas.getContext('2d', { willReadFrequently: true })
  if (!context) throw new Error('This browser cannot read image pixels.')
  context.drawImage(image, 0, 0, width, height)
  return {
    canvas,
    data: context.getImageData(0, 0, width, height).data,
    width,
    height,
    scaled: ratio < 1,
    naturalWidth: image.naturalWidth,
    naturalHeight: image.naturalHeight,
  }
}
