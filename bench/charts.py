"""Charts of a results file, drawn with matplotlib (one PNG per benchmark, one panel per chart):
grouped horizontal bars, the baseline's bars pale, hatched and on top, each other bar labelled with
its value and its multiple of the baseline in the same series."""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # files only, no display
import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.patches import Patch

from .result import JsonObject

COLOURS = ["#2f6db5", "#e07b24", "#3a9a5b", "#b5432f"]


def _value(value: float) -> str:
    if value != value:
        return "n/a"
    return f"{value:,.0f}" if abs(value) >= 100 else f"{value:.3g}"


def _panel(ax: Axes, chart: JsonObject) -> None:
    categories, series = chart["categories"], chart["series"]
    baseline = chart.get("baseline")
    count = len(series)
    height = 0.8 / count
    positions = list(range(len(categories)))
    top = max((v for values in series.values() for v in values if v == v), default=1.0) or 1.0
    for s, values in enumerate(series.values()):
        offsets = [p + (s - (count - 1) / 2) * height for p in positions]
        colour = COLOURS[s % len(COLOURS)]
        bars = ax.barh(offsets, [v if v == v else 0 for v in values], height=height * 0.92, color=colour)
        for bar, category in zip(bars, categories, strict=True):
            if category == baseline:  # the baseline: pale and hatched, in its series' colour
                bar.set_alpha(0.45)
                bar.set_hatch("///")
        base_value = values[categories.index(baseline)] if baseline in categories else None
        for offset, category, value in zip(offsets, categories, values, strict=True):
            text = _value(value)
            if base_value and category != baseline and value == value:
                text += f"  ({value / base_value:.2f}×)"
            ax.text((value if value == value else 0) + top * 0.01, offset, text, va="center", fontsize=8)
    ax.set_yticks(positions)
    ax.set_yticklabels([f"{c}\n(baseline)" if c == baseline else c for c in categories], fontsize=8)
    ax.invert_yaxis()  # the baseline (first) on top
    ax.set_xlim(0, top * 1.35)
    ax.set_xlabel(chart["unit"], fontsize=8)
    ax.tick_params(axis="x", labelsize=8)
    ax.set_title(chart["title"], fontsize=9, loc="left")
    ax.grid(axis="x", alpha=0.3)
    ax.spines[["top", "right"]].set_visible(False)
    if count > 1:
        ax.legend(
            [Patch(color=COLOURS[i % len(COLOURS)]) for i in range(count)],
            list(series),
            fontsize=7,
            loc="upper center",
            bbox_to_anchor=(0.5, -0.22),
            ncol=count,
            frameon=False,
        )


def draw(result: JsonObject, path: Path) -> Path | None:
    """The PNG of one benchmark's charts, or None when it has none."""
    charts = result.get("charts") or []
    if not charts:
        return None
    columns = min(len(charts), 3)
    rows = -(-len(charts) // columns)
    tallest = max(len(c["categories"]) * max(1, len(c["series"])) for c in charts)
    fig, axes = plt.subplots(rows, columns, figsize=(5.2 * columns, (1.2 + 0.32 * tallest) * rows + 0.7), squeeze=False)
    for ax, chart in zip(axes.flat, charts, strict=False):  # the grid may have more panels than charts
        _panel(ax, chart)
    for ax in list(axes.flat)[len(charts) :]:
        ax.set_visible(False)
    fig.suptitle(result["title"], fontsize=11, x=0.01, ha="left")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
