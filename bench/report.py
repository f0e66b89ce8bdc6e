"""The Markdown report of a results file: conditions, a summary of every figure (with the change
since the previous run of the same host, flagged past 20 %), then one section per benchmark with its
charts, tables, targets and load checks. Drawn from the JSON alone:

    .venv/bin/python -m bench.report bench/results/<date>-<host>.json   # writes the .md and charts beside it"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from .charts import draw
from .compare import THRESHOLD
from .result import JsonObject


def _cell(value: object) -> str:
    if isinstance(value, float):
        if value != value:
            return "n/a"
        return f"{value:,.3f}" if abs(value) < 10 else f"{value:,.1f}"
    return str(value).replace("|", "\\|")


def _table(columns: list[str], rows: list[list[Any]], right: tuple[int, ...] = ()) -> list[str]:
    """A Markdown table; numbers (and the columns named in `right`) aligned right."""
    numeric = [i in right or (bool(rows) and isinstance(rows[0][i], (int, float))) for i in range(len(columns))]
    lines = ["| " + " | ".join(columns) + " |", "|" + "|".join("---:" if n else "---" for n in numeric) + "|"]
    return lines + ["| " + " | ".join(_cell(v) for v in row) + " |" for row in rows]


def _conditions(doc: JsonObject) -> list[str]:
    m = doc["machine"]
    others = [r["conditions"].get("cores used by other processes") for r in doc["results"]]
    others = [o for o in others if o is not None]
    shared = (
        f" Other processes (not started by the benchmarks) used **{min(others):.1f}–{max(others):.1f} of the "
        f"{m['cores']} cores** while the benchmarks ran (per benchmark below)."
        if others
        else ""
    )
    return [
        f"**Conditions.** {m['cores']} cores ({m['cpu']}), {m['memory_gb']} GB of memory, {m['os']}; load average "
        f"{m['load_before'][0]:.1f} before the run and {m['load_after'][0]:.1f} after.{shared} "
        + (
            "The machine was shared, so absolute latencies and throughputs measure the neighbours too: read the ratios "
            "against the baselines, which were measured in the same run on the same machine."
            if others and max(others) > 0.25 * m["cores"]
            else "The machine was quiet: absolute numbers mean something too."
        ),
        "",
        *([f"*{doc['note']}*", ""] if doc.get("note") else []),
        f"Commit `{doc['commit']}`, {doc['mode']} mode, every part started by `./scripts/bench` on one throw-away "
        f"stack (Postgres {'with' if doc['mode'] == 'full' else 'without'} fsync). Command: `{doc['command']}`.",
    ]


def _summary(doc: JsonObject) -> list[str]:
    changes = {(c["benchmark"], c["figure"]): c for c in doc.get("comparison", [])}
    lines = ["## Summary", ""] + [f"- **{r['title']}.** {r['headline']}" for r in doc["results"] if r.get("headline")]
    lines += [""]
    if doc.get("previous"):
        flagged = [c for c in doc["comparison"] if c["flagged"]]
        lines += [
            f"Compared with the previous run of this host, [`{doc['previous']}`]({doc['previous']}): "
            + (
                f"**{len(flagged)} figure(s) got more than {THRESHOLD:.0%} worse** (⚠ below)."
                if flagged
                else f"no figure got more than {THRESHOLD:.0%} worse."
            ),
            "",
        ]
    else:
        lines += ["No earlier results of this host to compare with.", ""]
    lines += ["Every figure is a ratio against a baseline measured in the same run (× = times the baseline):", ""]
    rows = []
    for r in doc["results"]:
        verdict = "ok" if r["ok"] else "**FAIL**"
        for key, fig in r["figures"].items():
            change = changes.get((r["name"], key))
            was = _cell(change["previous"]) + fig["unit"] if change else "–"
            delta = (
                "–"
                if not change
                else (
                    f"{change['worse_by']:+.0%} worse"
                    if change["worse_by"] > 0
                    else f"{-change['worse_by']:.0%} better"
                )
            )
            if change and change["flagged"]:
                delta = f"⚠ {delta}"
            rows.append(
                [
                    r["name"],
                    verdict,
                    fig["label"],
                    f"{_cell(fig['value'])}{fig['unit']}",
                    fig["baseline"],
                    f"{fig['better']}",
                    was,
                    delta,
                ]
            )
        if not r["figures"]:
            rows.append([r["name"], verdict, "; ".join(r["problems"]) or "–", "", "", "", "", ""])
    lines += _table(
        ["benchmark", "result", "figure", "value", "against", "better", "previous", "change"], rows, right=(3, 6, 7)
    )
    return [*lines, ""]


def _section(r: JsonObject, chart: str | None) -> list[str]:
    lines = [f"## {r['title']} (`{r['name']}`)", "", r.get("about", ""), ""]
    if chart:
        lines += [f"![{r['title']}]({chart})", ""]
    if not r["ok"]:
        lines += ["**FAIL**: " + "; ".join(r["problems"]), ""]
    for table in r["tables"]:
        lines += [f"*{table['title']}*", "", *_table(table["columns"], table["rows"]), ""]
    if r["targets"]:
        lines += ["Targets (timings: reported, never a reason to fail):", ""]
        lines += [
            f"- {'met' if t['met'] else '**missed**'}: {t['what']}" + (f" — {t['detail']}" if t["detail"] else "")
            for t in r["targets"]
        ] + [""]
    lines += ["Load checks (the run fails if one does not hold):", ""]
    lines += [
        f"- {'ok' if c['ok'] else '**FAILED**'}: {c['what']}" + (f" — {c['detail']}" if c["detail"] else "")
        for c in r["checks"]
    ] + [""]
    lines += [f"Note: {note}" for note in r["notes"]] + ([""] if r["notes"] else [])
    params = ", ".join(f"{k} {v}" for k, v in r["params"].items())
    conditions = ", ".join(f"{k} {v}" for k, v in r["conditions"].items())
    return [*lines, f"<sub>Parameters: {params}. Conditions: {conditions}.</sub>", ""]


def write(doc: JsonObject, json_path: Path, charts: bool = True) -> Path:
    """Write <stem>.md and (unless told not to) the charts in <stem>/ beside the results file;
    returns the report's path."""
    stem = json_path.with_suffix("")
    lines = [f"# Toolkit benchmarks: {doc['date']} on `{doc['host']}`", "", *_conditions(doc), "", *_summary(doc)]
    for r in doc["results"]:
        chart = draw(r, stem / f"{r['name']}.png") if charts else None
        lines += _section(r, f"{stem.name}/{chart.name}" if chart else None)
    report = stem.with_suffix(".md")
    report.write_text("\n".join(lines).rstrip() + "\n")
    return report


if __name__ == "__main__":
    for name in sys.argv[1:]:
        print(write(json.loads(Path(name).read_text()), Path(name)))
