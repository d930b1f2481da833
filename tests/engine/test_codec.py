"""The engine's one JSON codec: every form it writes reads back exactly, and stored data from before a field
was added still loads."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

import orjson
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.engine import canonical_json, compact
from bot.engine.codec import decode, encode


class Suit(StrEnum):
    CLUBS = "C"
    HEARTS = "H"


@dataclass(frozen=True)
class Token:
    """A value with a text form, like a card written as "7H"."""

    rank: int
    suit: Suit

    def to_text(self) -> str:
        return f"{self.rank}{self.suit.value}"

    @classmethod
    def from_text(cls, text: str) -> Token:
        return cls(int(text[:-1]), Suit(text[-1]))


@dataclass(frozen=True)
class Face:
    """A value of a closed set with a text form, like a card of the 52."""

    name: str

    def to_text(self) -> str:
        return self.name

    @classmethod
    def from_text(cls, text: str) -> Face:
        if text.upper() not in FACE_NAMES:
            raise ValueError(f"no face {text!r}")
        return cls(text.upper())

    @classmethod
    def every_value(cls) -> tuple[Face, ...]:
        return tuple(cls(name) for name in FACE_NAMES)


FACE_NAMES = ("J", "Q", "K")


@dataclass(frozen=True)
class Hand:
    """Tuples and optional values of every kind, which the compiled forms write out inline."""

    faces: tuple[Face, ...]
    picked: Face | None
    pairs: tuple[tuple[int, Suit], ...]
    marks: tuple[Suit | None, ...]
    groups: tuple[tuple[tuple[int, int], ...], ...]


@compact
@dataclass(frozen=True)
class Row:
    name: str
    marks: tuple[int, ...]
    note: str | None
    added_later: int = 0


@dataclass(frozen=True)
class Inner:
    tokens: tuple[Token, ...]
    pair: tuple[str, int]
    scores: Mapping[int, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Whole:
    rows: tuple[Row, ...]
    inner: Inner | None
    suit: Suit
    grid: tuple[tuple[str, ...], ...]
    ratio: float
    flag: bool
    label: str = field(init=False, repr=False, compare=False)
    added_later: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "label", f"{len(self.rows)} rows")


texts = st.text(max_size=8)
integers = st.integers(-(2**63), 2**63 - 1)
"""Every int both databases can keep (the codec's range)."""
faces = st.sampled_from(Face.every_value())
hands = st.builds(
    Hand,
    st.lists(faces, max_size=4).map(tuple),
    st.none() | faces,
    st.lists(st.tuples(integers, st.sampled_from(Suit)), max_size=3).map(tuple),
    st.lists(st.none() | st.sampled_from(Suit), max_size=3).map(tuple),
    st.lists(st.lists(st.tuples(integers, integers), max_size=3).map(tuple), max_size=3).map(tuple),
)
tokens = st.builds(Token, st.integers(1, 13), st.sampled_from(Suit))
rows = st.builds(
    Row,
    texts,
    st.tuples(integers) | st.lists(integers, max_size=4).map(tuple),
    st.none() | texts,
    integers,
)
inners = st.builds(
    Inner,
    st.lists(tokens, max_size=5).map(tuple),
    st.tuples(texts, integers),
    st.dictionaries(st.integers(-5, 5), integers, max_size=3),
)
wholes = st.builds(
    Whole,
    st.lists(rows, max_size=4).map(tuple),
    st.none() | inners,
    st.sampled_from(Suit),
    st.lists(st.lists(texts, max_size=3).map(tuple), max_size=3).map(tuple),
    st.floats(allow_nan=False, allow_infinity=False),
    st.booleans(),
    added_later=integers,
)


@given(wholes)
def test_every_value_reads_back_exactly_through_real_json(value: Whole):
    text = canonical_json(encode(value))
    assert decode(Whole, json.loads(text)) == value
    assert canonical_json(encode(decode(Whole, json.loads(text)))) == text
    assert decode(Whole, orjson.loads(text)) == value, "as the host reads it"


@given(hands)
def test_tuples_and_optional_values_read_back_exactly(value: Hand):
    text = canonical_json(encode(value))
    assert decode(Hand, orjson.loads(text)) == value
    assert canonical_json(encode(decode(Hand, orjson.loads(text)))) == text


def test_tuples_and_optional_values_are_written_as_documented():
    value = Hand((Face("J"), Face("K")), None, ((3, Suit.HEARTS),), (None, Suit.CLUBS), (((2, 5),), ()))
    assert encode(value) == {
        "faces": ["J", "K"],
        "picked": None,
        "pairs": [[3, "H"]],
        "marks": [None, "C"],
        "groups": [[[2, 5]], []],
    }


def test_a_closed_set_reads_text_written_otherwise_through_its_from_text():
    data = {"faces": ["j", "Q"], "picked": "k", "pairs": [], "marks": [], "groups": []}
    assert decode(Hand, data) == Hand((Face("J"), Face("Q")), Face("K"), (), (), ())
    with pytest.raises(ValueError, match="no face"):
        decode(Hand, {**data, "faces": ["A"]})


@pytest.mark.parametrize("beyond", [2**64, -(2**63) - 1])
def test_an_int_beyond_64_bits_is_refused_rather_than_written_inexactly(beyond: int):
    with pytest.raises(TypeError):
        canonical_json(encode({"count": beyond}))


def test_each_form_is_written_as_documented():
    value = Whole(
        rows=(Row("a", (1, 2), None),),
        inner=Inner((Token(7, Suit.HEARTS),), ("x", 3), {2: 5}),
        suit=Suit.CLUBS,
        grid=(("p", "q"),),
        ratio=0.5,
        flag=True,
    )
    assert encode(value) == {
        "rows": [["a", [1, 2], None, 0]],
        "inner": {"tokens": ["7H"], "pair": ["x", 3], "scores": {"2": 5}},
        "suit": "C",
        "grid": [["p", "q"]],
        "ratio": 0.5,
        "flag": True,
        "added_later": 0,
    }


def test_data_stored_before_a_field_was_added_takes_its_default():
    data = encode(Whole((), None, Suit.CLUBS, (), 1.0, False))
    del data["added_later"]
    assert decode(Whole, data).added_later == 0
    del data["flag"]
    with pytest.raises(KeyError, match="flag"):
        decode(Whole, data)


def test_a_compact_row_stored_before_a_field_was_added_at_its_end_takes_its_default():
    assert decode(Row, ["ace", [1], None]) == Row("ace", (1,), None)
    assert decode(Row, ["ace", [1], None, 4]) == Row("ace", (1,), None, 4)


def test_a_union_it_cannot_tell_apart_is_refused_when_read():
    with pytest.raises(TypeError, match="which type"):
        decode(Row | Inner, {})
