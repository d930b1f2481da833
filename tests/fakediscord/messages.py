"""Messages and modals as the fake stores them, with helpers to read what a user would see.

A :class:`FakeMessage` is live: edits by the bot change it in place, a delete sets ``deleted``. Embeds and
components stay the raw dicts the bot sent, so tests see exactly what went over the wire.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .snowflake import iso, snowflake_time
from .world import FakeUser

EPHEMERAL = 1 << 6
LOADING = 1 << 7
SUPPRESS_NOTIFICATIONS = 1 << 12
IS_COMPONENTS_V2 = 1 << 15

BUTTON, STRING_SELECT, TEXT_INPUT = 2, 3, 4
SELECT_TYPES = (3, 5, 6, 7, 8)
LINK_STYLE, PREMIUM_STYLE = 5, 6


def walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component, depth first, through action rows, containers, sections (accessory) and labels."""
    for component in components:
        yield component
        yield from walk_components(component.get("components") or [])
        for key in ("component", "accessory"):
            inner = component.get(key)
            if isinstance(inner, dict):
                yield from walk_components([inner])


def _emoji_text(emoji: dict[str, Any] | None) -> str | None:
    if not emoji:
        return None
    return emoji.get("name")


@dataclass(eq=False)
class FakeMessage:
    """One message in the fake's store (current state)."""

    id: int
    channel_id: int
    guild_id: int | None
    author: FakeUser
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    attachments: list[dict[str, Any]] = field(default_factory=list)
    files: dict[str, bytes] = field(default_factory=dict)
    reactions: dict[str, list[int]] = field(default_factory=dict)
    mentions: list[int] = field(default_factory=list)
    pinged: list[int] = field(default_factory=list)
    """The mentioned users Discord would notify, after the message's allowed_mentions."""
    mention_roles: list[int] = field(default_factory=list)
    message_reference: dict[str, Any] | None = None
    interaction_metadata: dict[str, Any] | None = None
    webhook_id: int | None = None
    application_id: int | None = None
    ephemeral_to: int | None = None
    thread_id: int | None = None
    edited_at: dt.datetime | None = None
    deleted: bool = False
    versions: list[dict[str, Any]] = field(default_factory=list)
    nonce: str | int | None = None
    late_edits: list[float] = field(default_factory=list)
    """When (the fake's clock, seconds) each edit made after the message was an hour old happened (error 30046)."""

    # --- state -------------------------------------------------------------------------------------------
    @property
    def created_at(self) -> dt.datetime:
        return snowflake_time(self.id)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """True while this is a deferred "Bot is thinking..." response the bot has not filled in yet."""
        return bool(self.flags & LOADING)

    @property
    def edit_count(self) -> int:
        return len(self.versions)

    # --- reading helpers -----------------------------------------------------------------------------------
    def all_components(self) -> list[dict[str, Any]]:
        return list(walk_components(self.components))

    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in walk_components(self.components) if c.get("type") == BUTTON]

    def button_labels(self) -> list[str]:
        """Labels of every button in order (an emoji-only button shows its emoji name)."""
        return [b.get("label") or _emoji_text(b.get("emoji")) or "" for b in self.buttons()]

    def button(self, label: str | None = None, *, custom_id: str | None = None) -> dict[str, Any]:
        """The one button with this label (or emoji name) or custom_id (LookupError lists the others)."""
        found = [
            b
            for b in self.buttons()
            if (custom_id is not None and b.get("custom_id") == custom_id)
            or (custom_id is None and label in (b.get("label"), _emoji_text(b.get("emoji"))))
        ]
        if not found:
            raise LookupError(f"no button {label or custom_id!r} on message {self.id}; buttons: {self.button_labels()}")
        if len(found) > 1:
            raise LookupError(f"{len(found)} buttons match {label or custom_id!r} on message {self.id}")
        return found[0]

    def has_button(self, label: str) -> bool:
        return label in self.button_labels()

    def selects(self) -> list[dict[str, Any]]:
        return [c for c in walk_components(self.components) if c.get("type") in SELECT_TYPES]

    def select_menu(self, which: str | None = None) -> dict[str, Any]:
        """A select by placeholder or custom_id; with ``which=None`` the only select on the message."""
        menus = self.selects()
        if which is not None:
            menus = [m for m in menus if which in (m.get("placeholder"), m.get("custom_id"))]
        if len(menus) != 1:
            names = [m.get("placeholder") or m.get("custom_id") for m in self.selects()]
            raise LookupError(f"expected one select matching {which!r} on message {self.id}, selects: {names}")
        return menus[0]

    def select_options(self, which: str | None = None) -> list[str]:
        """Option labels of a select (see :meth:`select_menu`)."""
        return [opt["label"] for opt in self.select_menu(which).get("options", [])]

    def embed(self, title: str | None = None) -> dict[str, Any]:
        """The embed with this title, or the only embed when ``title`` is None."""
        matching = [e for e in self.embeds if title is None or e.get("title") == title]
        if len(matching) != 1:
            raise LookupError(f"expected one embed titled {title!r}; titles: {self.embed_titles()}")
        return matching[0]

    def embed_titles(self) -> list[str | None]:
        return [e.get("title") for e in self.embeds]

    def text_displays(self) -> list[str]:
        """Text of Components V2 text displays."""
        return [c.get("content", "") for c in walk_components(self.components) if c.get("type") == 10]

    def text(self) -> str:
        """Everything readable: content, embed titles/descriptions/fields/footers and V2 text displays."""
        parts = [self.content]
        for e in self.embeds:
            parts += [e.get("title") or "", e.get("description") or ""]
            for f in e.get("fields", []):
                parts += [f.get("name", ""), f.get("value", "")]
            parts.append((e.get("footer") or {}).get("text", ""))
        parts += self.text_displays()
        return "\n".join(p for p in parts if p)

    def reaction_count(self, emoji: str) -> int:
        return len(self.reactions.get(emoji, []))

    # --- wire format ---------------------------------------------------------------------------------------
    def to_payload(
        self,
        *,
        author_payload: dict[str, Any],
        member: dict[str, Any] | None = None,
        bot_id: int | None = None,
        thread: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": author_payload,
            "content": self.content,
            "timestamp": iso(self.created_at),
            "edited_timestamp": iso(self.edited_at) if self.edited_at else None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [str(r) for r in self.mention_roles],
            "attachments": self.attachments,
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "type": self.type,
            "flags": self.flags,
        }
        if self.reactions:
            payload["reactions"] = [
                {
                    "emoji": _emoji_payload(key),
                    "count": len(users),
                    "count_details": {"burst": 0, "normal": len(users)},
                    "burst_colors": [],
                    "me": bot_id in users,
                    "me_burst": False,
                    "burst_me": False,
                }
                for key, users in self.reactions.items()
                if users
            ]
        if self.guild_id is not None:
            payload["guild_id"] = str(self.guild_id)
            if member is not None:
                payload["member"] = member
        if self.message_reference is not None:
            payload["message_reference"] = self.message_reference
        if self.interaction_metadata is not None:
            payload["interaction_metadata"] = self.interaction_metadata
        if self.webhook_id is not None:
            payload["webhook_id"] = str(self.webhook_id)
        if self.application_id is not None:
            payload["application_id"] = str(self.application_id)
        if self.nonce is not None:
            payload["nonce"] = self.nonce
        # Discord omits "thread" when there is none; discord.py chokes on "thread": null.
        if thread is not None:
            payload["thread"] = thread
        return payload

    def snapshot(self) -> dict[str, Any]:
        return {
            "content": self.content,
            "embeds": self.embeds,
            "components": self.components,
            "flags": self.flags,
            "attachments": self.attachments,
        }

    def __repr__(self) -> str:
        state = " deleted" if self.deleted else ""
        return f"<FakeMessage id={self.id} channel={self.channel_id} content={self.content[:40]!r}{state}>"


