"""One JSON codec for every game's values, driven by their type hints.

`encode(value)` turns a game value into JSON data and `decode(type, data)` builds it back exactly, so a game
declares its state as frozen dataclasses and never writes a codec of its own. How each kind of value is written:

- a dataclass: an object of its fields by name. Fields with `init=False` are derived and left out; a field
  missing from stored data takes its default, so adding a field with a default keeps older matches loading;
- a dataclass marked `@compact`: a list of its fields in order (for small values stored many times, like cards);
- a class with a text form (`to_text()` and a `from_text` classmethod): that text (a card as "10D"). One whose
  values are a closed set may list them (an `every_value()` classmethod): its text is then read back by looking it
  up, and `from_text` reads only text written otherwise (in another case, say). A `typing.final` one that keeps
  its text in a field may name it (`TEXT_FIELD`): the text is then read there, without a call per value;
- an Enum: its value; a tuple (`tuple[X, ...]` or `tuple[X, Y]`): a list; a Mapping: an object whose int keys
  are written as text; `X | None`: null or X; int, str, bool, float and `Any`: as they are (an int within 64
  bits, as both databases keep integers: `canonical_json` refuses a larger one rather than write it inexactly).

Encoders and decoders are compiled once per type from its hints, a dataclass's into one generated function (as
the dataclasses module builds `__init__`), its optional values and tuples written out inline (a hand of cards as
one comprehension, not a call per card): states are written and read on every action, so the compiled forms do
no more work than hand-written ones would.
"""

from __future__ import annotations

import dataclasses
import enum
import operator
import types
import typing
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, TypeVar

import orjson

from bot.engine.evolve import is_plain_dataclass, made_of

T = TypeVar("T")
JSON = Any

_PLAIN = (int, str, bool, float, type(None))


def canonical_json(data: JSON) -> str:
    """Serialise JSON data the same way every time, so equal states are equal text (orjson, which writes in a
    tenth of the standard library's time; TypeError for an int beyond 64 bits)."""
    return orjson.dumps(data, option=orjson.OPT_SORT_KEYS).decode()


def compact(cls: type[T]) -> type[T]:
    """Mark a dataclass to be written as a list of its fields in order rather than an object."""
    cls.__json_compact__ = True
    return cls


def encode(value: Any) -> JSON:
    """JSON data for a game value (see the module docstring)."""
    if isinstance(value, _PLAIN):
        return value
    return _encoder_of_type(type(value))(value)


def decode(hint: Any, data: JSON) -> Any:
    """The value of type `hint` that `encode` described."""
    return _decoder(hint)(data)


def encode_omitting(value: Any, omitted: frozenset[str]) -> JSON:
    """`encode` of a dataclass without the fields named in `omitted` (a part stored elsewhere)."""
    return _dataclass_encoder(type(value), omitted)(value)


def decode_fields(cls: type, data: Mapping[str, JSON], names: tuple[str, ...]) -> dict[str, Any]:
    """The values of the fields `names` of dataclass `cls` from their JSON data, by name."""
    return _fields_decoder(cls, names)(data)


def decode_given(cls: type[T], data: JSON, given: Mapping[str, Any]) -> T:
    """The dataclass `encode_omitting` described, its omitted fields taken as they are from `given`."""
    return _dataclass_decoder_given(cls, frozenset(given))(data, given)


@cache
def _fields_decoder(cls: type, names: tuple[str, ...]) -> Callable[[Mapping[str, JSON]], dict[str, Any]]:
    hints = dict((field.name, hint) for field, hint in _stored_fields(cls))
    namespace: dict[str, Any] = {}
    values = ", ".join(
        f"{name!r}: {_inline(hints[name], f'data[{name!r}]', namespace, encoding=False)}" for name in names
    )
    return _generated(f"def run(data):\n    return {{{values}}}\n", namespace)


def _identity(value: Any) -> Any:
    return value


@cache
def _encoder_of_type(cls: type) -> Callable[[Any], JSON]:
    """How `encode` writes a value of a class other than the plain ones, found once per class (an event is written
    at every action)."""
    if issubclass(cls, list | tuple):
        return lambda value: [encode(item) for item in value]
    if issubclass(cls, Mapping):
        return lambda value: {_key_text(key): encode(item) for key, item in value.items()}
    return _encoder(cls)


