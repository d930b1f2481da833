"""Anachronism through Discord: a whole game against a computer played from My force and the board's menus, with
the arena picture attached to the board; an after-roll re-roll offered to the player it belongs to and refused to
the other; a restart in the middle of a turn; stale, out-of-turn and forged clicks; and neither player ever seeing
the other's warrior before it is placed, nor a support before it is turned face up."""

from __future__ import annotations

import json
import re

from anthology_driver import Anthology, expected_standings
from fakediscord import FakeMessage, ScriptedUser
from support import stored_log, stored_result
from test_refusals import forged_pick

from bot.discord_ui.board_messages import PICTURE_NAME
from bot.discord_ui.wording import counted
from bot.games.anachronism.abilities import opposing, toward
from bot.games.anachronism.arena import FACING_NAMES, FACINGS, grid_spaces, on_arena, space_name, step
from bot.games.anachronism.events import AnachronismEnd
from bot.matches import MatchStatus
from bot.matches.host import decode_state

GAME = "anachronism"
QUICK_PLAY, CUSTOM = "Quick play: choose a warrior", "Custom force: choose a warrior"
MY_FORCE, KEEP = "My force", "Keep this order"
PLACE, MOVE, ATTACK, TURN, DISCARD, FREE_MOVE, FREE_ATTACK = (
    "Place your warrior…",
    "Move one space…",
    "Attack…",
    "Turn to face…",
    "Too many cards: discard which?",
    "Move one space (free)…",
    "Attack (free) with…",
)
END_TURN, DECLINE, NONE_OF_THEM, STOP = "End turn", "Decline", "Use none of them", "Stop here"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
KAITO, STILL_WATER, SECOND_BREATH = "Kaito of the Ninth Bridge", "The Still Water Way", "Use Second Breath"
"""Kaito's pack holds The Still Water Way: once each round, after both rolls of an attack, re-roll your lower die."""


