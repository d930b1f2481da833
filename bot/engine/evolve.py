"""`evolve`: a copy of a frozen dataclass with some fields changed, for the states and records changed on every action.

`dataclasses.replace` builds the copy through `__init__`, looking every field up again: about 20 microseconds for a
game state, and a game's rules make several copies per action. `evolve` copies the instance's attributes and sets
the changed ones, about a tenth of that. It is only for plain dataclasses (no `__post_init__`, no fields with
`init=False`, no slots, no cached properties), whose instances are nothing but their fields; for any other it
falls back to `replace`. `made_of` makes one from all its fields the same way (a frozen dataclass's `__init__`
sets each through `object.__setattr__`, most of what making a record of many fields costs).
"""

from __future__ import annotations

import dataclasses
import functools
from functools import cache
from typing import Any, TypeVar

T = TypeVar("T")


def evolve(value: T, **changes: Any) -> T:
    """`value` with `changes` applied, as `dataclasses.replace(value, **changes)` would make it."""
    cls = type(value)
    if not is_plain_dataclass(cls):
        return dataclasses.replace(value, **changes)
    changed = object.__new__(cls)
    fields = changed.__dict__
    fields.update(value.__dict__)
    fields.update(changes)
    if len(fields) != len(value.__dict__):  # a name that is no field was added: checked without a set's making
        unknown = changes.keys() - cls.__dataclass_fields__.keys()
        raise TypeError(f"{cls.__name__} has no field {', '.join(sorted(unknown))}")
    return changed


def made_of(cls: type[T], fields: dict[str, Any]) -> T:
    """The `cls` of these values of its fields, as `cls(**fields)` would make it (which it does when some field
    is left to its default)."""
    if not is_plain_dataclass(cls) or len(fields) != len(cls.__dataclass_fields__):
        return cls(**fields)
    value = object.__new__(cls)
    value.__dict__.update(fields)
    return value


@cache
def is_plain_dataclass(cls: type) -> bool:
    """Whether `cls` is a dataclass whose instances are nothing but their fields (see the module docstring), so
    that one may be made by setting its attributes, without `__init__`."""
    return (
        dataclasses.is_dataclass(cls)
        and not hasattr(cls, "__post_init__")
        and not hasattr(cls, "__slots__")
        and all(field.init for field in dataclasses.fields(cls))
        and not any(isinstance(attribute, functools.cached_property) for attribute in vars(cls).values())
    )
