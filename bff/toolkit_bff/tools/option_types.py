"""The contract's option types (contract/options.py) in a form a type checker reads: a tool model
writes `size: Annotated[int, WholeOption(64, 4096)]` where it wrote `size: opt.whole(64, 4096)`, since a
call is no type to mypy. Each marker stands for exactly the validators and schema the contract's
factory returns: pydantic expands grouped metadata in place (annotated_types.GroupedMetadata), and
the field keeps its Python type (int, float, str) for the code that reads it."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, get_args

from annotated_types import GroupedMetadata

from ..contract import options as opt


def _metadata(annotated: Any) -> Iterator[object]:
    # get_args(Annotated[T, *metadata]) is (T, *metadata): the type is written by the field instead.
    yield from get_args(annotated)[1:]


@dataclass(frozen=True)
class TextOption(GroupedMetadata):
    """Text of `min_length` to `max_length` characters (an option's default cap unless it says less)."""

    max_length: int = opt.MAX_OPTION_LENGTH
    min_length: int | None = None

    def __iter__(self) -> Iterator[object]:
        least = {} if self.min_length is None else {"min_length": self.min_length}
        return _metadata(opt.text(self.max_length, **least))


@dataclass(frozen=True)
class ChoiceOption(GroupedMetadata):
    """One of `values` (lower case) whatever its case; the schema lists `shown` or the values."""

    values: Sequence[str]
    shown: Sequence[str] | None = None

    def __iter__(self) -> Iterator[object]:
        return _metadata(opt.choice(self.values, self.shown))


@dataclass(frozen=True)
class WholeOption(GroupedMetadata):
    """A whole number from `low` to `high`."""

    low: int
    high: int

    def __iter__(self) -> Iterator[object]:
        return _metadata(opt.whole(self.low, self.high))


@dataclass(frozen=True)
class NumberOption(GroupedMetadata):
    """A number from `low` to `high`."""

    low: float
    high: float

    def __iter__(self) -> Iterator[object]:
        return _metadata(opt.number(self.low, self.high))
