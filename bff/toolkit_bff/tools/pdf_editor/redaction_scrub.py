"""Everything outside the pages' drawings that could still tell a redacted word: document
properties, XMP, bookmarks, annotations and form fields, attachments, scripts, tags and any other
text string in the file.

- properties (Title, Author, …), bookmark titles and every other text string: each redacted word is
  replaced by "[redacted]";
- XMP metadata packets that mention one: removed (the properties remain, scrubbed);
- annotations and form fields on redacted pages, and any elsewhere that mention one: removed;
- attachments and document scripts: always removed (their content cannot be checked reliably);
- the tag structure, when a page was redacted (it describes the content that is gone)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pikepdf
from pikepdf import Name

REPLACEMENT = "[redacted]"
# An object's number and generation, which name it in the file.
ObjGen = tuple[int, int]


@dataclass
class ScrubReport:
    metadata_fields: list[str] = field(default_factory=list)
    xmp_removed: int = 0
    bookmarks: int = 0
    annotations_removed: int = 0
    form_fields_removed: int = 0
    attachments_removed: list[str] = field(default_factory=list)
    scripts_removed: int = 0
    tags_removed: bool = False
    other_strings: int = 0

    def changed_anything(self) -> bool:
        return bool(
            self.metadata_fields
            or self.xmp_removed
            or self.bookmarks
            or self.annotations_removed
            or self.form_fields_removed
            or self.other_strings
        )


def scrub_document(
    pdf: pikepdf.Pdf, pattern: re.Pattern[str] | None, *, removed_annotations: set[ObjGen], pages_redacted: bool
) -> ScrubReport:
    report = ScrubReport()
    _remove_attachments_and_scripts(pdf, report)
    if pattern is not None:
        removed_annotations |= _annotations_mentioning(pdf, pattern, report)
    report.form_fields_removed = _remove_fields(pdf, removed_annotations)
    if pages_redacted and "/StructTreeRoot" in pdf.Root:
        del pdf.Root.StructTreeRoot
        if "/MarkInfo" in pdf.Root:
            del pdf.Root.MarkInfo
        report.tags_removed = True
    if pattern is not None:
        _scrub_docinfo(pdf, pattern, report)
        _scrub_objects(pdf, pattern, report)
    return report


def _linked(value: object) -> bool:
    """A reference to another object (visited on its own); pikepdf gives numbers as Python values."""
    return isinstance(value, pikepdf.Object) and value.is_indirect


def _text(value: object) -> str | None:
    if isinstance(value, pikepdf.String):
        try:
            return str(value)
        except (UnicodeDecodeError, ValueError):
            return None
    return None


def _mentions(obj: object, pattern: re.Pattern[str], depth: int = 0) -> bool:
    """Any text string in this dictionary or array (not following links to other objects)."""
    if depth > 8:
        return False
    if isinstance(obj, pikepdf.Dictionary):
        return any(
            _mentions(value, pattern, depth + 1)
            for key, value in obj.items()
            if key not in ("/P", "/Parent") and not _linked(value)
        )
    if isinstance(obj, pikepdf.Array):
        return any(_mentions(value, pattern, depth + 1) for value in obj if not _linked(value))
    text = _text(obj)
    return bool(text and pattern.search(text))


def _annotations_mentioning(pdf: pikepdf.Pdf, pattern: re.Pattern[str], report: ScrubReport) -> set[ObjGen]:
    removed: set[ObjGen] = set()
    for page in pdf.pages:
        annotations = page.obj.get("/Annots")
        if not isinstance(annotations, pikepdf.Array):
            continue
        kept = pikepdf.Array()
        for annotation in annotations:
            parent = annotation.get("/Parent") if isinstance(annotation, pikepdf.Dictionary) else None
            if _mentions(annotation, pattern) or (
                isinstance(parent, pikepdf.Dictionary) and _mentions(parent, pattern)
            ):
                removed.add(annotation.objgen)
                report.annotations_removed += 1
            else:
                kept.append(annotation)
        if len(kept) != len(annotations):
            page.obj.Annots = kept
    return removed


def _remove_fields(pdf: pikepdf.Pdf, widgets: set[ObjGen]) -> int:
    """Form fields whose widgets were removed go too (their values and appearances hold the text)."""
    form = pdf.Root.get("/AcroForm")
    fields = form.get("/Fields") if isinstance(form, pikepdf.Dictionary) else None
    if not widgets or form is None or not isinstance(fields, pikepdf.Array):
        return 0
    count = 0

    def prune(fields: pikepdf.Array) -> pikepdf.Array:
        nonlocal count
        kept = pikepdf.Array()
        for item in fields:
            if item.objgen in widgets and item.objgen != (0, 0):
                count += 1
                continue
            kids = item.get("/Kids") if isinstance(item, pikepdf.Dictionary) else None
            if isinstance(kids, pikepdf.Array):
                item.Kids = prune(kids)
                if len(item.Kids) == 0:
                    count += 1
                    continue
            kept.append(item)
        return kept

    form.Fields = prune(fields)
    if len(form.Fields) == 0:
        del pdf.Root.AcroForm
    return count


def _remove_attachments_and_scripts(pdf: pikepdf.Pdf, report: ScrubReport) -> None:
    names = pdf.Root.get("/Names")
    if isinstance(names, pikepdf.Dictionary):
        if "/EmbeddedFiles" in names:
            tree = pikepdf.NameTree(names.EmbeddedFiles)
            report.attachments_removed.extend(str(key) for key in tree)
            del names.EmbeddedFiles
        if "/JavaScript" in names:
            report.scripts_removed += len(pikepdf.NameTree(names.JavaScript).keys())
            del names.JavaScript
    for key in ("/OpenAction", "/AA"):
        action = pdf.Root.get(key)
        is_script = key == "/AA" or (isinstance(action, pikepdf.Dictionary) and action.get("/S") == Name.JavaScript)
        if is_script and key in pdf.Root:
            del pdf.Root[key]
            report.scripts_removed += 1
    for obj in pdf.objects:  # any other file specification with its file embedded (/AF, actions, …)
        if isinstance(obj, pikepdf.Dictionary) and "/EF" in obj:
            name = _text(obj.get("/UF")) or _text(obj.get("/F")) or "attachment"
            if name not in report.attachments_removed:
                report.attachments_removed.append(name)
            del obj.EF
    if "/AF" in pdf.Root:
        del pdf.Root.AF
    for page in pdf.pages:  # attached files shown as annotations
        annotations = page.obj.get("/Annots")
        if isinstance(annotations, pikepdf.Array):
            kept = pikepdf.Array(
                [
                    a
                    for a in annotations
                    if not (isinstance(a, pikepdf.Dictionary) and a.get("/Subtype") == Name.FileAttachment)
                ]
            )
            for annotation in annotations:
                if isinstance(annotation, pikepdf.Dictionary) and annotation.get("/Subtype") == Name.FileAttachment:
                    report.attachments_removed.append(str(annotation.get("/Contents", "attachment")))
            if len(kept) != len(annotations):
                page.obj.Annots = kept


def _scrub_docinfo(pdf: pikepdf.Pdf, pattern: re.Pattern[str], report: ScrubReport) -> None:
    if "/Info" not in pdf.trailer:
        return
    info = pdf.trailer.Info
    for key in list(info.keys()):
        text = _text(info[key])
        if text and pattern.search(text):
            info[key] = pikepdf.String(pattern.sub(REPLACEMENT, text))
            report.metadata_fields.append(key.lstrip("/"))


def _is_xmp(obj: object) -> bool:
    return isinstance(obj, pikepdf.Stream) and (obj.get("/Type") == Name.Metadata or obj.get("/Subtype") == Name.XML)


def _scrub_objects(pdf: pikepdf.Pdf, pattern: re.Pattern[str], report: ScrubReport) -> None:
    """Every text string of every object, and XMP packets (dropped when they mention a word)."""
    for obj in pdf.objects:
        if _is_xmp(obj):
            continue  # judged where it is referenced, below
        if isinstance(obj, (pikepdf.Dictionary, pikepdf.Stream)):
            _scrub_dictionary(obj, pattern, report, is_bookmark="/Title" in obj and "/Parent" in obj)
        elif isinstance(obj, pikepdf.Array):
            _scrub_array(obj, pattern, report)


def _scrub_dictionary(
    obj: pikepdf.Dictionary | pikepdf.Stream,
    pattern: re.Pattern[str],
    report: ScrubReport,
    *,
    is_bookmark: bool = False,
) -> None:
    for key in list(obj.keys()):
        value = obj[key]
        if key == "/Metadata" and _is_xmp(value):
            packet = value.read_bytes().decode("utf-8", "replace")
            if pattern.search(packet):
                del obj[key]
                report.xmp_removed += 1
            continue
        if _linked(value):
            continue  # visited as an object of its own
        text = _text(value)
        if text is not None:
            if pattern.search(text):
                obj[key] = pikepdf.String(pattern.sub(REPLACEMENT, text))
                if is_bookmark and key == "/Title":
                    report.bookmarks += 1
                else:
                    report.other_strings += 1
        elif isinstance(value, pikepdf.Dictionary):
            _scrub_dictionary(value, pattern, report)
        elif isinstance(value, pikepdf.Array):
            _scrub_array(value, pattern, report)


def _scrub_array(array: pikepdf.Array, pattern: re.Pattern[str], report: ScrubReport) -> None:
    for position, value in enumerate(array):
        if _linked(value):
            continue
        text = _text(value)
        if text is not None:
            if pattern.search(text):
                array[position] = pikepdf.String(pattern.sub(REPLACEMENT, text))
                report.other_strings += 1
        elif isinstance(value, pikepdf.Dictionary):
            _scrub_dictionary(value, pattern, report)
        elif isinstance(value, pikepdf.Array):
            _scrub_array(value, pattern, report)
