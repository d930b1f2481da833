"""Scripted users: Discord accounts a test drives like the Discord client (slash commands, buttons, selects,
modals, messages, reactions), and the handle a test awaits to see how the bot answered an interaction.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .commands import build_command_data
from .errors import ScriptError
from .messages import (
    BUTTON,
    LINK_STYLE,
    PREMIUM_STYLE,
    SELECT_TYPES,
    TEXT_INPUT,
    FakeMessage,
    FakeModal,
    parse_emoji,
)
from .perms import Perm, send_permission
from .world import PRIVATE_THREAD, FakeChannel, FakeRole, FakeUser

if TYPE_CHECKING:
    from .server import FakeDiscord

APPLICATION_COMMAND, MESSAGE_COMPONENT, MODAL_SUBMIT = 2, 3, 5


@dataclass(eq=False)
class InteractionHandle:
    """One interaction a scripted user started; await :meth:`response` to see the bot's answer."""

    fake: FakeDiscord
    id: int
    token: str
    type: int  # 2 application command, 3 component, 5 modal submit
    user: FakeUser
    channel: FakeChannel
    data: dict[str, Any]
    source_message: FakeMessage | None = None
    command_name: str | None = None
    delivered_at: float | None = None
    shards: list[int] = field(default_factory=list)
    """The shards whose sessions the interaction was dispatched to."""
    acknowledged_at: float | None = None
    response_type: int | None = None  # 4 message, 5 deferred message, 6 deferred update, 7 update, 9 modal
    original: FakeMessage | None = None
    modal: FakeModal | None = None
    followups: list[FakeMessage] = field(default_factory=list)
    autocomplete_choices: list[dict[str, Any]] = field(default_factory=list)
    late: bool = False

    @property
    def responded(self) -> bool:
        return self.response_type is not None

    @property
    def latency(self) -> float | None:
        """Seconds between delivery to the bot and its initial callback."""
        if self.delivered_at is None or self.acknowledged_at is None:
            return None
        return self.acknowledged_at - self.delivered_at

    def metadata(self) -> dict[str, Any]:
        """``interaction_metadata`` of messages this interaction produced."""
        meta: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "user": self.user.to_payload(),
            "authorizing_integration_owners": {"0": str(self.channel.guild_id or 0)},
        }
        if self.command_name:
            meta["name"] = self.command_name
        if self.original is not None:
            meta["original_response_message_id"] = str(self.original.id)
        if self.source_message is not None:
            meta["interacted_message_id"] = str(self.source_message.id)
        return meta

    async def response(self, timeout: float = 5.0) -> Any:
        """Wait for the bot's initial callback. Returns the message it created or updated (types 4, 5, 6, 7;
        for 5 it is the "thinking" message, see :meth:`message`), the :class:`FakeModal` (9), or the
        autocomplete choices (8). Raises if the callback was rejected as late (10062)."""
        await self.fake.wait_for(lambda: self.responded or self.late, timeout, f"a response to {self!r}")
        if self.late:
            raise ScriptError(f"{self!r} was answered after the {self.fake.interaction_deadline}s deadline")
        if self.response_type == 9:
            return self.modal
        if self.response_type == 8:
            return self.autocomplete_choices
        return self.original

    async def message(self, timeout: float = 5.0) -> FakeMessage:
        """Wait until the original response exists and is no longer "thinking", and return it."""
        await self.fake.wait_for(
            lambda: self.original is not None and not self.original.loading,
            timeout,
            f"the final original response of {self!r}",
        )
        assert self.original is not None
        return self.original

    async def followup(self, index: int = 0, timeout: float = 5.0) -> FakeMessage:
        """Wait for the ``index``-th follow-up message (0 = first) and return it."""
        await self.fake.wait_for(lambda: len(self.followups) > index, timeout, f"follow-up #{index} of {self!r}")
        return self.followups[index]

    async def wait_modal(self, timeout: float = 5.0) -> FakeModal:
        modal = await self.response(timeout)
        if not isinstance(modal, FakeModal):
            raise ScriptError(f"{self!r} was answered with type {self.response_type}, not a modal")
        return modal

    async def wait_rejected(self, timeout: float = 5.0) -> None:
        """Wait until the bot's callback was refused as late (404 10062)."""
        await self.fake.wait_for(lambda: self.late, timeout, f"{self!r} to be answered late")

    def __repr__(self) -> str:
        what = {2: f"/{self.command_name}", 3: "component", 5: "modal submit"}.get(self.type, str(self.type))
        return f"<Interaction {what} by {self.user.name} id={self.id} response={self.response_type}>"


