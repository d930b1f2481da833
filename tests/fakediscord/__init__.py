"""fakediscord: a protocol-level fake Discord for testing the bot with the real, unmodified discord.py.

The bot connects over HTTP and WebSocket to 127.0.0.1 (ephemeral port, same event loop as the test), so every
slash command, button, select, modal, DM, thread and message edit goes through discord.py's own code paths,
including its rate-limit retries, heartbeats and RESUME. Pinned by tests/test_fake_contract.py to
discord.py 2.7.

Build a world::

    fake = FakeDiscord(message_content_allowed=True)   # also interaction_deadline=3.0, token=, bot_name=
    guild = fake.create_guild("Test Guild")            # @everyone (id == guild id) + the bot's own role
    games = guild.create_text_channel("games")
    mods = guild.create_role("mods", Perm.MANAGE_MESSAGES)
    alice = guild.add_member("alice")                  # a ScriptedUser
    bob = guild.add_member("bob", roles=[mods])
    games.deny_bot(Perm.CREATE_PUBLIC_THREADS)         # or games.deny(role_or_user_or_guild, perms)
    guild.set_bot_permissions(DEFAULT_BOT & ~Perm.EMBED_LINKS)

Start a bot (a fresh fake per test)::

    async with FakeDiscord() as fake:
        ... build the world ...
        bot = commands.Bot(command_prefix="!", intents=discord.Intents.default(), **bot_options())
        async with run_bot(fake, bot) as run:          # redirects discord.py, waits for ready
            ...                                       # on exit: bot closed, no discord.py errors, fake clean

``fake.redirect()`` alone is a context manager that sets ``discord.http.Route.BASE`` and
``DiscordWebSocket.DEFAULT_GATEWAY`` (and restores them); ``prepare_bot(bot)`` removes the 5 s sleep
before a re-IDENTIFY.

Script users (each returns after the event went out on the gateway)::

    handle = await alice.slash(games, "play", game="anarchy", thread=False)   # "group sub" for subcommands
    msg = await handle.response()             # message created/updated (types 4,5,6,7) or a FakeModal (9)
    msg = await handle.message()              # waits until a deferred "thinking" response is filled in
    extra = await handle.followup(0)
    h2 = await bob.click(msg, "Join")   # by label/emoji (or custom_id=...); errors if absent or disabled
    h3 = await bob.select(msg, "7♣", menu="Pick a card")   # option labels; menu = placeholder or custom_id
    h4 = await alice.submit_modal(handle, {"Your bid": "3"})           # fields by label or custom_id
    said = await alice.say(games, "hello", created_at=earlier, deliver=False); await fake.deliver(said)
    await alice.dm("hi"); await alice.react(msg, "👍")

Seed what existed before the bot started (e.g. a persistent view from an earlier life)::

    await fake.create_message(games, fake.bot_user, content="table 7", components=[row], deliver=False)

Read state (messages are live: edits applied in place, ``deleted`` set on delete)::

    fake.channel_messages(games)     # current, in id order; ephemeral and system messages left out
    alice.dms(); alice.ephemerals(); fake.threads(games); fake.get_message(id)
    msg.content, msg.embeds, msg.components, msg.flags, msg.ephemeral, msg.button_labels(),
    msg.button("Join"), msg.select_options(), msg.embed("Title"), msg.text(), msg.versions (old states)

Wait (polling with a timeout, never fixed sleeps; fails at once if the bot task died)::

    await fake.wait_for(lambda: len(fake.channel_messages(games)) == 2, timeout=5)

Inject faults::

    fake.inject("PATCH", "/channels/{channel_id}/messages/{message_id}", status=429, retry_after=0.2)
    fake.inject("POST", "/interactions/*/callback", status=502)     # globs match the concrete path
    fake.close_dms(alice)                    # POST to her DM channel -> 403 code 50007
    fake.interaction_deadline = 0.5; fake.advance_clock(4)       # late callbacks -> 404 code 10062,
    fake.late_interactions                                        # ...recorded here
    await fake.drop_gateway(4000, hold=True); ...; fake.release_gateway()   # events replayed on RESUME
    await fake.send_reconnect()              # op 7
    await fake.invalidate_session()          # op 9, the bot re-IDENTIFYs
    fake.close_next_identify(4004)           # or 4014; a wrong token gets 401 at login (LoginFailure)

Shards (as Discord routes them): ``FakeDiscord(recommended_shards=2)`` is what GET /gateway/bot recommends;
``fake.create_guild("Two", shard=(1, 2))`` makes a guild shard 1 of 2 hears (``(guild_id >> 22) % 2 == 1``). A
session IDENTIFYing with ``shard: [id, count]`` gets READY and GUILD_CREATEs for its shard's guilds only, and
then only their events; direct messages and their interactions go to shard 0. Several sessions (one per shard,
from one bot or several processes) are live at once: ``fake.gateway.live`` (shard id -> session),
``fake.gateway.connection_of(1)``, ``fake.gateway.hearing(guild_id)``; ``handle.shards`` says which shards an
interaction went to.

Gateway statistics: ``fake.gateway.identifies``, ``.resumes``, ``.failed_resumes``, ``.close_codes``,
``.session.log`` (every dispatch with its seq). What discord.py receives follows Discord's rules: no
message content without the Message Content intent (except DMs, mentions, own messages), no MESSAGE_CREATE
from channels the bot cannot view, 403 50013 when the bot lacks a permission, 400 50035 for bodies over
Discord's limits (content, embeds, components, modals, commands).

Discord's contract (``contract.py``): every request body is validated against Discord's own OpenAPI description
(vendored in ``discord_api_spec/``); a body that breaks it is answered 400 50035 and fails the test at teardown
(``fake.contract_violations`` lists them; ``fake.expect_invalid_bodies()`` for a test that sends them on purpose).

Count REST calls::

    mark = fake.mark(); await bob.click(msg, "Join"); ...
    fake.calls_since(mark)
    # Counter({"POST /interactions/{interaction_id}/{interaction_token}/callback": 1})
    fake.calls, fake.call_log, fake.reset_calls(), fake.unimplemented (501s), fake.assert_clean()
"""

from .errors import ApiError, ScriptError
from .gateway import Intents
from .harness import BotRun, bot_options, prepare_bot, run_bot
from .messages import EPHEMERAL, IS_COMPONENTS_V2, LOADING, FakeMessage, FakeModal
from .perms import ALL_PERMISSIONS, DEFAULT_BOT, DEFAULT_EVERYONE, Perm
from .rest import CallRecord, Fault
from .server import FakeDiscord, counts_against_global_limit
from .snowflake import SnowflakeGenerator, snowflake_time
from .users import InteractionHandle, ScriptedUser
from .world import FakeChannel, FakeGuild, FakeMember, FakeRole, FakeUser

__all__ = [
    "ALL_PERMISSIONS",
    "DEFAULT_BOT",
    "DEFAULT_EVERYONE",
    "EPHEMERAL",
    "IS_COMPONENTS_V2",
    "LOADING",
    "ApiError",
    "BotRun",
    "CallRecord",
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeMember",
    "FakeMessage",
    "FakeModal",
    "FakeRole",
    "FakeUser",
    "Fault",
    "Intents",
    "InteractionHandle",
    "Perm",
    "ScriptError",
    "ScriptedUser",
    "SnowflakeGenerator",
    "bot_options",
    "counts_against_global_limit",
    "prepare_bot",
    "run_bot",
    "snowflake_time",
]