class Arena:
    """A started table of Anachronism, read through the bot's own host, played through My force and the board."""

    def __init__(self, anthology: Anthology, board: FakeMessage, match_id: int) -> None:
        self.anthology = anthology
        self.board = board
        self.match_id = match_id
        self.rules = anthology.bot.games[GAME].rules
        self.pool = self.rules.pool

    async def state(self):
        return decode_state(self.rules, (await self.anthology.bot.host.load(self.match_id)).match)

    async def people(self) -> dict[int, ScriptedUser]:
        """Seat -> the person in it (computer seats left out)."""
        match = await self.anthology.bot.host.get(self.match_id)
        by_id = {user.id: user for user in self.anthology.users.values()}
        return {player.seat: by_id[player.user_id] for player in match.players if player.user_id in by_id}

    async def to_act(self) -> ScriptedUser | None:
        """The person the game waits on, or None while a computer is to act (or the game is over)."""
        state = await self.state()
        actors = self.rules.actors(state)
        return None if not actors else (await self.people()).get(min(actors))

    def menus(self, message: FakeMessage | None = None) -> dict[str, list[str]]:
        message = message or self.board
        return {menu.get("placeholder"): [option["label"] for option in menu["options"]] for menu in message.selects()}

    async def pick(self, player: ScriptedUser, menu: str, label: str, message: FakeMessage | None = None):
        reply = await (await player.select(message or self.board, label, menu=menu)).response()
        await self.anthology.settled()
        return reply

    async def press(self, player: ScriptedUser, label: str, message: FakeMessage | None = None):
        reply = await (await player.click(message or self.board, label)).response()
        await self.anthology.settled()
        return reply

    async def choose_force(self, player: ScriptedUser, warrior: str) -> FakeMessage:
        """Quick play from My force: the warrior, and its pack with it."""
        panel = await (await player.click(self.board, MY_FORCE)).response()
        assert panel.ephemeral and panel.embeds[0]["title"] == "Your force"
        label = next(label for label in panel.select_options(QUICK_PLAY) if label.startswith(warrior))
        panel = await self.pick(player, QUICK_PLAY, label, panel)
        assert not panel.selects() and KEEP not in panel.button_labels(), "the force is chosen"
        assert "Once the warriors are placed, you lay its supports down in order." in panel.text()
        return panel

    async def lay_supports(self, player: ScriptedUser, lay: tuple[str, ...] = ()) -> FakeMessage:
        """Once the warriors are placed, from My force: `lay` laid down first in that order, then Keep this
        order."""
        panel = await (await player.click(self.board, MY_FORCE)).response()
        for support in lay:
            panel = await self.pick(player, "Lay down next", f"Next: {support}", panel)
        if KEEP in panel.button_labels():
            panel = await self.press(player, KEEP, panel)
        assert not panel.selects() and KEEP not in panel.button_labels(), "the supports are laid down"
        return panel

    async def seat_of(self, player: ScriptedUser) -> int:
        return next(seat for seat, person in (await self.people()).items() if person is player)

    async def tournament_choice(self, player: ScriptedUser) -> None:
        """In a tournament game, from My force: the first warrior of the stack left, or the first four supports
        of the stack left, kept in that order."""
        panel = await (await player.click(self.board, MY_FORCE)).response()
        if WARRIOR_FOR_GAME in self.menus(panel):
            await self.pick(player, WARRIOR_FOR_GAME, panel.select_options(WARRIOR_FOR_GAME)[0], panel)
            return
        while STACK_SUPPORT in self.menus(panel):
            panel = await self.pick(player, STACK_SUPPORT, panel.select_options(STACK_SUPPORT)[0], panel)
        if KEEP in panel.button_labels():
            await self.press(player, KEEP, panel)

    def card_name(self, card: str) -> str:
        return self.pool.warrior(card).name if card.startswith("wr-") else self.pool.support(card).name

    def everything_seen_by(self, user: ScriptedUser) -> str:
        """Every message a player can see, each as it is and as it was: the channel, their DMs and their private
        replies (the text of their content and embeds, and the board's menus)."""
        channel = self.anthology.fake.channel_messages(self.anthology.channel)
        seen = []
        for message in (*channel, *user.dms(), *user.ephemerals()):
            for shown in (message.snapshot(), *message.versions):
                seen.append(shown["content"] + json.dumps(shown["embeds"], ensure_ascii=False))
                if message in channel:
                    seen.append(json.dumps(shown["components"], ensure_ascii=False))
        return "\n".join(seen)

    async def assert_secrets_kept(self) -> None:
        """No person sees a card of the other force that is still secret from them (rules.hidden_from)."""
        state = await self.state()
        for seat, person in (await self.people()).items():
            secret = {self.card_name(card) for card in self.rules.hidden_from(state, seat)}
            seen = self.everything_seen_by(person)
            leaked = sorted(name for name in secret if name in seen)
            assert not leaked, f"{person.name} saw the other player's secret cards: {leaked}"

    def nearest_opposing(self, state, seat: int) -> int:
        me = state.fighters[seat].space
        return min(
            opposing(state, seat),
            key=lambda other: abs(state.fighters[other].space[0] - me[0]) + abs(state.fighters[other].space[1] - me[1]),
        )

    def move_toward(self, state, seat: int) -> str | None:
        """The offered move that best brings the nearest opposing warrior into this warrior's attack grid, if any
        closes in."""
        me, other = state.fighters[seat], state.fighters[self.nearest_opposing(state, seat)]
        grid = self.pool.warrior(me.warrior).grid

        def distance(space) -> int:
            return abs(space[0] - other.space[0]) + abs(space[1] - other.space[1])

        best = None
        for direction in FACINGS:
            there = step(me.space, direction)
            if not on_arena(there):
                continue
            for facing in FACINGS:
                label = f"Move {FACING_NAMES[direction]} to {space_name(there)}, then face {FACING_NAMES[facing]}"
                if label not in self.menus().get(MOVE, ()) or distance(there) >= distance(me.space):
                    continue
                score = (other.space not in grid_spaces(there, facing, grid), distance(there))
                if best is None or score < best[0]:
                    best = (score, label)
        return best[1] if best else None

    def turn_toward(self, state, seat: int) -> str | None:
        """The offered turn that puts the nearest opposing warrior in front, if it is not already."""
        label = f"Face {FACING_NAMES[toward(state, seat, self.nearest_opposing(state, seat))]}"
        return label if label in self.menus().get(TURN, ()) else None

    async def play_one(self, player: ScriptedUser, *, use_abilities: bool = False) -> None:
        """One action from the board, as a person would: place, answer a question, attack when offered, move
        toward the other warrior, turn to face it, else end the turn."""
        state = await self.state()
        seat = next(seat for seat, person in (await self.people()).items() if person is player)
        menus, buttons = self.menus(), self.board.button_labels()
        if state.phase == "supports":
            await self.lay_supports(player)
        elif PLACE in menus:
            await self.pick(player, PLACE, menus[PLACE][1 % len(menus[PLACE])])
        elif DISCARD in menus:
            await self.pick(player, DISCARD, menus[DISCARD][0])
        elif (no := next((label for label in buttons if label in (DECLINE, NONE_OF_THEM)), None)) is not None:
            use = next(label for label in buttons if label.startswith("Use ") and label != NONE_OF_THEM)
            await self.press(player, use if use_abilities else no)
        elif STOP in buttons:
            await self.press(player, STOP)
        elif FREE_ATTACK in menus:
            await self.pick(player, FREE_ATTACK, menus[FREE_ATTACK][0])
        elif ATTACK in menus:
            await self.pick(player, ATTACK, menus[ATTACK][0])
        elif (move := self.move_toward(state, seat)) is not None:
            await self.pick(player, MOVE, move)
        elif (turn := self.turn_toward(state, seat)) is not None:
            await self.pick(player, TURN, turn)
        else:
            await self.press(player, END_TURN)

    def picture_checked(self) -> bytes:
        """The board carries one attached PNG, the arena, and its embed shows it."""
        assert [attachment["filename"] for attachment in self.board.attachments] == [PICTURE_NAME]
        assert self.board.embeds[0]["image"]["url"] == f"attachment://{PICTURE_NAME}"
        picture = self.board.files[PICTURE_NAME]
        assert picture.startswith(PNG_SIGNATURE)
        return picture

    def field(self, name: str) -> str:
        return next(field["value"] for field in self.board.embeds[0]["fields"] if field["name"].startswith(name))

    def latest(self) -> list[str]:
        """The board's "Latest" lines, oldest first (none before anything happened)."""
        fields = self.board.embeds[0]["fields"]
        return next((field["value"].split("\n") for field in fields if field["name"] == "Latest"), [])