def parse_emoji(emoji: str) -> tuple[str, dict[str, Any]]:
    """A reaction key (``"👍"`` or ``"name:id"``) and its emoji payload, from ``"👍"``, ``"<:name:id>"``
    or ``"name:id"``."""
    text = emoji.strip()
    if text.startswith("<") and text.endswith(">"):
        text = text[1:-1].removeprefix("a").lstrip(":")
    if ":" in text:
        name, _, emoji_id = text.rpartition(":")
        if emoji_id.isdigit():
            return f"{name}:{emoji_id}", {"id": emoji_id, "name": name, "animated": False}
    return text, {"id": None, "name": text}


def _emoji_payload(key: str) -> dict[str, Any]:
    return parse_emoji(key)[1]


@dataclass(eq=False)
class FakeModal:
    """A modal the bot opened for a user (interaction callback type 9)."""

    custom_id: str
    title: str
    components: list[dict[str, Any]]
    interaction_id: int
    user_id: int
    submitted: bool = False

    def fields(self) -> list[dict[str, Any]]:
        """Input components (text inputs and selects), each with the label shown next to it in ``_label``."""
        found: list[dict[str, Any]] = []
        for top in self.components:
            if top.get("type") == 18:  # Label wrapping one input
                inner = dict(top["component"])
                inner["_label"] = top.get("label")
                found.append(inner)
            else:
                for child in walk_components([top]):
                    if child.get("type") == TEXT_INPUT or child.get("type") in SELECT_TYPES:
                        inner = dict(child)
                        inner["_label"] = child.get("label")
                        found.append(inner)
        return found

    def field_labels(self) -> list[str | None]:
        return [f["_label"] for f in self.fields()]

    def __repr__(self) -> str:
        return f"<FakeModal {self.title!r} custom_id={self.custom_id!r} fields={self.field_labels()}>"
