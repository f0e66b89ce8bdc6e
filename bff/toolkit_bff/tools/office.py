"""Office documents (DOCX, ODT, RTF, TXT, PPTX, XLSX, …) to PDF with LibreOffice headless."""
from __future__ import annotations

from pathlib import Path

from ..errors import ApiError
from .filetypes import extension_for
from .limits import Deadline
from .processes import run_program
from .uploads import Upload

SOFFICE = "soffice"


def office_to_pdf(upload: Upload, workdir: Path, deadline: Deadline) -> bytes:
    """Convert one document in its own scratch folder and LibreOffice profile, so concurrent
    conversions never share an instance or a lock file."""
    job = workdir / f"office-{id(upload)}"
    (job / "out").mkdir(parents=True)
    source = job / f"document.{extension_for(upload.kind)}"
    source.write_bytes(upload.data)
    args = [SOFFICE, "--headless", "--norestore", "--nolockcheck", "--nodefault",
            f"-env:UserInstallation={(job / 'profile').as_uri()}"]
    if upload.kind == "txt":
        args.append("--infilter=Text (encoded):UTF8,LF,,,")
    args += ["--convert-to", "pdf", "--outdir", str(job / "out"), str(source)]
    completed = run_program(args, deadline, cwd=job, env={"HOME": str(job)})
    output = job / "out" / "document.pdf"
    if completed.returncode != 0 or not output.is_file() or output.stat().st_size == 0:
        raise ApiError(422, "conversion_failed",
                       f"{upload.filename} could not be converted to PDF (damaged or unsupported document)")
    return output.read_bytes()