async def started_arena(anthology: Anthology, *players: ScriptedUser, options: str = "") -> Arena:
    board = await anthology.started_game(*players, options=options, game=GAME)
    return Arena(anthology, board, (await anthology.match_here()).id)


async def placed_arena(anthology: Anthology, forces: dict[str, tuple[str, tuple[str, ...]]]) -> Arena:
    """Alice and Bob choose their forces (name -> warrior and supports laid first), place their warriors and lay
    their supports down."""
    alice, bob = anthology.alice, anthology.bob
    arena = await started_arena(anthology, alice, bob)
    for player in (alice, bob):
        await arena.choose_force(player, forces[player.name][0])
        await arena.assert_secrets_kept()
    while (await arena.state()).phase == "placing":
        player = await arena.to_act()
        await arena.pick(player, PLACE, arena.menus()[PLACE][1])
        await arena.assert_secrets_kept()
    for player in (alice, bob):
        await arena.lay_supports(player, forces[player.name][1])
        await arena.assert_secrets_kept()
    assert (await arena.state()).phase == "playing"
    return arena


async def test_the_boards_latest_lines_tell_each_move_and_each_roll_with_its_dice_and_both_players(anthology):
    arena = await placed_arena(anthology, FORCES)
    latest = "\n".join(arena.latest())
    assert re.search(r"^alice placed .+ on [A-D]1, facing north\.$", latest, re.MULTILINE), latest
    assert re.search(r"^bob is ready \(what they chose stays secret until it is revealed\)\.$", latest, re.MULTILINE)
    roll = r"🎲 \d\+\d( [+-]\d+)? = \d+"
    moved = rolled = None
    for _ in range(40):
        player = await arena.to_act()
        await arena.play_one(player)
        for line in arena.latest():
            moved = moved or re.fullmatch(r"(alice|bob) moved to [A-D][1-4] and faces (north|east|south|west)\.", line)
            rolled = rolled or re.fullmatch(rf"(alice|bob) attacked (alice|bob) with .+: {roll} vs {roll}, .+", line)
        if moved and rolled:
            break
    assert moved and rolled, arena.latest()
    assert rolled.group(1) != rolled.group(2), "the defender is named"


