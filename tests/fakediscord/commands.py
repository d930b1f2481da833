"""Application commands: storing what the bot syncs, and turning a scripted ``/command`` into option payloads.

A scripted user can only invoke what the bot actually synced, with options that match the synced definition
(names, types, choices, ranges, required options, channel types), as the Discord client enforces.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import ScriptError
from .perms import ALL_PERMISSIONS, Perm
from .world import FakeChannel, FakeRole, FakeUser

if TYPE_CHECKING:
    from .server import FakeDiscord

(
    SUB_COMMAND,
    SUB_COMMAND_GROUP,
    STRING,
    INTEGER,
    BOOLEAN,
    USER,
    CHANNEL,
    ROLE,
    MENTIONABLE,
    NUMBER,
    ATTACHMENT,
) = (
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    8,
    9,
    10,
    11,
)
_TYPE_NAMES = {
    STRING: "string",
    INTEGER: "integer",
    BOOLEAN: "boolean",
    USER: "user",
    CHANNEL: "channel",
    ROLE: "role",
    MENTIONABLE: "mentionable",
    NUMBER: "number",
    ATTACHMENT: "attachment",
}


def store_commands(
    fake: FakeDiscord, existing: dict[str, dict[str, Any]], body: Any, guild_id: int | None
) -> list[dict[str, Any]]:
    """Bulk overwrite (of a body the contract passed): keep ids of unchanged names, return the new list."""
    stored: dict[str, dict[str, Any]] = {}
    for cmd in body:
        stored_cmd = normalise_command(fake, cmd, existing, guild_id)
        stored[command_key(stored_cmd)] = stored_cmd
    existing.clear()
    existing.update(stored)
    return list(stored.values())


def command_key(cmd: dict[str, Any]) -> str:
    return f"{cmd.get('type', 1)}:{cmd['name']}"


def normalise_command(
    fake: FakeDiscord, cmd: dict[str, Any], existing: dict[str, dict[str, Any]], guild_id: int | None
) -> dict[str, Any]:
    key = command_key(cmd)
    previous = existing.get(key)
    stored = {
        "type": 1,
        "description": "",
        "options": [],
        "default_member_permissions": None,
        "nsfw": False,
        **cmd,
        "id": previous["id"] if previous else str(fake.snowflakes.next()),
        "application_id": str(fake.application_id),
        "version": str(fake.snowflakes.next()),
    }
    if stored["default_member_permissions"] is not None:
        stored["default_member_permissions"] = str(stored["default_member_permissions"])
    if guild_id is not None:
        stored["guild_id"] = str(guild_id)
    return stored


def _check_visible(command: dict[str, Any], user: FakeUser, channel: FakeChannel) -> None:
    name = command["name"]
    contexts = command.get("contexts")
    if channel.is_dm:
        allowed = command.get("guild_id") is None and (
            (contexts is not None and 1 in contexts) or (contexts is None and command.get("dm_permission") is not False)
        )
        if not allowed:
            raise ScriptError(f"/{name} cannot be used in DMs")
        return
    if contexts is not None and 0 not in contexts:
        raise ScriptError(f"/{name} cannot be used in guilds")
    needed = command.get("default_member_permissions")
    if needed is not None:
        have = channel.permissions_for(user)
        if have != ALL_PERMISSIONS and (int(needed) == 0 or have & int(needed) != int(needed)):
            raise ScriptError(f"{user.name} cannot see /{name}: it needs permissions {needed}")
    if not channel.permissions_for(user) & Perm.USE_APPLICATION_COMMANDS:
        raise ScriptError(f"{user.name} lacks USE_APPLICATION_COMMANDS in #{channel.name}")


def build_command_data(
    fake: FakeDiscord,
    command: dict[str, Any],
    path: list[str],
    values: dict[str, Any],
    user: FakeUser,
    channel: FakeChannel,
) -> dict[str, Any]:
    """The ``data`` of an APPLICATION_COMMAND interaction for ``/name sub ... option=value``."""
    _check_visible(command, user, channel)
    data: dict[str, Any] = {"id": command["id"], "name": command["name"], "type": 1}
    if command.get("guild_id"):
        data["guild_id"] = command["guild_id"]
    definitions = command.get("options") or []
    options: list[dict[str, Any]] = []
    container = options
    shown = command["name"]
    for sub in path:
        sub_def = next(
            (o for o in definitions if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) and o["name"] == sub),
            None,
        )
        if sub_def is None:
            subs = [o["name"] for o in definitions if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
            raise ScriptError(f"/{shown} has no subcommand {sub!r} (it has {subs})")
        entry: dict[str, Any] = {"type": sub_def["type"], "name": sub, "options": []}
        container.append(entry)
        container = entry["options"]
        definitions = sub_def.get("options") or []
        shown += f" {sub}"
    subs = [o["name"] for o in definitions if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
    if subs:
        raise ScriptError(f"/{shown} needs a subcommand: one of {subs}")
    resolved: dict[str, dict[str, Any]] = {}
    by_name = {o["name"]: o for o in definitions}
    for name, value in values.items():
        definition = by_name.get(name)
        if definition is None:
            raise ScriptError(f"/{shown} has no option {name!r} (options: {list(by_name)})")
        if value is None:
            continue
        converted = _convert(fake, shown, definition, value, resolved, user, channel)
        container.append({"name": name, "type": definition["type"], "value": converted})
    given = {o["name"] for o in container}
    missing = [o["name"] for o in definitions if o.get("required") and o["name"] not in given]
    if missing:
        raise ScriptError(f"/{shown} is missing required options {missing}")
    data["options"] = options
    if resolved:
        data["resolved"] = resolved
    return data


def _convert(
    fake: FakeDiscord,
    shown: str,
    opt: dict[str, Any],
    value: Any,
    resolved: dict[str, dict[str, Any]],
    user: FakeUser,
    channel: FakeChannel,
) -> Any:
    kind = opt["type"]
    label = f"/{shown} option {opt['name']!r} ({_TYPE_NAMES.get(kind, kind)})"
    choices = opt.get("choices") or []
    if choices:
        for choice in choices:
            if value == choice["value"] or value == choice["name"]:
                return choice["value"]
        raise ScriptError(f"{label}: {value!r} is not a choice; choices: {[c['name'] for c in choices]}")
    if kind == STRING:
        if not isinstance(value, str):
            raise ScriptError(f"{label}: expected str, got {value!r}")
        if not opt.get("min_length", 0) <= len(value) <= opt.get("max_length", 6000):
            raise ScriptError(f"{label}: length {len(value)} out of range")
        return value
    if kind in (INTEGER, NUMBER):
        ok = isinstance(value, int) if kind == INTEGER else isinstance(value, (int, float))
        if isinstance(value, bool) or not ok:
            raise ScriptError(f"{label}: expected a number, got {value!r}")
        if opt.get("min_value") is not None and value < opt["min_value"]:
            raise ScriptError(f"{label}: {value} is below {opt['min_value']}")
        if opt.get("max_value") is not None and value > opt["max_value"]:
            raise ScriptError(f"{label}: {value} is above {opt['max_value']}")
        return value
    if kind == BOOLEAN:
        if not isinstance(value, bool):
            raise ScriptError(f"{label}: expected bool, got {value!r}")
        return value
    guild = channel.guild
    if kind in (USER, MENTIONABLE) and isinstance(value, FakeUser):
        resolved.setdefault("users", {})[str(value.id)] = value.to_payload()
        member = guild.members.get(value.id) if guild else None
        if member is not None:
            resolved.setdefault("members", {})[str(value.id)] = member.to_payload(
                with_user=False, permissions=channel.permissions_for(value)
            )
        return str(value.id)
    if kind in (ROLE, MENTIONABLE) and isinstance(value, FakeRole):
        resolved.setdefault("roles", {})[str(value.id)] = value.to_payload()
        return str(value.id)
    if kind == CHANNEL and isinstance(value, FakeChannel):
        types = opt.get("channel_types")
        if types and value.type not in types:
            raise ScriptError(f"{label}: channel type {value.type} not in {types}")
        resolved.setdefault("channels", {})[str(value.id)] = value.to_payload(permissions=value.permissions_for(user))
        return str(value.id)
    if kind == ATTACHMENT and isinstance(value, tuple) and len(value) == 2:
        filename, content = value
        attachment_id = str(fake.snowflakes.next())
        resolved.setdefault("attachments", {})[attachment_id] = {
            "id": attachment_id,
            "filename": filename,
            "size": len(content),
            "url": f"{fake.url}/attachments/0/{attachment_id}/{filename}",
            "proxy_url": f"{fake.url}/attachments/0/{attachment_id}/{filename}",
        }
        fake.rest.loose_files[attachment_id] = content
        return attachment_id
    raise ScriptError(f"{label}: cannot use {value!r}")
