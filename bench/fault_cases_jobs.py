"""Fault cases of the file tools: a BFF worker SIGKILLed in the middle of a job and in the middle of
an upload, and a scratch disk that is nearly full or fills up during jobs."""

from __future__ import annotations

import asyncio
import io
import os
import shutil
import time
import uuid
from collections.abc import Awaitable, Callable
from pathlib import Path

import redis
from PIL import Image, ImageDraw, ImageFont

from scripts.stack.ratelimit_store import storage_uri

from .fault_load import Attempt, Pool, Record, timed
from .fault_stack import FaultStack, children_of
from .fault_table import Row, errors_cell, kinds_note

FONT = "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf"
JOB_PREFIX = "toolkit-job-"
KEY_PREFIX = "toolkit:running-job-set:"  # bff/toolkit_bff/jobs/shared_counts.py


def multipart(fields: dict[str, str], filename: str, data: bytes) -> tuple[dict[str, str], bytes]:
    boundary = uuid.uuid4().hex
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'.encode() for k, v in fields.items()
    ]
    parts.append(
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{filename}"\r\n'
        f"Content-Type: application/octet-stream\r\n\r\n".encode()
        + data
        + b"\r\n"
    )
    return {"Content-Type": f"multipart/form-data; boundary={boundary}"}, b"".join(
        parts
    ) + f"--{boundary}--\r\n".encode()


def text_page() -> bytes:
    """An A4 page of text at 150 DPI: an OCR job of a few seconds."""
    image = Image.new("L", (1240, 1754), 255)
    draw, font = ImageDraw.Draw(image), ImageFont.truetype(FONT, 24)
    words = [
        "The",
        "quick",
        "brown",
        "fox",
        "jumps",
        "over",
        "the",
        "lazy",
        "dog",
        "while",
        "five",
        "boxing",
        "wizards",
        "jump",
        "quickly",
    ]
    for row in range(55):
        draw.text((100, 100 + row * 28), " ".join(words[(row + i) % len(words)] for i in range(9)), fill=0, font=font)
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


def big_photo() -> bytes:
    """12 megapixels that PNG packs small: its BMP is 36 MB."""
    gradient = Image.linear_gradient("L").resize((4000, 3000))
    buffer = io.BytesIO()
    Image.merge("RGB", (gradient, gradient, gradient)).save(buffer, "PNG")
    return buffer.getvalue()


def tool_call(
    pool: Pool, token: str, path: str, fields: dict[str, str], data: bytes, name: str = "page.png"
) -> Callable[[], Awaitable[Attempt]]:
    headers, body = multipart(fields, name, data)
    headers["Authorization"] = f"Bearer {token}"

    async def call() -> Attempt:
        answer = await pool.request("POST", path, headers, body)
        return answer.status == 200, answer.error_code() if answer.status != 200 else "200", answer.status

    return call


async def _loop(record: Record, kind: str, call: Callable[[], Awaitable[Attempt]], stop: asyncio.Event) -> None:
    """One user's jobs back to back; told busy, the user waits the documented Retry-After (5 s)."""
    while not stop.is_set():
        outcome = await timed(record, kind, call)
        if not outcome.ok:
            await asyncio.sleep(5 if outcome.detail == "503 busy" else 0.2)


def jobs_of(scratch: Path, pids: list[int]) -> dict[int, list[Path]]:
    found: dict[int, list[Path]] = {}
    for path in scratch.glob(f"{JOB_PREFIX}*"):
        owner = path.name[len(JOB_PREFIX) :].partition("-")[0]
        if owner.isdigit() and int(owner) in pids:
            found.setdefault(int(owner), []).append(path)
    return found


def session_members(session: int) -> list[int]:
    members = []
    for entry in filter(str.isdigit, os.listdir("/proc")):
        try:
            fields = Path(f"/proc/{entry}/stat").read_bytes().rpartition(b")")[2].split()
        except OSError:
            continue
        if int(fields[3]) == session and fields[0] != b"Z":
            members.append(int(entry))
    return members


def receiving_upload(worker: int, scratch: Path) -> bool:
    """The worker is passing an upload on to one of its job processes, which spools it as it comes:
    that process holds an unnamed temporary file in the job's scratch directory."""
    job_dirs = f"{scratch}/{JOB_PREFIX}{worker}-"
    for pid in children_of(worker):
        try:
            fds = os.listdir(f"/proc/{pid}/fd")
        except OSError:
            continue
        for fd in fds:
            try:
                target = os.readlink(f"/proc/{pid}/fd/{fd}")
            except OSError:
                continue
            if target.startswith(job_dirs) and target.endswith("(deleted)"):
                return True
    return False


