"""Office documents (DOCX, ODT, RTF, TXT, PPTX, XLSX, …) to PDF with LibreOffice headless.

LibreOffice parses hostile documents and follows links inside them (remote images in DOCX, ODT
and RTF), so it runs sandboxed with bubblewrap (Debian `bubblewrap`): no network (its own network
namespace: a remote image cannot reach anything, not even our loopback services), an empty
environment (none of the BFF's secrets), its own profile in the job's scratch folder, only the
system directories read-only and that folder writable, and address-space and CPU-time limits
(`prlimit`). ZIP-based documents are inflated once, chunk by chunk, before LibreOffice sees
them, and refused past the entry-count and total-size limits."""

from __future__ import annotations

import io
import resource
import shutil
import zipfile
from pathlib import Path

from flask import current_app

from ...errors import ApiError
from ...jobs.filetypes import extension_for, zip_entry_count
from ...jobs.limits import Deadline, Limits
from ...jobs.processes import run_program
from ...jobs.uploads import Upload

SOFFICE = "soffice"
ZIP_BASED = {"docx", "xlsx", "pptx", "odt", "ods", "odp"}
_READ_ONLY = ["/usr", "/etc"]
_OPTIONAL_READ_ONLY = ["/var/cache/fontconfig"]
_MERGED_USR_LINKS = {"/bin": "usr/bin", "/lib": "usr/lib", "/lib64": "usr/lib64", "/sbin": "usr/sbin"}


def office_to_pdf(upload: Upload, workdir: Path, deadline: Deadline) -> bytes:
    """Convert one document in its own scratch folder and LibreOffice profile, so concurrent
    conversions never share an instance or a lock file."""
    if upload.kind in ZIP_BASED:
        check_office_archive(upload)
    job = workdir / f"office-{id(upload)}"
    (job / "out").mkdir(parents=True)
    (job / "tmp").mkdir()
    assert upload.kind is not None, "a file of no known kind was refused before the job (inputs.py)"
    source = job / f"document.{extension_for(upload.kind)}"
    source.write_bytes(upload.data)
    args = [
        SOFFICE,
        "--headless",
        "--norestore",
        "--nolockcheck",
        "--nodefault",
        f"-env:UserInstallation={(job / 'profile').as_uri()}",
    ]
    if upload.kind == "txt":
        args.append("--infilter=Text (encoded):UTF8,LF,,,")
    args += ["--convert-to", "pdf", "--outdir", str(job / "out"), str(source)]
    completed = run_program(sandboxed(args, job, Limits.current()), deadline, cwd=job, env={}, inherit_env=False)
    output = job / "out" / "document.pdf"
    if completed.returncode != 0 or not output.is_file() or output.stat().st_size == 0:
        raise ApiError(
            422,
            "conversion_failed",
            f"{upload.filename} could not be converted to PDF (damaged or unsupported document)",
        )
    return output.read_bytes()


def sandboxed(args: list[str], job: Path, limits: Limits) -> list[str]:
    """args wrapped in bubblewrap (no network, empty environment, only `job` writable) and prlimit."""
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        raise ApiError(503, "tool_unavailable", "The office converter's sandbox (bubblewrap) is not installed")
    sandbox = [bwrap, "--unshare-all", "--die-with-parent", "--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp"]
    for path in _READ_ONLY + [p for p in _OPTIONAL_READ_ONLY if Path(p).is_dir()]:
        sandbox += ["--ro-bind", path, path]
    for link, target in _MERGED_USR_LINKS.items():
        sandbox += ["--symlink", target, link]
    sandbox += [
        "--bind",
        str(job),
        str(job),
        "--chdir",
        str(job),
        "--clearenv",
        "--setenv",
        "HOME",
        str(job),
        "--setenv",
        "TMPDIR",
        str(job / "tmp"),
        "--setenv",
        "PATH",
        "/usr/bin:/bin",
        "--setenv",
        "LANG",
        "C.UTF-8",
    ]
    memory = _at_most_inherited(current_app.config["TOOLS_OFFICE_MEMORY_BYTES"])
    return [*sandbox, "--", "prlimit", f"--as={memory}", f"--cpu={limits.job_cpu_seconds}", *args]


def _at_most_inherited(memory: int) -> int:
    """Inside the sandbox's user namespace a limit can only be lowered: stay within the job's."""
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    return memory if hard == resource.RLIM_INFINITY else min(memory, hard)


def check_office_archive(upload: Upload) -> None:
    """Count the entries from the end record before reading the directory, then inflate every entry
    (discarding the bytes) with a running total, so declared sizes cannot lie."""
    config = current_app.config
    max_entries, max_bytes = config["TOOLS_OFFICE_MAX_ENTRIES"], config["TOOLS_OFFICE_MAX_UNCOMPRESSED_BYTES"]
    count = zip_entry_count(upload.data)
    if count is None or count > max_entries:
        raise ApiError(
            422,
            "office_too_many_entries",
            f"{upload.filename} has more than the {max_entries} archive entries an office document may have",
        )
    total = 0
    try:
        with zipfile.ZipFile(io.BytesIO(upload.data)) as archive:
            for info in archive.infolist():
                with archive.open(info) as entry:
                    while chunk := entry.read(1024 * 1024):
                        total += len(chunk)
                        if total > max_bytes:
                            raise ApiError(
                                422,
                                "office_too_large",
                                f"{upload.filename} unpacks to more than the "
                                f"{max_bytes / 2**20:g} MB limit for office documents",
                            )
    except (zipfile.BadZipFile, OSError, EOFError, ValueError, NotImplementedError, RuntimeError):
        raise ApiError(422, "conversion_failed", f"{upload.filename} is a damaged document") from None