def _key_text(key: Any) -> str:
    if isinstance(key, enum.Enum):
        return str(key._value_)
    return str(key)


def _has_text_form(cls: type) -> bool:
    return callable(getattr(cls, "to_text", None)) and callable(getattr(cls, "from_text", None))


@cache
def _stored_fields(cls: type) -> tuple[tuple[dataclasses.Field, Any], ...]:
    # Working out a class's hints takes a fraction of a millisecond: once per class, not once per value.
    hints = typing.get_type_hints(cls)
    return tuple((field, hints[field.name]) for field in dataclasses.fields(cls) if field.init)


def _parts(hint: Any) -> tuple[Any, tuple[Any, ...]]:
    return typing.get_origin(hint), typing.get_args(hint)


@cache
def _encoder(hint: Any) -> Callable[[Any], JSON]:
    origin, args = _parts(hint)
    if origin in (typing.Union, types.UnionType):
        present = [arg for arg in args if arg is not type(None)]
        if len(present) == 1:
            inner = _encoder(present[0])
            return inner if inner is _identity else lambda value: None if value is None else inner(value)
    if hint is Any or hint is object or origin in (typing.Union, types.UnionType):
        # Without a single concrete type (Any, a union of actions), write what the value turns out to be.
        return encode
    if hint in _PLAIN:
        return _identity
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return lambda value: value._value_
    if origin is tuple:
        return _sequence_encoder(args)
    if origin in (dict, Mapping) or (origin is not None and issubclass(origin, Mapping)):
        value_encoder = _encoder(args[1] if args else Any)
        return lambda value: {_key_text(key): value_encoder(item) for key, item in value.items()}
    if isinstance(hint, type) and _has_text_form(hint):
        if getattr(hint, "__final__", False):  # no subclass may write itself otherwise (`typing.final`)
            field = getattr(hint, "TEXT_FIELD", None)
            return hint.to_text if field is None else operator.attrgetter(field)
        return lambda value: value.to_text()
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _dataclass_encoder(hint)
    raise TypeError(f"The codec cannot write values of type {hint!r}")


def _sequence_encoder(args: tuple[Any, ...]) -> Callable[[Any], JSON]:
    if len(args) == 2 and args[1] is Ellipsis:
        item_encoder = _encoder(args[0])
        if item_encoder is _identity:
            return list
        return lambda value: list(map(item_encoder, value))
    if not args:
        return encode
    namespace: dict[str, Any] = {}
    items = ", ".join(_inline(arg, f"value[{index}]", namespace, encoding=True) for index, arg in enumerate(args))
    return _generated(f"def run(value):\n    return [{items}]\n", namespace)


@cache
def _dataclass_encoder(cls: type, omitted: frozenset[str] = frozenset()) -> Callable[[Any], JSON]:
    namespace: dict[str, Any] = {}
    parts = [
        (field.name, _inline(hint, f"value.{field.name}", namespace, encoding=True))
        for field, hint in _stored_fields(cls)
        if field.name not in omitted
    ]
    if getattr(cls, "__json_compact__", False):
        written = "[" + ", ".join(part for _, part in parts) + "]"
    else:
        written = "{" + ", ".join(f"{name!r}: {part}" for name, part in parts) + "}"
    return _generated(f"def run(value):\n    return {written}\n", namespace)


def _applied(function: Callable[[Any], Any], argument: str, namespace: dict[str, Any]) -> str:
    """Source that applies a compiled encoder or decoder to `argument`, inlined where it is a plain builtin."""
    if function is _identity:
        return argument
    if function in (list, tuple):
        return f"{function.__name__}({argument})"
    return f"{_named(function, namespace)}({argument})"


def _named(function: Callable[[Any], Any], namespace: dict[str, Any]) -> str:
    """The name under which generated source finds `function` in its namespace."""
    name = f"_part{len(namespace)}"
    namespace[name] = function
    return name