def replacement_started(stack: FaultStack) -> Callable[[], bool]:
    """A check: every BFF worker has finished starting — its warm job processes are forked (in
    post_worker_init, after the app was made and the scratch of dead workers removed)."""
    return lambda: all(children_of(pid) for pid in stack.workers("bff"))


async def _until(check: Callable[[], bool], within: float) -> bool:
    deadline = time.monotonic() + within
    while not check():
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(0.05)
    return True


async def bff_worker_kill(stack: FaultStack, scratch: Path, tmpdir: Path, users: list[str]) -> list[Row]:
    """Three users run OCR jobs in a loop (each from its own address); a worker is SIGKILLed while
    one of them runs there. Then a fourth uploads 24 MB at a time and the worker receiving it is killed."""
    page, record, stop = text_page(), Record(), asyncio.Event()
    loops = [
        asyncio.ensure_future(
            _loop(
                record,
                f"ocr user {n + 1}",
                tool_call(
                    Pool(stack.cfg.gateway_port, f"127.0.0.{31 + n}"),
                    token,
                    "/api/tools/ocr",
                    {"language": "eng"},
                    page,
                ),
                stop,
            )
        )
        for n, token in enumerate(users[:3])
    ]
    rows = []
    victim: int | None = None
    job_processes: list[int] = []
    started, seen = time.monotonic(), dict[Path, float]()
    while victim is None and time.monotonic() - started < 120:
        for pid, paths in jobs_of(scratch, stack.workers("bff")).items():
            jobs = [child for child in children_of(pid) if session_members(child)]
            first_seen = min(seen.setdefault(path, time.monotonic()) for path in paths)
            if jobs and time.monotonic() - first_seen > 0.5:  # well into the job
                victim, job_processes = pid, [m for job in jobs for m in session_members(job)]
                break
        await asyncio.sleep(0.05)
    if victim is None:
        stop.set()
        await asyncio.gather(*loops)
        return [
            Row(
                "BFF worker SIGKILL mid-job",
                "3 users × OCR jobs",
                errors_cell(record),
                "—",
                "not measured: no job was seen running",
                False,
                [kinds_note(record)],
            )
        ]
    stack.kill(victim)
    kill_at = time.monotonic()
    replaced = await _until(lambda: len(stack.workers("bff")) == 2 and victim not in stack.workers("bff"), 60)
    replaced_after = time.monotonic() - kill_at
    await asyncio.sleep(12)
    stop.set()
    await asyncio.gather(*loops)
    await _until(replacement_started(stack), 60)  # its start-up removes what the killed worker left
    left = list(scratch.glob(f"{JOB_PREFIX}{victim}-*"))
    alive = [pid for pid in job_processes if os.path.exists(f"/proc/{pid}") and session_members(pid)]
    failed = [o for o in record.errors() if o.started < kill_at <= o.ended]
    finished_elsewhere = [o for o in record.of() if o.ok and o.started < kill_at < o.ended]
    users_served_after = {o.kind for o in record.of() if o.ok and o.started > kill_at}
    answer_times = ", ".join(f"{o.detail} after {o.ended - kill_at:.2f} s" for o in failed) or "none"
    leaked = _leaked_job_counts(stack)
    killed_users = {o.kind for o in failed}
    others = {f"ocr user {n + 1}" for n in range(3)} - killed_users
    locked_out = sorted(killed_users - users_served_after)
    held = (
        replaced
        and not left
        and not alive
        and all(o.ended - kill_at < 60 for o in failed)
        and others <= users_served_after
        and all(o.detail.startswith("503") for o in failed)
    )
    rows.append(
        Row(
            "BFF worker SIGKILL mid-job (OCR)",
            "3 users running OCR jobs back to back",
            errors_cell(record),
            f"{replaced_after:.1f} s (new worker)",
            f"{len(left)} scratch dirs, {len(alive)} job processes left",
            held,
            [
                kinds_note(record),
                f"the killed requests: {answer_times}",
                f"{len(finished_elsewhere)} jobs in flight on the other worker finished; "
                f"{len(users_served_after)} of 3 users served again after the kill",
                f"per-client job counts left in Redis by the killed job: {leaked} (they expire after "
                "the job timeout + 30 s, whatever the client does)"
                + (
                    f"; meanwhile {', '.join(locked_out)} (whose job was killed) was told 503 busy"
                    if locked_out
                    else ""
                ),
            ],
        )
    )
    rows.append(await _mid_upload(stack, scratch, tmpdir, users[3]))
    return rows


def _leaked_job_counts(stack: FaultStack) -> int:
    """Jobs the shared per-client count still holds once every job has ended: the killed ones."""
    store = redis.Redis.from_url(storage_uri(stack.cfg))
    return sum(store.zcount(key, time.time(), "+inf") for key in store.keys(f"{KEY_PREFIX}*"))