async def test_a_whole_game_against_a_computer_from_my_force_and_the_boards_menus(anthology):
    alice = anthology.alice
    anthology.next_seed = 10  # a game the computer wins in the second round, the person ending a turn early
    arena = await started_arena(anthology, alice, options="computer_players=1")
    assert (await arena.state()).computer_seats == (1,)
    assert arena.board.button_labels() == [MY_FORCE] and not arena.board.attachments, "no picture while choosing"
    assert "has started" in alice.dms()[0].content

    await arena.choose_force(alice, KAITO)
    while (await arena.state()).phase != "supports":
        player = await arena.to_act()
        if player is None:
            await anthology.run_timers(5)
        else:
            await arena.play_one(player)
    panel = await arena.lay_supports(alice, lay=(STILL_WATER, "Laced Plate Sleeves"))
    force = (await arena.state()).fighters[0]
    assert force.ready and force.supports[:2] == ("sp-04", "sp-20")
    order = next(field["value"] for field in panel.embeds[0]["fields"] if field["name"].startswith("Supports"))
    assert order.index(STILL_WATER) < order.index("Laced Plate Sleeves") < order.index("Curved Longsword")

    pictures = set()
    for _ in range(300):
        state = await arena.state()
        if state.result is not None:
            break
        await arena.assert_secrets_kept()
        if state.phase != "forces":
            pictures.add(arena.picture_checked())
        player = await arena.to_act()
        if player is None:
            await anthology.run_timers(5)
        else:
            await arena.play_one(player, use_abilities=state.round % 2 == 1)
    else:
        raise AssertionError("the game did not end")

    finished = await anthology.bot.host.get(arena.match_id)
    assert finished.status is MatchStatus.FINISHED
    result = stored_result(anthology.settings.database_path, arena.match_id)
    assert result is not None
    winners = () if state.result is AnachronismEnd.DRAW else state.placings[0]
    assert result.winners == tuple(sorted(finished.at_seat(seat).user_id for seat in winners))
    final = anthology.said_last()
    assert final.content == arena.field("Game over")
    if winners == (0,):
        assert final.content.startswith(f"🏆 <@{alice.id}> won")
    elif winners == (1,):
        assert final.content.startswith("🏆 🤖 Bot") and f"<@{alice.id}>" not in final.content
    assert "The fight is over." in arena.board.embeds[0]["description"] and not arena.board.selects()
    assert KAITO in arena.board.text() and arena.field("Latest")
    pictures.add(arena.picture_checked())
    assert len(pictures) > 5, "each edit of the board attaches the arena as it is now, in place of the last"
    # The board's summary, under the picture: each warrior's Life and Experience, or its fall, and the ratings.
    fighters = (await anthology.bot.host.load(arena.match_id)).public_view.fighters

    def warrior_ended(seat: int) -> str:
        fighter = fighters[seat]
        name = arena.card_name(fighter.warrior)
        return f"{name} fell" if fighter.life <= 0 else f"{name}: ❤️ Life {fighter.life} · ⭐ Exp {fighter.experience}"

    lines, changes = await anthology.final_standings(arena.match_id)
    assert lines == expected_standings(finished, arena.rules.outcome(state), changes, warrior_ended)
    assert all(changes[finished.at_seat(seat).user_id].change > 0 for seat in winners)
    log = stored_log(anthology.settings.database_path, arena.match_id)
    assert any(entry.seat == 1 for entry in log), "the computer played"
    assert any(entry.seat == 0 and entry.action.startswith("attack ") for entry in log), "the person attacked"


FORCES = {"alice": (KAITO, (STILL_WATER,)), "bob": ("Ulzii the Far Rider", ())}


async def test_an_after_roll_ability_is_offered_on_the_board_to_its_owner_only(anthology):
    alice, bob = anthology.alice, anthology.bob
    arena = await placed_arena(anthology, FORCES)
    assert (await arena.state()).fighters[0].face_up == ("sp-04",), "The Still Water Way is up in round 1"
    for _ in range(20):
        if (await arena.state()).offers:
            break
        await arena.play_one(await arena.to_act())
        await arena.assert_secrets_kept()
    else:
        raise AssertionError("nobody attacked in the first round")

    state = await arena.state()
    assert state.offers[0].seat == 0 and state.attack is not None
    assert await arena.to_act() is alice
    assert arena.board.button_labels() == [SECOND_BREATH, DECLINE, MY_FORCE] and not arena.board.selects()
    assert f"Waiting for <@{alice.id}> to decide whether to use an ability." in arena.board.embeds[0]["description"]
    asked = await (await alice.click(arena.board, MY_FORCE)).response()
    assert SECOND_BREATH in asked.button_labels() and DECLINE in asked.button_labels()
    other = await (await bob.click(arena.board, MY_FORCE)).response()
    assert other.ephemeral and not other.button_labels()

    refused = await arena.press(bob, SECOND_BREATH)
    assert refused.ephemeral and "not your turn" in refused.content
    refused = await arena.press(bob, DECLINE)
    assert refused.ephemeral and "not your turn" in refused.content
    assert await arena.state() == state

    latest_before = arena.latest()
    await arena.press(alice, SECOND_BREATH)
    after = await arena.state()
    assert after.attack is None and not after.offers and "sp-04:0:round" in after.fighters[0].uses
    log = stored_log(anthology.settings.database_path, arena.match_id)
    assert log[-1].seat == 0 and log[-1].action == "use sp-04 0"
    counted = [line for line in arena.latest() if line not in latest_before and " attacked " in line]
    assert counted and counted[0].count("🎲") == 2, "the attack counted once the question was answered"
    assert SECOND_BREATH not in arena.board.button_labels()
    await arena.assert_secrets_kept()


