"""Which pairs reach which targets: directly, or through English or Spanish (the languages most
Apertium pairs are built around) when the engine has no direct pair."""

from __future__ import annotations

PIVOTS = ("en", "es")

Pairs = frozenset[tuple[str, str]]


def route(pairs: Pairs, source: str, target: str) -> list[tuple[str, str]] | None:
    """The steps from source to target: one direct pair, two through a pivot, or None."""
    if (source, target) in pairs:
        return [(source, target)]
    for pivot in PIVOTS:
        if pivot not in (source, target) and (source, pivot) in pairs and (pivot, target) in pairs:
            return [(source, pivot), (pivot, target)]
    return None


def sources(pairs: Pairs) -> list[str]:
    return sorted({source for source, _ in pairs})


def reachable(pairs: Pairs, source: str) -> dict[str, str | None]:
    """Every target reachable from source: None when direct, else the pivot language."""
    targets: dict[str, str | None] = {target: None for pair_source, target in pairs if pair_source == source}
    for pivot in PIVOTS:
        if pivot == source or pivot not in targets or targets[pivot] is not None:
            continue
        for pair_source, target in pairs:
            if pair_source == pivot and target != source and target not in targets:
                targets[target] = pivot
    return targets
