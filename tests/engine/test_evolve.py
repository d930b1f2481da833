"""`evolve` makes the copy `dataclasses.replace` would, and falls back to it where copying fields is not enough."""

from __future__ import annotations

import dataclasses
import functools

import pytest

from bot.engine.evolve import evolve


@dataclasses.dataclass(frozen=True)
class Plain:
    a: int
    b: tuple[int, ...] = ()


@dataclasses.dataclass(frozen=True)
class Derived:
    a: int
    double: int = dataclasses.field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "double", self.a * 2)


@dataclasses.dataclass(frozen=True)
class Cached:
    a: int

    @functools.cached_property
    def double(self) -> int:
        return self.a * 2


def test_a_plain_dataclass_is_copied_with_its_changes():
    before = Plain(1, (2,))
    after = evolve(before, a=5)
    assert after == dataclasses.replace(before, a=5) and before == Plain(1, (2,))
    assert hash(after) == hash(Plain(5, (2,)))


def test_derived_fields_and_cached_properties_are_worked_out_again():
    assert evolve(Derived(1), a=4).double == 8
    cached = Cached(1)
    assert cached.double == 2
    assert evolve(cached, a=4).double == 8


def test_an_unknown_field_is_refused():
    with pytest.raises(TypeError):
        evolve(Plain(1), c=2)