async def test_a_restart_in_the_middle_of_a_turn_keeps_the_turn_and_the_boards_menus(anthology):
    arena = await placed_arena(anthology, FORCES)
    player = await arena.to_act()
    state = await arena.state()
    seat = state.active
    await arena.pick(player, MOVE, arena.move_toward(state, seat))
    before = await arena.state()
    assert before.active == seat and arena.rules.actions_left(before) == arena.rules.actions_left(state) - 1
    menus = arena.menus()

    await anthology.restart()
    assert await arena.state() == before
    assert arena.menus() == menus
    assert f"{counted(arena.rules.actions_left(before), 'action')} left." in arena.board.embeds[0]["description"]

    # The board posted before the restart still works: its menu moves the warrior and spends an action.
    reply = await arena.pick(player, TURN, arena.menus()[TURN][0])
    assert not reply.ephemeral, reply.content
    after = await arena.state()
    assert after.active == seat and arena.rules.actions_left(after) == arena.rules.actions_left(before) - 1
    assert after.fighters[seat].facing != before.fighters[seat].facing
    assert f"{counted(arena.rules.actions_left(after), 'action')} left." in arena.board.embeds[0]["description"]
    await arena.press(player, END_TURN)
    assert (await arena.state()).active == 1 - seat


async def test_stale_out_of_turn_and_forged_clicks_are_refused_and_no_force_is_seen_before_its_time(anthology):
    alice, bob = anthology.alice, anthology.bob
    arena = await started_arena(anthology, alice, bob)
    await arena.choose_force(alice, KAITO)
    await arena.assert_secrets_kept()
    assert KAITO not in arena.everything_seen_by(bob) and KAITO in arena.everything_seen_by(alice)
    assert f"<@{alice.id}>: ready ✅" in arena.board.embeds[0]["description"]
    await arena.choose_force(bob, FORCES["bob"][0])
    await arena.assert_secrets_kept()

    # Placing: the player who places second may not use the menu yet, and what is placed first is seen by both.
    placer = await arena.to_act()
    waiting = bob if placer is alice else alice
    assert f"<@{placer.id}> places a warrior" in arena.board.embeds[0]["description"]
    refused = await arena.pick(waiting, PLACE, arena.menus()[PLACE][0])
    assert refused.ephemeral and "not your turn" in refused.content
    await arena.pick(placer, PLACE, arena.menus()[PLACE][1])
    await arena.assert_secrets_kept()
    state = await arena.state()
    first, second = (state.fighters[seat].warrior for seat in ((0, 1) if placer is alice else (1, 0)))
    assert arena.card_name(first) in arena.everything_seen_by(waiting)
    assert arena.card_name(second) not in arena.everything_seen_by(placer)
    await arena.pick(waiting, PLACE, arena.menus()[PLACE][1])
    await arena.assert_secrets_kept()
    await arena.lay_supports(alice, (STILL_WATER,))
    await arena.lay_supports(bob, FORCES["bob"][1])
    await arena.assert_secrets_kept()

    # Round 1: each force shows its first support; the other three stay face down and unseen.
    state = await arena.state()
    for seat, person in (await arena.people()).items():
        other = state.fighters[1 - seat]
        seen = arena.everything_seen_by(person)
        assert arena.card_name(other.warrior) in seen and arena.card_name(other.supports[0]) in seen
        assert not [card for card in other.supports[1:] if arena.card_name(card) in seen]

    player = await arena.to_act()
    waiting = bob if player is alice else alice
    copy = await (await player.slash(anthology.channel, "status")).response()
    assert copy.ephemeral and arena.menus(copy)[MOVE] == arena.menus()[MOVE]

    refused = await arena.pick(waiting, MOVE, arena.menus()[MOVE][0])
    assert refused.ephemeral and "not your turn" in refused.content
    refused = await arena.press(waiting, END_TURN)
    assert refused.ephemeral and "not your turn" in refused.content
    forged = await forged_pick(anthology.fake, player, arena.board, f"attack basic {1 - state.active}")
    assert forged.ephemeral and "not offered" in forged.content
    assert await arena.state() == state

    await arena.pick(player, MOVE, arena.move_toward(state, state.active))
    assert arena.rules.actions_left(await arena.state()) == arena.rules.actions_left(state) - 1
    moved = await arena.state()
    stale = await arena.pick(player, MOVE, arena.menus(copy)[MOVE][0], copy)
    assert stale.id == copy.id and stale.ephemeral
    assert stale.content == "That board was out of date: here it is as the game stands now."
    assert arena.menus(stale) == arena.menus() and await arena.state() == moved
    await arena.assert_secrets_kept()