def _inline(hint: Any, argument: str, namespace: dict[str, Any], *, encoding: bool, depth: int = 0) -> str:
    """Source that encodes (`encoding`) or decodes `argument` as `_encoder(hint)` or `_decoder(hint)` does, with an
    optional value, a tuple and (encoding) an Enum written out inline."""
    compiled = _encoder if encoding else _decoder
    function = compiled(hint)
    origin, args = _parts(hint)
    if function is _identity:
        return argument
    if (present := _optional(hint)) is not None:
        inner = _inline(present, argument, namespace, encoding=encoding, depth=depth)
        return f"(None if {argument} is None else {inner})"
    if encoding and isinstance(hint, type) and issubclass(hint, enum.Enum):
        return f"{argument}._value_"  # what `.value` gives, read without its descriptor's call
    sequence = "list" if encoding else "tuple"
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        item_function = compiled(args[0])
        if item_function is _identity:
            return f"{sequence}({argument})"
        if not _written_inline(args[0], encoding=encoding):
            return f"{sequence}(map({_named(item_function, namespace)}, {argument}))"
        item = f"item{depth}"
        each = f"{_inline(args[0], item, namespace, encoding=encoding, depth=depth + 1)} for {item} in {argument}"
        return f"[{each}]" if encoding else f"tuple([{each}])"
    if origin is tuple and args:
        items = "".join(
            f"{_inline(arg, f'{argument}[{index}]', namespace, encoding=encoding, depth=depth)}, "
            for index, arg in enumerate(args)
        )
        return f"[{items}]" if encoding else f"({items})"
    return _applied(function, argument, namespace)


def _optional(hint: Any) -> Any:
    """The X of `X | None`, or None for any other hint."""
    origin, args = _parts(hint)
    if origin not in (typing.Union, types.UnionType) or type(None) not in args:
        return None
    present = [arg for arg in args if arg is not type(None)]
    return present[0] if len(present) == 1 else None


def _written_inline(hint: Any, *, encoding: bool) -> bool:
    """Whether `_inline` writes out a value of type `hint` inline, rather than call its compiled form: an
    optional value and a tuple with its item types, and when encoding an Enum."""
    origin, args = _parts(hint)
    return (
        _optional(hint) is not None
        or (origin is tuple and bool(args))
        or (encoding and isinstance(hint, type) and issubclass(hint, enum.Enum))
    )


def _generated(source: str, namespace: dict[str, Any]) -> Callable[[Any], Any]:
    exec(source, namespace)
    return namespace["run"]


@cache
def _decoder(hint: Any) -> Callable[[JSON], Any]:
    origin, args = _parts(hint)
    if hint is Any or hint is object or hint in _PLAIN:
        return _identity
    if origin in (typing.Union, types.UnionType):
        present = [arg for arg in args if arg is not type(None)]
        if len(present) != 1:
            raise TypeError(f"The codec cannot tell which type of {hint!r} to read back")
        inner = _decoder(present[0])
        return inner if inner is _identity else lambda data: None if data is None else inner(data)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return _Members(hint).__getitem__
    if origin is tuple:
        return _sequence_decoder(args)
    if origin in (dict, Mapping) or (origin is not None and issubclass(origin, Mapping)):
        key_type = args[0] if args else str
        read_key = int if key_type is int else _decoder(key_type)
        value_decoder = _decoder(args[1] if args else Any)
        return lambda data: {read_key(key): value_decoder(item) for key, item in data.items()}
    if isinstance(hint, type) and _has_text_form(hint):
        if callable(getattr(hint, "every_value", None)):
            return _ByText(hint).__getitem__
        return hint.from_text
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _dataclass_decoder(hint)
    raise TypeError(f"The codec cannot read values of type {hint!r}")


class _ByText(dict):
    """Every value of a class whose values are a closed set, by its text: looked up, a value is read in a dict's
    time; text written otherwise is read by the class's `from_text` (and not kept)."""

    def __init__(self, cls: type) -> None:
        super().__init__((value.to_text(), value) for value in cls.every_value())
        self.from_text = cls.from_text

    def __missing__(self, text: str) -> Any:
        return self.from_text(text)


