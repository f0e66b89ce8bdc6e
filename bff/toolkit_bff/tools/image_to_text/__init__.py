"""Image to text (app slug `image-to-text`): OCR of images and PDFs with Tesseract.

endpoint.py (/api/tools/ocr, /ocr/languages), tesseract.py (the program, bounded)."""

from .endpoint import bp

__all__ = ["bp"]