async def test_supports_are_laid_down_once_both_warriors_are_placed_and_the_board_says_who_is_ready(anthology):
    alice, bob = anthology.alice, anthology.bob
    arena = await started_arena(anthology, alice, bob)
    await arena.choose_force(alice, KAITO)
    assert f"<@{alice.id}>: ready ✅" in arena.board.embeds[0]["description"]
    assert f"<@{bob.id}>: choosing…" in arena.board.embeds[0]["description"]
    await arena.choose_force(bob, FORCES["bob"][0])
    while (await arena.state()).phase == "placing":
        await arena.pick(await arena.to_act(), PLACE, arena.menus()[PLACE][1])
    assert "lays their four supports down in private" in arena.board.embeds[0]["description"]
    panel = await (await alice.click(arena.board, MY_FORCE)).response()
    assert KEEP in panel.button_labels() and not (await arena.state()).fighters[0].ready
    assert f"<@{alice.id}>: choosing…" in arena.board.embeds[0]["description"]
    await arena.press(alice, KEEP, panel)
    assert f"<@{alice.id}>: ready ✅" in arena.board.embeds[0]["description"]


async def test_a_player_asked_to_re_roll_sees_the_rolls_first(anthology):
    arena = await placed_arena(anthology, FORCES)
    for _ in range(20):
        if (state := await arena.state()).offers:
            break
        await arena.play_one(await arena.to_act())
    attack = state.attack
    assert attack is not None
    # The roll waiting on the question, both players' dice apart, and who attacks whom.
    match = await anthology.bot.host.get(arena.match_id)
    attacker, defender = (re.escape(match.at_seat(seat).name) for seat in (attack.attacker, attack.defender))
    (a1, a2), (d1, d2) = attack.attack_dice, attack.defense_dice
    pending = (
        rf"🎲 {attacker} attacks {defender} with .*: 🎲 {a1}\+{a2}( [+-]\d+)? = \d+ vs 🎲 {d1}\+{d2}( [+-]\d+)? = \d+"
    )
    assert re.search(pending, arena.board.embeds[0]["description"]), arena.board.embeds[0]["description"]


async def test_a_custom_force_is_built_from_my_force_menus(anthology):
    alice, bob = anthology.alice, anthology.bob
    arena = await started_arena(anthology, alice, bob)
    panel = await (await alice.click(arena.board, MY_FORCE)).response()
    label = next(label for label in panel.select_options(CUSTOM) if label.startswith(KAITO))
    panel = await arena.pick(alice, CUSTOM, label, panel)
    for menu in ("Add an inspiration", "Add a weapon", "Add armour"):
        panel = await arena.pick(alice, menu, panel.select_options(menu)[-1], panel)
    panel = await arena.pick(alice, "Add a special", panel.select_options("Add a special")[0], panel)
    fighter = (await arena.state()).fighters[0]
    assert len(fighter.supports) == 4 and len(set(fighter.supports)) == 4 and not fighter.ready
    assert "Your force is chosen" in panel.text() and f"<@{alice.id}>: ready ✅" in arena.board.text()
    await arena.choose_force(bob, FORCES["bob"][0])
    while (await arena.state()).phase == "placing":
        await arena.pick(await arena.to_act(), PLACE, arena.menus()[PLACE][1])
    await arena.lay_supports(alice)
    assert (await arena.state()).fighters[0].ready and (await arena.state()).fighters[0].supports == fighter.supports


async def test_a_move_an_ability_gives_is_made_space_by_space_from_the_boards_free_move_menu(anthology):
    alice, bob = anthology.alice, anthology.bob
    arena = await placed_arena(anthology, FORCES)  # Ulzii's Wheel Away: after a hit, he may move one space
    for _ in range(80):
        state = await arena.state()
        if state.offers and state.offers[0].kind == "step":
            break
        assert state.result is None, "the game ended before Ulzii hit"
        await arena.play_one(await arena.to_act(), use_abilities=True)
    else:
        raise AssertionError("Ulzii never hit")

    assert await arena.to_act() is bob and arena.board.button_labels() == [STOP, MY_FORCE]
    assert "moves with Wheel Away: up to 1 more space(s)" in arena.board.embeds[0]["description"]
    refused = await arena.press(alice, STOP)
    assert refused.ephemeral and "not your turn" in refused.content and await arena.state() == state
    ulzii = state.fighters[1]
    label = arena.menus()[FREE_MOVE][0]
    await arena.pick(bob, FREE_MOVE, label)
    after = await arena.state()
    assert after.fighters[1].space != ulzii.space and not after.offers
    left = arena.rules.actions_left
    assert left(after) == left(state), "the move was the ability's, not an action"
    log = stored_log(anthology.settings.database_path, arena.match_id)
    assert log[-1].seat == 1 and log[-1].action.startswith("move ")
    assert FREE_MOVE not in arena.menus() and STOP not in arena.board.button_labels()


