"""Discord permission bits and the permission algorithm (base roles, then channel overwrites).

The fake uses it to refuse what Discord would refuse (a bot without SEND_MESSAGES or CREATE_PUBLIC_THREADS in
a
channel) and to fill ``permissions`` / ``app_permissions`` in interaction payloads.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .world import FakeChannel, FakeGuild, FakeMember


class Perm(enum.IntFlag):
    """Permission bits (the subset bots of this project care about, with Discord's real values)."""

    CREATE_INSTANT_INVITE = 1 << 0
    KICK_MEMBERS = 1 << 1
    BAN_MEMBERS = 1 << 2
    ADMINISTRATOR = 1 << 3
    MANAGE_CHANNELS = 1 << 4
    MANAGE_GUILD = 1 << 5
    ADD_REACTIONS = 1 << 6
    VIEW_AUDIT_LOG = 1 << 7
    VIEW_CHANNEL = 1 << 10
    SEND_MESSAGES = 1 << 11
    SEND_TTS_MESSAGES = 1 << 12
    MANAGE_MESSAGES = 1 << 13
    EMBED_LINKS = 1 << 14
    ATTACH_FILES = 1 << 15
    READ_MESSAGE_HISTORY = 1 << 16
    MENTION_EVERYONE = 1 << 17
    USE_EXTERNAL_EMOJIS = 1 << 18
    CONNECT = 1 << 20
    SPEAK = 1 << 21
    CHANGE_NICKNAME = 1 << 26
    MANAGE_NICKNAMES = 1 << 27
    MANAGE_ROLES = 1 << 28
    MANAGE_WEBHOOKS = 1 << 29
    USE_APPLICATION_COMMANDS = 1 << 31
    MANAGE_THREADS = 1 << 34
    CREATE_PUBLIC_THREADS = 1 << 35
    CREATE_PRIVATE_THREADS = 1 << 36
    USE_EXTERNAL_STICKERS = 1 << 37
    SEND_MESSAGES_IN_THREADS = 1 << 38
    MODERATE_MEMBERS = 1 << 40
    SEND_POLLS = 1 << 49
    USE_EXTERNAL_APPS = 1 << 50


ALL_PERMISSIONS = (1 << 51) - 1

# What @everyone gets in a freshly created Discord guild.
DEFAULT_EVERYONE = (
    Perm.CREATE_INSTANT_INVITE
    | Perm.ADD_REACTIONS
    | Perm.VIEW_CHANNEL
    | Perm.SEND_MESSAGES
    | Perm.EMBED_LINKS
    | Perm.ATTACH_FILES
    | Perm.READ_MESSAGE_HISTORY
    | Perm.USE_EXTERNAL_EMOJIS
    | Perm.CONNECT
    | Perm.SPEAK
    | Perm.CHANGE_NICKNAME
    | Perm.USE_APPLICATION_COMMANDS
    | Perm.CREATE_PUBLIC_THREADS
    | Perm.CREATE_PRIVATE_THREADS
    | Perm.USE_EXTERNAL_STICKERS
    | Perm.SEND_MESSAGES_IN_THREADS
    | Perm.SEND_POLLS
    | Perm.USE_EXTERNAL_APPS
)

# What the bot's managed role gets by default: everything a card-game bot asks for in its invite link.
DEFAULT_BOT = (
    Perm.VIEW_CHANNEL
    | Perm.SEND_MESSAGES
    | Perm.SEND_MESSAGES_IN_THREADS
    | Perm.EMBED_LINKS
    | Perm.ATTACH_FILES
    | Perm.READ_MESSAGE_HISTORY
    | Perm.ADD_REACTIONS
    | Perm.USE_EXTERNAL_EMOJIS
    | Perm.CREATE_PUBLIC_THREADS
    | Perm.CREATE_PRIVATE_THREADS
    | Perm.MANAGE_THREADS
    | Perm.MANAGE_MESSAGES
)

# Lost in a channel where SEND_MESSAGES is denied (Discord's implicit denial).
_NEEDS_SEND = Perm.MENTION_EVERYONE | Perm.SEND_TTS_MESSAGES | Perm.ATTACH_FILES | Perm.EMBED_LINKS


def base_permissions(guild: FakeGuild, member: FakeMember) -> int:
    """Guild-level permissions: @everyone plus every role; the owner and administrators get everything."""
    if member.user.id == guild.owner_id:
        return ALL_PERMISSIONS
    perms = guild.everyone.permissions
    for role in member.roles:
        perms |= role.permissions
    if perms & Perm.ADMINISTRATOR:
        return ALL_PERMISSIONS
    return perms


def channel_permissions(guild: FakeGuild, member: FakeMember, channel: FakeChannel) -> int:
    """Permissions of ``member`` in ``channel`` (threads use their parent's overwrites)."""
    base = base_permissions(guild, member)
    if base & Perm.ADMINISTRATOR or base == ALL_PERMISSIONS:
        return ALL_PERMISSIONS
    target = guild.channels[channel.parent_id] if channel.is_thread else channel
    perms = base
    everyone = target.overwrites.get(guild.id)
    if everyone is not None:
        perms = (perms & ~everyone.deny) | everyone.allow
    allow = deny = 0
    role_ids = {role.id for role in member.roles}
    for overwrite in target.overwrites.values():
        if overwrite.type == 0 and overwrite.id in role_ids:
            allow |= overwrite.allow
            deny |= overwrite.deny
    perms = (perms & ~deny) | allow
    own = target.overwrites.get(member.user.id)
    if own is not None and own.type == 1:
        perms = (perms & ~own.deny) | own.allow
    if not perms & Perm.VIEW_CHANNEL:
        return 0
    if not perms & send_permission(channel):
        perms &= ~_NEEDS_SEND
    return perms


def send_permission(channel: FakeChannel) -> Perm:
    """The bit that lets one post in ``channel``: threads use SEND_MESSAGES_IN_THREADS, not SEND_MESSAGES."""
    return Perm.SEND_MESSAGES_IN_THREADS if channel.is_thread else Perm.SEND_MESSAGES