class _Members(dict):
    """An Enum's members by value, looked up in a dict's time rather than through the Enum's call; a value that is
    no member's is given to that call, which says so."""

    def __init__(self, cls: type[enum.Enum]) -> None:
        super().__init__((member._value_, member) for member in cls)
        self.cls = cls

    def __missing__(self, value: Any) -> Any:
        return self.cls(value)


def _sequence_decoder(args: tuple[Any, ...]) -> Callable[[JSON], Any]:
    if len(args) == 2 and args[1] is Ellipsis:
        item_decoder = _decoder(args[0])
        if item_decoder is _identity:
            return tuple
        return lambda data: tuple(map(item_decoder, data))
    if not args:
        return lambda data: tuple(_freeze(item) for item in data)
    namespace: dict[str, Any] = {}
    items = ", ".join(_inline(arg, f"data[{index}]", namespace, encoding=False) for index, arg in enumerate(args))
    return _generated(f"def run(data):\n    return ({items},)\n", namespace)


def _freeze(data: JSON) -> Any:
    return tuple(_freeze(item) for item in data) if isinstance(data, list) else data


def _dataclass_decoder(cls: type) -> Callable[[JSON], Any]:
    stored = _stored_fields(cls)
    if getattr(cls, "__json_compact__", False):
        decoders = [_decoder(hint) for _, hint in stored]

        def shorter(data: JSON) -> Any:
            # A row written before fields were added at its end: those fields take their defaults.
            return cls(*[decode(item) for decode, item in zip(decoders, data, strict=False)])

        namespace: dict[str, Any] = {"cls": cls, "shorter": shorter}
        values = [
            (field.name, _inline(hint, f"data[{index}]", namespace, encoding=False))
            for index, (field, hint) in enumerate(stored)
        ]
        source = (
            f"def run(data):\n    if len(data) < {len(stored)}:\n        return shorter(data)\n"
            f"    return {_made(cls, values, namespace)}\n"
        )
        return _generated(source, namespace)
    with_given = _dataclass_decoder_given(cls, frozenset())
    return lambda data: with_given(data, {})


@cache
def _dataclass_decoder_given(cls: type, given: frozenset[str]) -> Callable[[JSON, Mapping[str, Any]], Any]:
    """A decoder of a dataclass written as an object, the fields named in `given` passed in already decoded."""
    stored = [(field, hint) for field, hint in _stored_fields(cls) if field.name not in given]
    namespace: dict[str, Any] = {"cls": cls}
    fields = [(field.name, _decoder(hint), _has_default(field)) for field, hint in stored]

    def read_with_defaults(data: Mapping[str, JSON], known: Mapping[str, Any]) -> Any:
        values = dict(known)
        for name, field_decoder, optional in fields:
            if name in data:
                values[name] = field_decoder(data[name])
            elif not optional:
                raise KeyError(f"{cls.__name__} data has no {name!r}")
        return cls(**values)

    namespace["read_with_defaults"] = read_with_defaults
    values = [(name, f"given[{name!r}]") for name in sorted(given)] + [
        (field.name, _inline(hint, f"data[{field.name!r}]", namespace, encoding=False)) for field, hint in stored
    ]
    # Data stored before a field was added lacks it: the slower path fills in its default.
    source = (
        "def run(data, given):\n"
        "    try:\n"
        f"        return {_made(cls, values, namespace)}\n"
        "    except KeyError:\n"
        "        return read_with_defaults(data, given)\n"
    )
    return _generated(source, namespace)


def _made(cls: type, values: list[tuple[str, str]], namespace: dict[str, Any]) -> str:
    """Source of an expression that makes a `cls` of these fields (name, source of its value): for a dataclass that
    is nothing but its fields, by setting them on a bare instance, as `evolve` does (a frozen dataclass's
    `__init__` sets each field through `object.__setattr__`, which takes most of the time of decoding a deck
    of cards); for any other, through `__init__`."""
    if not is_plain_dataclass(cls):
        return f"cls({', '.join(f'{name}={value}' for name, value in values)})"
    namespace["made"] = made_of
    return f"made(cls, {{{', '.join(f'{name!r}: {value}' for name, value in values)}}})"


def _has_default(field: dataclasses.Field) -> bool:
    return field.default is not dataclasses.MISSING or field.default_factory is not dataclasses.MISSING