STACK_PACKS, WARRIOR_FOR_GAME = "Add a warrior with its ready-made pack", "Choose your warrior for this game"
STACK_SUPPORT = "Add a support of your stack to this game's force"
STACK_OF = {"alice": ("Kaito", "Ulzii", "Itzel"), "bob": ("Arshan", "Kallias", "Brannoc")}


async def test_a_best_of_three_match_to_its_end_with_a_restart_between_games(anthology):
    alice, bob = anthology.alice, anthology.bob
    anthology.next_seed = 8  # a match of two games, the second chosen and placed by the first one's winner first
    arena = await started_arena(anthology, alice, bob, options="match=3")
    assert "building stacks for a best of 3" in arena.board.embeds[0]["title"]
    for player in (alice, bob):
        panel = await (await player.click(arena.board, MY_FORCE)).response()
        for warrior in STACK_OF[player.name]:
            label = next(label for label in panel.select_options(STACK_PACKS) if label.startswith(warrior))
            panel = await arena.pick(player, STACK_PACKS, label, panel)
        assert "Your stack, not used yet" in panel.text() and STACK_PACKS not in arena.menus(panel)
        await arena.assert_secrets_kept()
    assert (await arena.state()).phase == "forces" and "game 1 of a best of 3" in arena.board.embeds[0]["title"]

    games_seen, restarted, leads = 0, False, []
    for _ in range(900):
        state = await arena.state()
        if state.result is not None:
            break
        await arena.assert_secrets_kept()
        finished = len(state.tournament.winners)
        if finished > games_seen:
            games_seen = finished
            score = arena.field("Match")
            assert score.startswith(f"alice {state.tournament.wins(0)} – bob {state.tournament.wins(1)}")
            said = anthology.fake.channel_messages(anthology.channel)[-1].content
            assert f"game {finished}" in said.lower() and "The score: alice" in said
            assert arena.latest()[0] == said, "the new game's board shows none of the last game's rolls"
            if not restarted:
                panel = await (await alice.click(arena.board, MY_FORCE)).response()
                piles = {field["name"]: field["value"] for field in panel.embeds[0]["fields"]}
                first = [arena.card_name(card) for card in state.tournament.stacks[1].used]
                assert piles["bob's discard pile"] == ", ".join(first), "both discard piles are open"
                await anthology.restart()
                restarted = True
                assert await arena.state() == state, "a restart between games loses nothing"
            if state.tournament.lead is not None:
                leads.append(state.tournament.lead)
                assert await arena.to_act() is (alice, bob)[state.tournament.lead], "the winner chooses first"
        player = await arena.to_act() if state.phase not in ("forces", "supports") else None
        if state.phase in ("forces", "supports"):
            for seat, person in (await arena.people()).items():
                if seat in arena.rules.actors(state):
                    await arena.tournament_choice(person)
        elif state.phase == "placing" and not state.fighters[(await arena.seat_of(player))].warrior:
            await arena.tournament_choice(player)
        else:
            await arena.play_one(player)
    else:
        raise AssertionError("the match did not end")

    games = len(state.tournament.winners)
    assert restarted and games >= 2 and leads
    outcome = arena.rules.outcome(state)
    wins = [state.tournament.wins(seat) for seat in (0, 1)]
    assert max(wins) == 2 and outcome.winners == (wins.index(2),)
    used = state.tournament.stacks[0].used
    assert len(used) == 5 * games, "each game's warrior and four supports went to the discard pile"
    final = anthology.said_last()
    assert final.content == arena.field("Game over") and "won the match" in final.content
    lines, changes = await anthology.final_standings(arena.match_id)
    match = await anthology.bot.host.get(arena.match_id)
    assert lines == expected_standings(match, outcome, changes, lambda seat: f"{counted(wins[seat], 'game')} won")
    assert changes[match.at_seat(outcome.winners[0]).user_id].change > 0


AIM = "Aim the ability at…"


async def play_to_the_end(anthology: Anthology, arena: Arena, limit: int = 600):
    """People act from the board as `Arena.play_one` does (aiming where they must); computers in their time."""
    for _ in range(limit):
        state = await arena.state()
        if state.result is not None:
            return state
        await arena.assert_secrets_kept()
        player = await arena.to_act()
        if player is None:
            await anthology.run_timers(5)
        elif AIM in arena.menus():
            await arena.pick(player, AIM, arena.menus()[AIM][0])
        else:
            await arena.play_one(player)
    raise AssertionError("the game did not end")


