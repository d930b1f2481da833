"""Discord's limits on what a bot sends (message bodies, components, embeds, modals, commands).

Discord answers an out-of-limit body with 400
``{"code": 50035, "message": "Invalid Form Body", "errors": ...}``;
the fake does the same, so a bot whose button label is 81 characters fails in tests as it would in production.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from .errors import ApiError
from .messages import IS_COMPONENTS_V2, LINK_STYLE, PREMIUM_STYLE, SELECT_TYPES

Errors = list[tuple[tuple[str, ...], str, str]]  # (path, code, message)

COMMAND_TEXT_LIMIT = 8000
"""Characters Discord takes per command, summed over every name, description and choice value in it."""
_NAME_SCRIPTS = ((0x0900, 0x097F), (0xA8E0, 0xA8FF), (0x11B00, 0x11B5F), (0x0E00, 0x0E7F))
"""Devanagari (with its extensions) and Thai, which Discord's name pattern allows whole, vowel signs included."""


def error_body(errors: Errors) -> dict[str, Any]:
    """The 50035 body with Discord's nested ``errors`` layout (discord.py flattens it into the message)."""
    nested: dict[str, Any] = {}
    for path, code, message in errors:
        node = nested
        for part in path:
            node = node.setdefault(part, {})
        node.setdefault("_errors", []).append({"code": code, "message": message})
    return {"code": 50035, "message": "Invalid Form Body", "errors": nested}


class OverLimits(ApiError):
    """Discord's 400 50035 for a body past one of the limits checked here (``refused``: path, code, message)."""

    def __init__(self, refused: Errors) -> None:
        super().__init__(400, 50035, "Invalid Form Body", error_body(refused)["errors"])
        self.refused = refused


