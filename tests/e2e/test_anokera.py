"""Anokera through Discord: three people and a computer play a whole game from the board's menus, across a
restart; roles come by DM or through My role and are never shown to anyone else before the end; stale and
out-of-turn clicks are refused."""

from __future__ import annotations

import json

from anthology_driver import Anthology, expected_standings
from fakediscord import FakeMessage, ScriptedUser
from support import stored_log, stored_result
from test_refusals import forged_pick

from bot.discord_ui.renderers.anokera import tile
from bot.games.anokera.cards import card_name
from bot.matches import MatchStatus
from bot.matches.host import decode_state

GAME = "anokera"
ONE_CARD, FIRST_OF_TWO, SECOND = "Play one card…", "Play the first of two cards…", "Play your second card…"


class City:
    """A started table of Anokera, read through the bot's own host, played through the board's menus."""

    def __init__(self, anthology: Anthology, board: FakeMessage, match_id: int) -> None:
        self.anthology = anthology
        self.board = board
        self.match_id = match_id
        self.rules = anthology.bot.games[GAME].rules

    async def state(self):
        return decode_state(self.rules, (await self.anthology.bot.host.load(self.match_id)).match)

    async def play(self, player: ScriptedUser, menu: str, index: int = 0) -> FakeMessage:
        options = self.board.select_options(menu)
        label = options[index % len(options)]
        reply = await (await player.select(self.board, label, menu=menu)).response()
        await self.anthology.settled()
        return reply

    def role_names(self, state, seats) -> set[str]:
        return {self.rules.sheet.role(state.roles[seat]).name for seat in seats} | {state.roles[seat] for seat in seats}

    def everything_seen_by(self, user: ScriptedUser) -> str:
        """Every message a player can see: the channel, their DMs and their private replies."""
        seen = [*self.anthology.fake.channel_messages(self.anthology.channel), *user.dms(), *user.ephemerals()]
        return "\n".join(message.content + json.dumps(message.embeds, ensure_ascii=False) for message in seen)


async def started_city(anthology: Anthology, *players: ScriptedUser, options: str = "") -> City:
    board = await anthology.started_game(*players, options=options, game=GAME)
    return City(anthology, board, (await anthology.match_here()).id)


async def test_a_whole_game_with_three_people_and_a_computer_keeps_every_role_secret_until_the_end(anthology):
    alice, bob, cara = anthology.alice, anthology.bob, anthology.cara
    people = {0: alice, 1: bob, 2: cara}
    anthology.fake.close_dms(cara)
    city = await started_city(anthology, alice, bob, cara, options="computer_players=1")
    state = await city.state()
    assert state.computer_seats == (3,)
    for seat, person in people.items():
        if person is cara:
            continue
        (dm,) = person.dms()
        assert dm.embeds[0]["title"] == f"Your role: {city.rules.sheet.role(state.roles[seat]).name}"
    notices = [m for m in anthology.fake.channel_messages(anthology.channel) if "direct messages" in m.content]
    assert len(notices) == 1 and "My role" in notices[0].content
    role = await (await cara.click(city.board, "My role")).response()
    assert role.ephemeral and city.rules.sheet.role(state.roles[2]).name in role.embeds[0]["title"]

    restarted = False
    for step in range(600):
        state = await city.state()
        if state.result is not None:
            break
        for seat, person in people.items():
            others = city.role_names(state, [other for other in range(4) if other != seat])
            seen = city.everything_seen_by(person)
            assert not [name for name in others if name in seen], f"{person.name} saw another player's role"
        if step == 20 and not restarted:
            await anthology.restart()
            restarted = True
            continue
        if state.turn in state.computer_seats:
            await anthology.run_timers(5)
            continue
        player = people[state.turn]
        if state.first_card is not None:
            await city.play(player, SECOND)
        elif step % 3 == 0 and FIRST_OF_TWO in [menu.get("placeholder") for menu in city.board.selects()]:
            await city.play(player, FIRST_OF_TWO, index=step % 5)
        else:
            await city.play(player, ONE_CARD, index=step % 7)
    else:
        raise AssertionError("the game did not end")

    assert restarted
    finished = await anthology.bot.host.get(city.match_id)
    assert finished.status is MatchStatus.FINISHED
    roles = next(field["value"] for field in city.board.embeds[0]["fields"] if field["name"] == "Roles")
    for seat in range(4):
        assert city.rules.sheet.role(state.roles[seat]).name in roles
    assert "were not dealt" in roles
    for unused in state.unused_roles:
        assert city.rules.sheet.role(unused).name not in city.everything_seen_by(alice)
    result = stored_result(anthology.settings.database_path, city.match_id)
    assert result is not None and result.winners
    # The summary: everyone by place with their revealed role, its score and their rating change; the computer
    # by its name.
    lines, changes = await anthology.final_standings(city.match_id)
    assert set(changes) == {player.user_id for player in finished.players}
    assert lines == expected_standings(
        finished,
        city.rules.outcome(state),
        changes,
        lambda seat: f"**{city.rules.sheet.role(state.roles[seat]).name}**, {state.scores[seat]} points",
    )
    assert any(". 🤖 Bot Ada — " in line for line in lines)
    assert all(changes[winner].change > 0 for winner in result.winners)
    assert "🏆" in anthology.fake.channel_messages(anthology.channel)[-1].content
    assert any(entry.seat == 3 for entry in stored_log(anthology.settings.database_path, city.match_id))