async def test_a_four_player_free_for_all_with_two_computer_players(anthology):
    alice, bob = anthology.alice, anthology.bob
    arena = await started_arena(anthology, alice, bob, options="computer_players=2")
    assert (await arena.state()).computer_seats == (2, 3)
    await arena.choose_force(alice, KAITO)
    await arena.choose_force(bob, "Ulzii the Far Rider")
    while (await arena.state()).phase == "forces":
        await anthology.run_timers(5)
    state = await arena.state()
    assert state.phase == "placing" and len(state.fighters) == 4
    fields = [field["name"] for field in arena.board.embeds[0]["fields"]]
    assert [name[:1] for name in fields[:4]] == ["🔵", "🟠", "🟢", "🟣"]
    width = int.from_bytes(arena.picture_checked()[16:20], "big")
    assert width > 480, "the picture has the side bands of four starting rows"

    state = await play_to_the_end(anthology, arena)
    outcome = arena.rules.outcome(state)
    assert sorted(seat for group in outcome.placings for seat in group) == [0, 1, 2, 3]
    said = [message.content for message in anthology.fake.channel_messages(anthology.channel)]
    assert len([line for line in said if "fell and leaves the arena" in line]) == len(state.fallen) - (
        1 if outcome.reason == "defeat" else 0
    ), "each warrior that fell while the game went on is told in the channel"
    assert said[-1] == arena.field("Game over")
    log = stored_log(anthology.settings.database_path, arena.match_id)
    assert {entry.seat for entry in log} >= {0, 1, 2, 3}, "everyone played, the computers too"


async def test_two_against_two_teammates_never_share_a_card_and_win_together(anthology):
    alice, bob, cara, dan = (anthology.users[name] for name in ("alice", "bob", "cara", "dan"))
    anthology.next_seed = 5
    board = await anthology.open_table(alice, "teams=1", GAME)
    for player in (bob, cara, dan):
        await (await player.click(board, "Join")).response()
    await (await alice.click(board, "Start")).response()
    await anthology.settled()
    arena = Arena(anthology, board, (await anthology.match_here()).id)
    assert (await arena.state()).teams
    await arena.choose_force(alice, KAITO)
    panel = await (await cara.click(arena.board, MY_FORCE)).response()
    assert not [label for label in panel.select_options(QUICK_PLAY) if label.startswith(KAITO)], "alice's, team A"
    assert "Your teammate's cards" in panel.text() and KAITO in panel.text()
    other_team = await (await bob.click(arena.board, MY_FORCE)).response()
    assert [label for label in other_team.select_options(QUICK_PLAY) if label.startswith(KAITO)]
    await arena.choose_force(cara, "Ulzii the Far Rider")
    await arena.choose_force(bob, KAITO)
    await arena.choose_force(dan, "Itzel Obsidian-Eye")
    assert "(team A)" in arena.board.text() and "(team B)" in arena.board.text()

    state = await play_to_the_end(anthology, arena)
    outcome = arena.rules.outcome(state)
    final = anthology.fake.channel_messages(anthology.channel)[-1].content
    if outcome.winners:
        assert len({seat % 2 for seat in outcome.winners}) == 1 and len(outcome.winners) == 2
        people = [alice, bob, cara, dan]
        assert all(f"<@{people[seat].id}>" in final for seat in outcome.winners), "teammates win together"
    result = stored_result(anthology.settings.database_path, arena.match_id)
    assert result is not None


async def test_a_table_the_options_do_not_fit_is_not_started_and_says_why(anthology):
    alice, bob, cara = anthology.alice, anthology.bob, anthology.users["cara"]
    board = await anthology.open_table(alice, "match=3", GAME)
    for player in (bob, cara):
        await (await player.click(board, "Join")).response()
    refused = await (await alice.click(board, "Start")).response()
    assert refused.ephemeral and "A tournament match (the option match) is for 2 players." in refused.content
    assert (await anthology.match_here()).status is MatchStatus.LOBBY


async def test_a_computer_opponent_brings_a_force_of_its_own_choosing_and_the_board_names_its_cards(anthology):
    alice = anthology.alice
    anthology.next_seed = 4
    arena = await started_arena(anthology, alice, options="computer_players=1")
    await arena.choose_force(alice, KAITO)
    for _ in range(300):
        state = await arena.state()
        if state.result is not None or (state.phase == "playing" and state.round >= 2):
            break
        player = await arena.to_act()
        if player is None:
            await anthology.run_timers(5)
        elif state.phase == "supports" and player is alice:
            await arena.lay_supports(alice)
        else:
            await arena.play_one(player)
    computer = state.fighters[1]
    assert computer.supports != arena.rules.pool.warrior(computer.warrior).pack, "not a quick-play pack"
    types = sorted(arena.rules.pool.support(card).type for card in computer.supports)
    assert types == ["armor", "inspiration", "special", "weapon"], "four that can all be face up"
    seen = arena.everything_seen_by(alice)
    assert all(arena.card_name(card) in seen for card in computer.face_up), "each card turned up is named"