class ScriptedUser(FakeUser):
    """A guild member (or DM partner) a test drives. Made by ``fake.create_user`` / ``guild.add_member``."""

    def __init__(self, id: int, name: str, *, global_name: str | None = None, fake: FakeDiscord) -> None:
        super().__init__(id, name, global_name=global_name)
        self.fake = fake

    # --- checks the Discord client makes -------------------------------------------------------------------
    def _must_see(self, channel: FakeChannel) -> None:
        if channel.is_dm:
            if channel.recipient is not self:
                raise ScriptError(f"{self.name} is not in DM channel {channel.id}")
            return
        perms = channel.permissions_for(self)
        if not perms & Perm.VIEW_CHANNEL:
            raise ScriptError(f"{self.name} cannot see #{channel.name}")
        private = channel.type == PRIVATE_THREAD
        if private and self.id not in channel.thread_members and not perms & Perm.MANAGE_THREADS:
            raise ScriptError(f"{self.name} is not a member of private thread #{channel.name}")

    def _live(self, message: FakeMessage | int) -> FakeMessage:
        message_id = message if isinstance(message, int) else message.id
        msg = self.fake.messages.get(message_id)
        if msg is None or msg.deleted:
            raise ScriptError(f"message {message_id} does not exist (deleted?)")
        if msg.ephemeral_to is not None and msg.ephemeral_to != self.id:
            raise ScriptError(f"message {message_id} is ephemeral for someone else")
        if msg.ephemeral_to is None:
            self._must_see(self.fake.channels[msg.channel_id])
        return msg

    # --- messages ------------------------------------------------------------------------------------------
    async def say(
        self,
        channel: FakeChannel,
        content: str,
        *,
        reply_to: FakeMessage | None = None,
        embeds: list[dict[str, Any]] | None = None,
        snowflake: int | None = None,
        created_at: Any = None,
        deliver: bool = True,
    ) -> FakeMessage:
        """Post a message. ``snowflake`` / ``created_at`` give it an explicit (e.g. earlier) id; with
        ``deliver=False`` it is stored but not dispatched until ``await fake.deliver(msg)``."""
        self._must_see(channel)
        if channel.is_dm and self.dms_closed:
            raise ScriptError(f"{self.name} has DMs closed")
        if not channel.is_dm:
            perms = channel.permissions_for(self)
            if not perms & send_permission(channel):
                raise ScriptError(f"{self.name} cannot send messages in #{channel.name}")
            if channel.is_thread and channel.locked and not perms & Perm.MANAGE_THREADS:
                raise ScriptError(f"thread #{channel.name} is locked")
            if channel.is_thread:
                channel.thread_members.add(self.id)
        if snowflake is None and created_at is not None:
            snowflake = self.fake.snowflakes.at(created_at)
        reference = None
        if reply_to is not None:
            reference = {"message_id": str(reply_to.id), "channel_id": str(reply_to.channel_id)}
            if reply_to.guild_id:
                reference["guild_id"] = str(reply_to.guild_id)
        return await self.fake.create_message(
            channel,
            self,
            content=content,
            embeds=embeds,
            type_=19 if reply_to else 0,
            message_reference=reference,
            snowflake=snowflake,
            deliver=deliver,
        )

    async def dm(self, content: str, **kwargs: Any) -> FakeMessage:
        """Send the bot a direct message."""
        return await self.say(self.fake.dm_channel(self), content, **kwargs)

    async def react(self, message: FakeMessage, emoji: str) -> None:
        """Add a reaction (``"👍"`` or ``"<:name:id>"``); dispatches MESSAGE_REACTION_ADD."""
        msg = self._live(message)
        key, payload = parse_emoji(emoji)
        await self.fake.add_reaction(msg, self, key, payload)

    async def unreact(self, message: FakeMessage, emoji: str) -> None:
        msg = self._live(message)
        key, payload = parse_emoji(emoji)
        await self.fake.remove_reaction(msg, self, key, payload)

    # --- interactions --------------------------------------------------------------------------------------
    async def slash(self, channel: FakeChannel, command: str, /, **options: Any) -> InteractionHandle:
        """Invoke ``/command`` (``"game start"`` for subcommands) with options named as the synced definition.

        Values: str/int/float/bool, a choice's value or display name, a FakeUser / FakeRole / FakeChannel for
        user/role/channel options, ``(filename, bytes)`` for attachments. ``None`` omits an option.
        """
        self._must_see(channel)
        name, *path = command.split()
        definition = self.fake.find_command(name, channel.guild)
        data = build_command_data(self.fake, definition, path, options, self, channel)
        handle = self.fake.new_interaction(self, channel, APPLICATION_COMMAND, data, command_name=command)
        await self.fake.deliver_interaction(handle)
        return handle

    def _component_channel(self, msg: FakeMessage) -> FakeChannel:
        return self.fake.channels[msg.channel_id]

    async def click(
        self, message: FakeMessage | int, label: str | None = None, *, custom_id: str | None = None
    ) -> InteractionHandle:
        """Click the button with this label (or emoji, or ``custom_id``) on the message's current state."""
        if label is None and custom_id is None:
            raise TypeError("click() needs a label or a custom_id")
        msg = self._live(message)
        try:
            button = msg.button(label, custom_id=custom_id)
        except LookupError as exc:
            raise ScriptError(str(exc)) from None
        if button.get("disabled"):
            raise ScriptError(f"button {label or custom_id!r} on message {msg.id} is disabled")
        if button.get("style") in (LINK_STYLE, PREMIUM_STYLE):
            raise ScriptError(f"button {label or custom_id!r} is a link/premium button: it sends no interaction")
        data: dict[str, Any] = {"custom_id": button["custom_id"], "component_type": BUTTON}
        if "id" in button:
            data["id"] = button["id"]
        handle = self.fake.new_interaction(self, self._component_channel(msg), MESSAGE_COMPONENT, data, message=msg)
        await self.fake.deliver_interaction(handle)
        return handle

    async def select(self, message: FakeMessage | int, *choices: Any, menu: str | None = None) -> InteractionHandle:
        """Choose options of a select menu by label (or value). ``menu`` picks the select by placeholder or
        custom_id when the message has several. User/role/channel selects take FakeUser / FakeRole /
        FakeChannel values."""
        msg = self._live(message)
        try:
            component = msg.select_menu(menu)
        except LookupError as exc:
            raise ScriptError(str(exc)) from None
        if component.get("disabled"):
            raise ScriptError(f"select {menu or component.get('custom_id')!r} is disabled")
        values, resolved = self._select_values(component, choices)
        channel = self._component_channel(msg)
        data: dict[str, Any] = {
            "custom_id": component["custom_id"],
            "component_type": component["type"],
            "values": values,
        }
        if resolved:
            data["resolved"] = resolved
        handle = self.fake.new_interaction(self, channel, MESSAGE_COMPONENT, data, message=msg)
        await self.fake.deliver_interaction(handle)
        return handle

    def _select_values(
        self, component: dict[str, Any], choices: tuple[Any, ...]
    ) -> tuple[list[str], dict[str, dict[str, Any]]]:
        low, high = component.get("min_values", 1), component.get("max_values", 1)
        if not low <= len(choices) <= high:
            raise ScriptError(f"select {component.get('custom_id')!r} takes {low}..{high} values, got {len(choices)}")
        resolved: dict[str, dict[str, Any]] = {}
        if component["type"] == 3:
            options = component.get("options", [])
            values = []
            for choice in choices:
                option = next((o for o in options if choice in (o.get("label"), o.get("value"))), None)
                if option is None:
                    raise ScriptError(f"select has no option {choice!r}; options: {[o['label'] for o in options]}")
                values.append(option["value"])
            return values, resolved
        values = []
        for choice in choices:
            if isinstance(choice, FakeUser):
                resolved.setdefault("users", {})[str(choice.id)] = choice.to_payload()
            elif isinstance(choice, FakeRole):
                resolved.setdefault("roles", {})[str(choice.id)] = choice.to_payload()
            elif isinstance(choice, FakeChannel):
                resolved.setdefault("channels", {})[str(choice.id)] = choice.to_payload(
                    permissions=choice.permissions_for(self)
                )
            else:
                raise ScriptError(f"select type {component['type']} needs users, roles or channels, got {choice!r}")
            values.append(str(choice.id))
        return values, resolved

    async def submit_modal(
        self, modal: InteractionHandle | FakeModal, values: dict[str, Any], timeout: float = 5.0
    ) -> InteractionHandle:
        """Fill a modal (fields by label or custom_id; a select field takes a label or a list) and submit."""
        if isinstance(modal, InteractionHandle):
            origin = modal
            modal = await modal.wait_modal(timeout)
        else:
            origin = self.fake.interactions[modal.interaction_id]
        if modal.user_id != self.id:
            raise ScriptError(f"the modal {modal.title!r} was shown to someone else")
        if modal.submitted:
            raise ScriptError(f"the modal {modal.title!r} was already submitted")
        remaining = dict(values)
        rows: list[dict[str, Any]] = []
        for top in modal.components:
            inner = top["component"] if top.get("type") == 18 else (top.get("components") or [{}])[0]
            label = top.get("label") if top.get("type") == 18 else inner.get("label")
            key = next((k for k in (inner.get("custom_id"), label) if k in remaining), None)
            value = remaining.pop(key) if key is not None else None
            answer = self._modal_answer(modal, inner, label, value)
            rows.append(
                {"type": 18, "component": answer} if top.get("type") == 18 else {"type": 1, "components": [answer]}
            )
        if remaining:
            raise ScriptError(f"modal {modal.title!r} has no fields {list(remaining)}; fields: {modal.field_labels()}")
        modal.submitted = True
        data = {"custom_id": modal.custom_id, "components": rows}
        handle = self.fake.new_interaction(self, origin.channel, MODAL_SUBMIT, data, message=origin.source_message)
        await self.fake.deliver_interaction(handle)
        return handle

    def _modal_answer(self, modal: FakeModal, inner: dict[str, Any], label: str | None, value: Any) -> dict[str, Any]:
        kind = inner.get("type")
        if kind == TEXT_INPUT:
            text = inner.get("value", "") if value is None else str(value)
            if inner.get("required", True) and not text:
                raise ScriptError(f"modal {modal.title!r}: field {label!r} is required")
            if text and not inner.get("min_length", 0) <= len(text) <= inner.get("max_length", 4000):
                raise ScriptError(f"modal {modal.title!r}: field {label!r} length {len(text)} out of range")
            return {"type": TEXT_INPUT, "custom_id": inner["custom_id"], "value": text}
        if kind in SELECT_TYPES:
            chosen = [] if value is None else value if isinstance(value, (list, tuple)) else [value]
            values, _ = self._select_values(inner, tuple(chosen))
            return {"type": kind, "custom_id": inner["custom_id"], "values": values}
        raise ScriptError(f"modal field type {kind} is not supported by fakediscord")

    # --- reading -------------------------------------------------------------------------------------------
    def dms(self) -> list[FakeMessage]:
        """Messages the bot sent this user by DM (current state, in order)."""
        channel = self.fake.dm_channels.get(self.id)
        if channel is None:
            return []
        return [m for m in self.fake.channel_messages(channel) if m.author is self.fake.bot_user]

    def ephemerals(self) -> list[FakeMessage]:
        """Ephemeral messages shown only to this user (current state, in order)."""
        return sorted(
            (m for m in self.fake.messages.values() if m.ephemeral_to == self.id and not m.deleted),
            key=lambda m: m.id,
        )

    async def wait_dm(self, predicate: Any = None, timeout: float = 5.0) -> FakeMessage:
        """Wait for a DM from the bot (the first matching ``predicate(message)``, else the first one)."""

        def find() -> FakeMessage | None:
            return next((m for m in self.dms() if predicate is None or predicate(m)), None)

        return await self.fake.wait_for(find, timeout, f"a DM to {self.name}")
