"""The fake's world: users, guilds, roles, channels, threads and DMs, and their Discord JSON payloads.

Objects are plain mutable dataclasses owned by a :class:`~fakediscord.server.FakeDiscord`; the builder methods
(``guild.create_text_channel``, ``guild.add_member``...) register what they make with it, and tell a connected
bot about it the way Discord would (CHANNEL_CREATE, GUILD_MEMBER_ADD).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .perms import DEFAULT_EVERYONE, channel_permissions
from .snowflake import iso, snowflake_time

if TYPE_CHECKING:
    from .server import FakeDiscord
    from .users import ScriptedUser

TEXT, DM, CATEGORY, ANNOUNCEMENT_THREAD, PUBLIC_THREAD, PRIVATE_THREAD = 0, 1, 4, 10, 11, 12
THREAD_TYPES = (ANNOUNCEMENT_THREAD, PUBLIC_THREAD, PRIVATE_THREAD)


@dataclass(eq=False)
class FakeUser:
    """A Discord account. Scripted users are ScriptedUser; the bot is a plain FakeUser."""

    id: int
    name: str
    bot: bool = False
    global_name: str | None = None
    dms_closed: bool = False  # the user does not accept DMs from the bot (403 code 50007)

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    @property
    def created_at(self) -> dt.datetime:
        return snowflake_time(self.id)

    def to_payload(self) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "public_flags": 0,
        }
        if self.bot:
            payload["bot"] = True
        return payload

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r} id={self.id}>"


@dataclass(eq=False)
class FakeRole:
    id: int
    guild_id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False
    bot_id: int | None = None
    color: int = 0
    mentionable: bool = False

    @property
    def mention(self) -> str:
        return f"<@&{self.id}>"

    def to_payload(self) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "id": str(self.id),
            "name": self.name,
            "color": self.color,
            "colors": {"primary_color": self.color, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(int(self.permissions)),
            "managed": self.managed,
            "mentionable": self.mentionable,
            "flags": 0,
        }
        if self.bot_id is not None:
            payload["tags"] = {"bot_id": str(self.bot_id)}
        return payload

    def __repr__(self) -> str:
        return f"<FakeRole {self.name!r} id={self.id}>"


@dataclass
class Overwrite:
    id: int
    type: int  # 0 role (or @everyone), 1 member
    allow: int = 0
    deny: int = 0

    def to_payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "type": self.type,
            "allow": str(int(self.allow)),
            "deny": str(int(self.deny)),
        }


@dataclass(eq=False)
class FakeMember:
    user: FakeUser
    guild: FakeGuild
    roles: list[FakeRole] = field(default_factory=list)
    nick: str | None = None
    joined_at: dt.datetime = field(default_factory=lambda: dt.datetime.now(dt.UTC))

    def to_payload(self, *, with_user: bool = True, permissions: int | None = None) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "roles": [str(role.id) for role in self.roles],
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "joined_at": iso(self.joined_at),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }
        if with_user:
            payload["user"] = self.user.to_payload()
        if permissions is not None:
            payload["permissions"] = str(int(permissions))
        return payload


@dataclass(eq=False)
class FakeChannel:
    """A guild text channel, a thread (``parent_id`` set) or a DM channel (``recipient`` set)."""

    id: int
    type: int
    name: str | None
    guild: FakeGuild | None = None
    position: int = 0
    parent_id: int | None = None
    topic: str | None = None
    overwrites: dict[int, Overwrite] = field(default_factory=dict)
    recipient: FakeUser | None = None
    # thread-only state
    owner_id: int | None = None
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    thread_members: set[int] = field(default_factory=set)
    message_count: int = 0
    last_message_id: int | None = None

    @property
    def guild_id(self) -> int | None:
        return self.guild.id if self.guild is not None else None

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def is_dm(self) -> bool:
        return self.type == DM

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    @property
    def parent(self) -> FakeChannel | None:
        if self.guild is None or self.parent_id is None:
            return None
        return self.guild.channels.get(self.parent_id)

    def _target(self, target: Any) -> tuple[int, int]:
        if isinstance(target, FakeGuild):
            return target.id, 0  # @everyone
        if isinstance(target, FakeRole):
            return target.id, 0
        if isinstance(target, FakeMember):
            return target.user.id, 1
        if isinstance(target, FakeUser):
            return target.id, 1
        raise TypeError(f"cannot set permissions for {target!r}: use a guild (@everyone), role, user or member")

    def set_permissions(self, target: Any, *, allow: int = 0, deny: int = 0) -> None:
        """Replace the overwrite of ``target`` (guild = @everyone, a role, or a user) in this channel."""
        target_id, kind = self._target(target)
        self.overwrites[target_id] = Overwrite(target_id, kind, int(allow), int(deny))
        self._updated()

    def deny(self, target: Any, permissions: int) -> None:
        """Add ``permissions`` to ``target``'s deny list here.

        ``channel.deny(fake.bot_user, Perm.SEND_MESSAGES)``; ``channel.deny(guild, ...)`` is @everyone.
        """
        target_id, kind = self._target(target)
        ow = self.overwrites.setdefault(target_id, Overwrite(target_id, kind))
        ow.deny |= int(permissions)
        ow.allow &= ~int(permissions)
        self._updated()

    def allow(self, target: Any, permissions: int) -> None:
        target_id, kind = self._target(target)
        ow = self.overwrites.setdefault(target_id, Overwrite(target_id, kind))
        ow.allow |= int(permissions)
        ow.deny &= ~int(permissions)
        self._updated()

    def deny_bot(self, permissions: int) -> None:
        """Deny the bot ``permissions`` in this channel through a member overwrite."""
        if self.guild is None:
            raise TypeError("DM channels have no permissions")
        self.deny(self.guild.fake.bot_user, permissions)

    def permissions_for(self, user: FakeUser) -> int:
        if self.guild is None:
            return int(DEFAULT_EVERYONE)
        member = self.guild.members.get(user.id)
        if member is None:
            return 0
        return channel_permissions(self.guild, member, self)

    def _updated(self) -> None:
        if self.guild is not None:
            self.guild.fake._channel_changed(self)

    def to_payload(self, *, permissions: int | None = None) -> dict[str, Any]:
        if self.is_dm:
            assert self.recipient is not None
            payload: dict[str, Any] = {
                "id": str(self.id),
                "type": DM,
                "last_message_id": str(self.last_message_id) if self.last_message_id else None,
                "recipients": [self.recipient.to_payload()],
                "flags": 0,
            }
        elif self.is_thread:
            payload = {
                "id": str(self.id),
                "type": self.type,
                "guild_id": str(self.guild_id),
                "parent_id": str(self.parent_id),
                "owner_id": str(self.owner_id),
                "name": self.name,
                "last_message_id": str(self.last_message_id) if self.last_message_id else None,
                "rate_limit_per_user": 0,
                "message_count": self.message_count,
                "total_message_sent": self.message_count,
                "member_count": len(self.thread_members),
                "flags": 0,
                "thread_metadata": {
                    "archived": self.archived,
                    "auto_archive_duration": self.auto_archive_duration,
                    "archive_timestamp": iso(snowflake_time(self.id)),
                    "locked": self.locked,
                    "invitable": True,
                    "create_timestamp": iso(snowflake_time(self.id)),
                },
            }
        else:
            payload = {
                "id": str(self.id),
                "type": self.type,
                "guild_id": str(self.guild_id),
                "name": self.name,
                "position": self.position,
                "permission_overwrites": [ow.to_payload() for ow in self.overwrites.values()],
                "parent_id": str(self.parent_id) if self.parent_id else None,
                "topic": self.topic,
                "nsfw": False,
                "rate_limit_per_user": 0,
                "last_message_id": str(self.last_message_id) if self.last_message_id else None,
                "flags": 0,
            }
        if permissions is not None:
            payload["permissions"] = str(int(permissions))
        return payload

    def __repr__(self) -> str:
        return f"<FakeChannel {self.name!r} id={self.id} type={self.type}>"


@dataclass(eq=False)
class FakeGuild:
    """A guild. The bot is always a member, through a managed role named after it (``bot_role``)."""

    id: int
    name: str
    fake: FakeDiscord
    owner_id: int = 0
    roles: dict[int, FakeRole] = field(default_factory=dict)
    channels: dict[int, FakeChannel] = field(default_factory=dict)
    threads: dict[int, FakeChannel] = field(default_factory=dict)
    members: dict[int, FakeMember] = field(default_factory=dict)
    bot_role: FakeRole | None = None

    @property
    def everyone(self) -> FakeRole:
        """The @everyone role (its id is the guild id)."""
        return self.roles[self.id]

    @property
    def owner(self) -> FakeUser:
        return self.members[self.owner_id].user

    @property
    def bot_member(self) -> FakeMember:
        return self.members[self.fake.bot_user.id]

    def _setup(self, everyone_permissions: int, bot_permissions: int) -> None:
        self.roles[self.id] = FakeRole(self.id, self.id, "@everyone", int(everyone_permissions))
        bot = self.fake.bot_user
        self.bot_role = FakeRole(
            self.fake.snowflakes.next(),
            self.id,
            bot.name,
            int(bot_permissions),
            position=1,
            managed=True,
            bot_id=bot.id,
        )
        self.roles[self.bot_role.id] = self.bot_role
        self.members[bot.id] = FakeMember(bot, self, [self.bot_role])

    def set_bot_permissions(self, permissions: int) -> None:
        """Replace the guild-wide permissions of the bot's managed role."""
        assert self.bot_role is not None
        self.bot_role.permissions = int(permissions)
        self.fake._role_changed(self, self.bot_role)

    def create_role(self, name: str, permissions: int = 0, *, mentionable: bool = False) -> FakeRole:
        role = FakeRole(
            self.fake.snowflakes.next(),
            self.id,
            name,
            int(permissions),
            position=len(self.roles),
            mentionable=mentionable,
        )
        self.roles[role.id] = role
        self.fake._role_changed(self, role, created=True)
        return role

    def set_role_permissions(self, role: FakeRole, permissions: int) -> None:
        role.permissions = int(permissions)
        self.fake._role_changed(self, role)

    def set_member_roles(self, user: FakeUser, roles: list[FakeRole]) -> None:
        """Replace a member's roles (dispatches GUILD_MEMBER_UPDATE to a bot with the members intent)."""
        member = self.members[user.id]
        member.roles = list(roles)
        self.fake._member_changed(self, member)

    def create_text_channel(
        self, name: str, *, topic: str | None = None, category: FakeChannel | None = None
    ) -> FakeChannel:
        channel = FakeChannel(
            self.fake.snowflakes.next(),
            TEXT,
            name,
            guild=self,
            position=len(self.channels),
            topic=topic,
            parent_id=category.id if category else None,
        )
        self.channels[channel.id] = channel
        self.fake._register_channel(channel, created=True)
        return channel

    def create_category(self, name: str) -> FakeChannel:
        channel = FakeChannel(self.fake.snowflakes.next(), CATEGORY, name, guild=self, position=len(self.channels))
        self.channels[channel.id] = channel
        self.fake._register_channel(channel, created=True)
        return channel

    def add_member(
        self,
        user: str | FakeUser,
        *,
        roles: list[FakeRole] | tuple[FakeRole, ...] = (),
        nick: str | None = None,
    ) -> ScriptedUser:
        """Add a scripted user (made from a name, or an existing one) to this guild and return it."""
        if isinstance(user, str):
            user = self.fake.create_user(user)
        member = FakeMember(user, self, list(roles), nick)
        self.members[user.id] = member
        self.fake._member_added(self, member)
        return user  # type: ignore[return-value]

    def member(self, user: FakeUser | int) -> FakeMember:
        user_id = user if isinstance(user, int) else user.id
        return self.members[user_id]

    def text_channel(self, name: str) -> FakeChannel:
        for channel in self.channels.values():
            if channel.name == name:
                return channel
        raise KeyError(f"no channel named {name!r} in {self.name!r}")

    def create_payload(self, *, members: list[FakeMember], member_count: int) -> dict[str, Any]:
        """GUILD_CREATE as the gateway sends it after READY."""
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": "en-US",
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "vanity_url_code": None,
            "features": [],
            "roles": [role.to_payload() for role in self.roles.values()],
            "emojis": [],
            "stickers": [],
            "channels": [channel.to_payload() for channel in self.channels.values()],
            "threads": [thread.to_payload() for thread in self.threads.values() if not thread.archived],
            "members": [member.to_payload() for member in members],
            "member_count": member_count,
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "large": False,
            "unavailable": False,
            "joined_at": iso(self.bot_member.joined_at),
            "lazy": True,
            "application_id": None,
            "max_members": 500000,
            "premium_progress_bar_enabled": False,
        }

    def __repr__(self) -> str:
        return f"<FakeGuild {self.name!r} id={self.id}>"