def _max_len(errors: Errors, path: tuple[str, ...], value: Any, limit: int, *, required: bool = False) -> None:
    if value is None:
        if required:
            errors.append((path, "BASE_TYPE_REQUIRED", "This field is required"))
        return
    if not isinstance(value, str):
        errors.append((path, "BASE_TYPE_STRING", "Must be a string."))
        return
    if len(value) > limit:
        errors.append((path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length."))
    if required and not value:
        errors.append((path, "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length."))


def validate_embeds(embeds: Any, errors: Errors) -> None:
    if not isinstance(embeds, list):
        errors.append((("embeds",), "BASE_TYPE_LIST", "Must be a list."))
        return
    if len(embeds) > 10:
        errors.append((("embeds",), "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length."))
    total = 0
    for i, embed in enumerate(embeds):
        p = ("embeds", str(i))
        _max_len(errors, (*p, "title"), embed.get("title"), 256)
        _max_len(errors, (*p, "description"), embed.get("description"), 4096)
        fields = embed.get("fields") or []
        if len(fields) > 25:
            errors.append(((*p, "fields"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."))
        for j, f in enumerate(fields):
            _max_len(errors, (*p, "fields", str(j), "name"), f.get("name"), 256, required=True)
            _max_len(errors, (*p, "fields", str(j), "value"), f.get("value"), 1024, required=True)
            total += len(f.get("name") or "") + len(f.get("value") or "")
        footer = embed.get("footer") or {}
        _max_len(errors, (*p, "footer", "text"), footer.get("text"), 2048)
        author = embed.get("author") or {}
        _max_len(errors, (*p, "author", "name"), author.get("name"), 256)
        total += sum(
            len(x or "") for x in (embed.get("title"), embed.get("description"), footer.get("text"), author.get("name"))
        )
    if total > 6000:
        errors.append((("embeds",), "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000"))


def _validate_button(c: dict[str, Any], p: tuple[str, ...], errors: Errors, ids: set[str]) -> None:
    style = c.get("style")
    if style not in (1, 2, 3, 4, 5, 6):
        errors.append(((*p, "style"), "BASE_TYPE_CHOICES", f"Value must be one of (1, 2, 3, 4, 5, 6). ({style})"))
    _max_len(errors, (*p, "label"), c.get("label"), 80)
    if not c.get("label") and not c.get("emoji") and style != PREMIUM_STYLE:
        errors.append((p, "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "A button must have a label or an emoji"))
    if style == LINK_STYLE:
        if not c.get("url") or c.get("custom_id"):
            errors.append((p, "BUTTON_COMPONENT_INVALID_URL", "Link buttons need a url and no custom_id"))
    elif style != PREMIUM_STYLE:
        _custom_id(c, p, errors, ids)


def _custom_id(c: dict[str, Any], p: tuple[str, ...], errors: Errors, ids: set[str]) -> None:
    custom_id = c.get("custom_id")
    _max_len(errors, (*p, "custom_id"), custom_id, 100, required=True)
    if custom_id:
        if custom_id in ids:
            errors.append(
                (
                    (*p, "custom_id"),
                    "COMPONENT_CUSTOM_ID_DUPLICATED",
                    "Component custom id cannot be duplicated",
                )
            )
        ids.add(custom_id)


def _validate_select(c: dict[str, Any], p: tuple[str, ...], errors: Errors, ids: set[str]) -> None:
    _custom_id(c, p, errors, ids)
    _max_len(errors, (*p, "placeholder"), c.get("placeholder"), 150)
    min_values, max_values = c.get("min_values", 1), c.get("max_values", 1)
    if not 0 <= min_values <= 25:
        errors.append(((*p, "min_values"), "NUMBER_TYPE_MAX", "min_values must be between 0 and 25"))
    if not 1 <= max_values <= 25:
        errors.append(((*p, "max_values"), "NUMBER_TYPE_MAX", "max_values must be between 1 and 25"))
    if c.get("type") == 3:
        options = c.get("options") or []
        if not 1 <= len(options) <= 25:
            errors.append(((*p, "options"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 25 in length."))
        if max_values > len(options) and options:
            errors.append(
                (
                    (*p, "max_values"),
                    "SELECT_COMPONENT_MAX_VALUES_TOO_LARGE",
                    "max_values exceeds the number of options",
                )
            )
        values = set()
        for k, opt in enumerate(options):
            q = (*p, "options", str(k))
            _max_len(errors, (*q, "label"), opt.get("label"), 100, required=True)
            _max_len(errors, (*q, "value"), opt.get("value"), 100, required=True)
            _max_len(errors, (*q, "description"), opt.get("description"), 100)
            if opt.get("value") in values:
                errors.append(
                    (
                        (*q, "value"),
                        "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                        "Select menu option values must be unique",
                    )
                )
            values.add(opt.get("value"))


def _validate_tree(components: list[dict[str, Any]], path: tuple[str, ...], errors: Errors, ids: set[str]) -> int:
    """Checks buttons/selects anywhere in the tree; returns how many components there are."""
    count = 0
    for i, c in enumerate(components):
        p = (*path, str(i))
        count += 1
        kind = c.get("type")
        if kind == 2:
            _validate_button(c, p, errors, ids)
        elif kind in SELECT_TYPES:
            _validate_select(c, p, errors, ids)
        elif kind == 10:
            _max_len(errors, (*p, "content"), c.get("content"), 4000, required=True)
        count += _validate_tree(c.get("components") or [], (*p, "components"), errors, ids)
        for key in ("accessory", "component"):
            if isinstance(c.get(key), dict):
                count += _validate_tree([c[key]], (*p, key), errors, ids)
    return count


def validate_components(components: Any, flags: int, errors: Errors) -> None:
    if not isinstance(components, list):
        errors.append((("components",), "BASE_TYPE_LIST", "Must be a list."))
        return
    ids: set[str] = set()
    if flags & IS_COMPONENTS_V2:
        if _validate_tree(components, ("components",), errors, ids) > 40:
            errors.append((("components",), "BASE_TYPE_MAX_LENGTH", "Must be 40 or fewer in total."))
        return
    if len(components) > 5:
        errors.append((("components",), "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length."))
    for i, row in enumerate(components):
        p = ("components", str(i))
        if row.get("type") != 1:
            errors.append(
                (
                    (*p, "type"),
                    "UNION_TYPE_CHOICES",
                    "Top-level components must be action rows unless IS_COMPONENTS_V2 is set",
                )
            )
            continue
        children = row.get("components") or []
        selects = [c for c in children if c.get("type") in SELECT_TYPES]
        if not children or len(children) > 5 or (selects and len(children) > 1):
            errors.append(
                (
                    (*p, "components"),
                    "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                    "The specified component exceeds the maximum width",
                )
            )
        _validate_tree(children, (*p, "components"), errors, ids)


def validate_message(body: dict[str, Any], *, has_files: bool = False, edit: bool = False) -> Errors:
    """Errors in a create/edit message body (empty list when Discord would accept it)."""
    errors: Errors = []
    flags = int(body.get("flags") or 0)
    content = body.get("content")
    if content is not None:
        _max_len(errors, ("content",), content, 2000)
    if body.get("embeds") is not None:
        validate_embeds(body["embeds"], errors)
    if body.get("components") is not None:
        validate_components(body["components"], flags, errors)
    if flags & IS_COMPONENTS_V2 and (content or body.get("embeds")):
        errors.append(
            (
                ("content",),
                "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                "The 'content' and 'embeds' fields cannot be used when using MessageFlags.IS_COMPONENTS_V2",
            )
        )
    return errors


def is_empty_message(body: dict[str, Any], has_files: bool) -> bool:
    return not (
        body.get("content")
        or body.get("embeds")
        or body.get("components")
        or has_files
        or body.get("sticker_ids")
        or body.get("poll")
    )


def validate_modal(data: dict[str, Any]) -> Errors:
    errors: Errors = []
    _max_len(errors, ("data", "title"), data.get("title"), 45, required=True)
    _max_len(errors, ("data", "custom_id"), data.get("custom_id"), 100, required=True)
    components = data.get("components") or []
    if not 1 <= len(components) <= 5:
        errors.append((("data", "components"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length."))
    ids: set[str] = set()
    for i, top in enumerate(components):
        p = ("data", "components", str(i))
        if top.get("type") == 18:
            _max_len(errors, (*p, "label"), top.get("label"), 45, required=True)
            inner = [top.get("component") or {}]
        else:
            inner = top.get("components") or []
        for j, c in enumerate(inner):
            q = (*p, "components", str(j))
            if c.get("type") == 4:
                _custom_id(c, q, errors, ids)
                if top.get("type") != 18:
                    _max_len(errors, (*q, "label"), c.get("label"), 45, required=True)
                if c.get("style") not in (1, 2):
                    errors.append(((*q, "style"), "BASE_TYPE_CHOICES", "Value must be one of (1, 2)."))
                _max_len(errors, (*q, "placeholder"), c.get("placeholder"), 100)
                _max_len(errors, (*q, "value"), c.get("value"), 4000)
                if not 0 <= c.get("min_length", 0) <= 4000 or not 1 <= c.get("max_length", 4000) <= 4000:
                    errors.append(((*q, "max_length"), "NUMBER_TYPE_MAX", "Lengths must be within 0..4000"))
            elif c.get("type") in SELECT_TYPES:
                _validate_select(c, q, errors, ids)
    return errors


def validate_commands(commands: Any) -> Errors:
    """Checks a bulk-overwrite body against Discord's documented limits for commands (names, descriptions, option
    and choice counts, option order, 8,000 characters a command), beyond what its API description says."""
    errors: Errors = []
    if not isinstance(commands, list):
        return [((), "BASE_TYPE_LIST", "Must be a list.")]
    if len(commands) > 100:
        errors.append(((), "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length."))
    seen: set[tuple[int, str]] = set()
    for i, cmd in enumerate(commands):
        p = (str(i),)
        kind = cmd.get("type", 1)
        name = cmd.get("name") or ""
        if (kind, name) in seen:
            errors.append(
                (
                    (*p, "name"),
                    "APPLICATION_COMMANDS_DUPLICATE_NAME",
                    f"Command name {name!r} is already used",
                )
            )
        seen.add((kind, name))
        if kind == 1:
            _validate_name(name, (*p, "name"), errors)
            _max_len(errors, (*p, "description"), cmd.get("description"), 100, required=True)
            _validate_options(cmd.get("options") or [], (*p, "options"), errors, parent="command")
        else:
            _max_len(errors, (*p, "name"), name, 32, required=True)
        if command_text_size(cmd) > COMMAND_TEXT_LIMIT:
            errors.append((p, "APPLICATION_COMMAND_TOO_LARGE", f"Command exceeds maximum size ({COMMAND_TEXT_LIMIT})"))
    return errors


def _name_character(char: str) -> bool:
    """One character of Discord's pattern ``^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``."""
    return (
        char in "-_'"
        or unicodedata.category(char)[0] in "LN"
        or any(low <= ord(char) <= high for low, high in _NAME_SCRIPTS)
    )


def _validate_name(name: str, path: tuple[str, ...], errors: Errors) -> None:
    """A chat-input command's or option's name: Discord's pattern, in lowercase wherever a letter has one."""
    if not 1 <= len(name) <= 32 or not all(map(_name_character, name)) or name != name.lower():
        errors.append((path, "APPLICATION_COMMAND_INVALID_NAME", f"Command name is invalid ({name!r})"))


def command_text_size(node: dict[str, Any]) -> int:
    """The characters of a command (or option, or choice) that count towards ``COMMAND_TEXT_LIMIT``: its name,
    description and value, each at its longest localisation, and those of its options and choices."""
    size = 0
    for key in ("name", "description", "value"):
        if node.get(key) is not None:
            localised = (node.get(f"{key}_localizations") or {}).values()
            size += max(len(str(text)) for text in (node[key], *localised))
    return size + sum(command_text_size(child) for child in (node.get("options") or []) + (node.get("choices") or []))


def _validate_options(options: list[dict[str, Any]], path: tuple[str, ...], errors: Errors, parent: str) -> None:
    if len(options) > 25:
        errors.append((path, "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."))
    optional_seen = False
    names: set[str] = set()
    for i, opt in enumerate(options):
        p = (*path, str(i))
        _validate_name(opt.get("name") or "", (*p, "name"), errors)
        if opt.get("name") in names:
            errors.append(
                ((*p, "name"), "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", "Option name is duplicated")
            )
        names.add(opt.get("name"))
        _max_len(errors, (*p, "description"), opt.get("description"), 100, required=True)
        kind = opt.get("type")
        if kind in (1, 2):
            # Groups only at the top, subcommands at the top or inside a group.
            if (kind == 2 and parent != "command") or (kind == 1 and parent == "subcommand"):
                errors.append(((*p, "type"), "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID", "Subcommands nested too deep"))
            child = "group" if kind == 2 else "subcommand"
            _validate_options(opt.get("options") or [], (*p, "options"), errors, parent=child)
            continue
        if opt.get("required"):
            if optional_seen:
                errors.append(
                    (
                        (*p, "required"),
                        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                        "Required options must be placed before non-required options",
                    )
                )
        else:
            optional_seen = True
        choices = opt.get("choices") or []
        if len(choices) > 25:
            errors.append(((*p, "choices"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."))
        for j, choice in enumerate(choices):
            _max_len(errors, (*p, "choices", str(j), "name"), choice.get("name"), 100, required=True)
            if isinstance(choice.get("value"), str):
                _max_len(errors, (*p, "choices", str(j), "value"), choice["value"], 100, required=True)