async def _mid_upload(stack: FaultStack, scratch: Path, tmpdir: Path, token: str) -> Row:
    record, pool = Record(), Pool(stack.cfg.gateway_port, "127.0.0.34")
    call = tool_call(pool, token, "/api/tools/ocr", {"language": "eng"}, os.urandom(24 * 2**20), "big.png")
    victim, kill_at = None, 0.0
    before = {p.name for p in tmpdir.iterdir()}  # what the stack's start left there is not the case's
    for _ in range(20):
        request = asyncio.ensure_future(timed(record, "upload", call))
        while not request.done() and victim is None:
            for pid in stack.workers("bff"):
                if receiving_upload(pid, scratch):
                    stack.kill(pid)
                    victim, kill_at = pid, time.monotonic()
                    break
            await asyncio.sleep(0.002)
        await request
        if victim:
            break
    if victim is None:
        return Row(
            "BFF worker SIGKILL mid-upload",
            "24 MB uploads",
            errors_cell(record),
            "—",
            "not measured: no upload was caught in a worker",
            False,
            [kinds_note(record)],
        )
    await _until(lambda: len(stack.workers("bff")) == 2 and victim not in stack.workers("bff"), 60)
    # The job had its scratch directory while the upload streamed into it: the replacement worker's
    # start-up removes it, so only what is left once it started counts.
    await _until(replacement_started(stack), 60)
    killed = record.of("upload")[-1]
    leftovers = [p.name for p in tmpdir.iterdir() if p.name not in before] + [
        p.name for p in scratch.glob(f"{JOB_PREFIX}{victim}-*")
    ]
    held = killed.detail.startswith("503") and not leftovers and killed.ended - kill_at < 60
    return Row(
        "BFF worker SIGKILL mid-upload",
        "24 MB uploads to OCR (the worker receiving one is killed)",
        errors_cell(record),
        f"{killed.ended - kill_at:.2f} s (the client's answer)",
        f"{len(leftovers)} temporary files left",
        held,
        [
            f"the client got {killed.detail} {killed.ended - kill_at:.2f} s after the kill, "
            f"{len(record.of())} uploads tried before one was caught in a worker"
        ],
    )


async def disk_full(stack: FaultStack, scratch: Path, tokens: list[str], reserve_mb: int) -> Row:
    """The scratch disk (a tmpfs of its own) filled by another file: first below the jobs' reserve,
    then just above it (less than one 36 MB result) while four conversions run at once, then freed again."""
    filler, record = scratch / "filler", Record()
    photo = big_photo()
    pools = [Pool(stack.cfg.gateway_port, f"127.0.0.{41 + n}") for n in range(4)]
    calls = [
        tool_call(pool, token, "/api/tools/convert", {"format": "bmp"}, photo, "photo.png")
        for pool, token in zip(pools, tokens, strict=False)  # as many users as pools, at most
    ]

    def fill(free_mb: int) -> None:
        filler.unlink(missing_ok=True)
        total = shutil.disk_usage(scratch).free - free_mb * 2**20
        with open(filler, "wb") as out:
            chunk = b"\0" * 2**20
            for _ in range(max(0, total) // 2**20):
                out.write(chunk)

    fill(reserve_mb // 2)
    nearly = [await timed(record, "nearly full", call) for call in calls]
    fill(reserve_mb + 6)  # each job may start; its 36 MB result cannot fit
    during = await asyncio.gather(*(timed(record, "fills up", call) for call in calls))
    left = [p.name for p in scratch.iterdir() if p != filler]
    filler.unlink()
    after = await timed(record, "freed", calls[0])
    clear = all(o.detail == "503 insufficient_storage" for o in nearly)
    # A worker whose two job slots are taken answers 503 busy: clear too, and not about the disk.
    only_known = all(o.detail in ("200", "503 insufficient_storage", "503 busy") for o in during)
    filled_up = any(o.detail == "503 insufficient_storage" for o in during)
    notes = [
        f"below the {reserve_mb} MB reserve: " + ", ".join(o.detail for o in nearly),
        f"{reserve_mb + 6} MB free, four 36 MB results at once: " + ", ".join(o.detail for o in during),
        f"freed: {after.detail}",
        kinds_note(record),
    ]
    return Row(
        "Scratch disk nearly full, then full during jobs",
        "4 users converting 12 MP images to BMP",
        errors_cell(record),
        "0 s (the next job after space is freed)",
        f"{len(left)} partial files",
        clear and only_known and filled_up and not left and after.ok,
        notes,
    )