async def test_out_of_turn_stale_and_forged_clicks_are_refused_and_change_nothing(anthology):
    alice, bob, cara = anthology.alice, anthology.bob, anthology.cara
    city = await started_city(anthology, alice, bob, cara)
    state = await city.state()
    people = {0: alice, 1: bob, 2: cara}
    player, waiting = people[state.turn], people[(state.turn + 1) % 3]

    refused = await city.play(waiting, ONE_CARD)
    assert refused.ephemeral and "not your turn" in refused.content
    copy = await (await player.slash(anthology.channel, "status")).response()
    assert copy.ephemeral and copy.select_options(ONE_CARD) == city.board.select_options(ONE_CARD)
    assert await city.state() == state

    # Two cards: after the first, the board offers only unmarked cards for the second, or End turn.
    unmarked = [card for card in state.row if not card.endswith(("11", "12"))]
    if len(unmarked) > 1:
        await city.play(player, FIRST_OF_TWO)
        assert city.board.select_options(SECOND) and all(
            "★" not in label for label in city.board.select_options(SECOND)
        )
        assert "End turn" in city.board.button_labels()
        forged = await forged_pick(anthology.fake, player, city.board, f"play {state.row[0]} 1 more")
        assert forged.ephemeral and "not offered" in forged.content
        await (await player.click(city.board, "End turn")).response()
        await anthology.settled()
    else:
        await city.play(player, ONE_CARD)
    assert (await city.state()).turn != state.turn

    stale = await (await player.select(copy, copy.select_options(ONE_CARD)[0], menu=ONE_CARD)).response()
    assert stale.ephemeral and "out of date" in stale.content


async def test_the_board_lists_the_players_in_turn_order_and_each_menu_entry_once(anthology):
    alice, bob, cara = anthology.alice, anthology.bob, anthology.cara
    city = await started_city(anthology, alice, bob, cara)
    state = await city.state()
    fields = {field["name"]: field["value"] for field in city.board.embeds[0]["fields"]}
    order = [f"<@{person.id}>" for person in (alice, bob, cara)]
    order[state.turn] = "▶️ " + order[state.turn]
    assert fields["Players, in turn order"] == "\n".join(order)

    cards = dict.fromkeys(f"{tile(card)} {card_name(card)}" for card in state.row)  # "🟩 Nature", "🟥★ marked Force"
    assert len(cards) < len(state.row), "this deal's row holds two cards alike"
    expected = [f"{card} → column {column}" for card in cards for column in (1, 2, 3)]
    options = city.board.select_options(ONE_CARD)
    assert options == expected and len(options) == len(set(options))
