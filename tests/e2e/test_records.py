"""/stats, /leaderboard and /record through Discord: private answers with a button to post them, pages that turn
with buttons (also after a restart), and a finished game's record that shows only what everyone saw: for each of
the five games, every move in the game's own words, and no card or role that stayed secret."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from support import GAMES, store_finished_game

from bot.matches import MatchStatus
from bot.matches.snapshots import decode_state

START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def fields(message) -> dict[str, str]:
    return {field["name"]: field["value"] for field in message.embeds[0].get("fields", [])}


async def test_a_player_with_no_games_and_a_game_nobody_has_played_enough(anthology):
    cara = anthology.cara
    stats = await (await cara.slash(anthology.channel, "stats")).response()
    assert (
        stats.ephemeral
        and stats.embeds[0]["description"] == f"<@{cara.id}> has not finished a game in this server yet."
    )
    board = await (await cara.slash(anthology.channel, "leaderboard", game="anomia")).response()
    assert board.ephemeral
    assert board.embeds[0]["description"] == "Nobody has finished 3 games of Anomia in this server yet."
    assert fields(board)["Your place"] == "Not ranked yet: finish 3 games of Anomia here."
    assert board.button_labels() == ["Post in the channel"], "one page: nothing to turn"


async def test_stats_count_games_and_wins_show_the_rating_trend_and_latest_games_and_can_be_posted(anthology):
    alice, bob = anthology.alice, anthology.bob
    store, guild = anthology.bot.store, anthology.guild.id
    for hour, places in enumerate([{alice.id: 1, bob.id: 2}, {alice.id: 2, bob.id: 1}, {alice.id: 1, -1: 2}]):
        await store_finished_game(store, guild, places, at=START + timedelta(hours=hour))
    await store_finished_game(store, guild, {bob.id: 1, alice.id: 2}, game="anomia", at=START + timedelta(hours=4))

    mine = await (await alice.slash(anthology.channel, "stats")).response()
    embed = mine.embeds[0]
    assert mine.ephemeral
    assert embed["description"] == f"<@{alice.id}>: 4 games, 2 wins (50%) · favourite game: **Anarchy**"
    shown = fields(mine)
    assert shown["Anarchy"].startswith("3 games, 2 wins (67%)\nRating **")
    assert "over the last 3 games" in shown["Anarchy"] and "Anomia" in shown
    latest = shown["Latest games"].split("\n")
    assert latest[0].startswith("🥈 of 2 · Anomia #") and "[board](https://discord.com/channels/" in latest[0]
    assert len(latest) == 4

    posted = await (await alice.click(mine, "Post in the channel")).response()
    assert not posted.ephemeral and posted.channel_id == anthology.channel.id
    assert posted.embeds[0]["description"] == embed["description"] and posted.button_labels() == []

    theirs = await (await alice.slash(anthology.channel, "stats", player=bob, game="anomia")).response()
    assert theirs.embeds[0]["title"] == "Stats at Anomia"
    assert theirs.embeds[0]["description"] == f"<@{bob.id}>: 1 game, 1 win (100%)"


async def test_the_leaderboard_pages_with_buttons_and_shows_the_askers_own_place(anthology):
    alice = anthology.alice
    store, guild = anthology.bot.store, anthology.guild.id
    people = [1000 + rank for rank in range(14)]  # the lower the id, the stronger the player
    for hour, player in enumerate(people):
        for game in range(3):
            beaten = {other: 2 for other in people if other > player} or {alice.id: 2}
            await store_finished_game(
                store, guild, {player: 1, **beaten}, at=START + timedelta(hours=hour, minutes=game)
            )

    first = await (await alice.slash(anthology.channel, "leaderboard", game="anarchy")).response()
    lines = first.embeds[0]["description"].split("\n")
    assert len(lines) == 10 and lines[0].startswith(f"**1.** <@{people[0]}> — ")
    assert fields(first)["Your place"].startswith(f"**15.** <@{alice.id}> — ")
    assert first.embeds[0]["footer"]["text"].startswith("Page 1 of 2 · 15 ranked")
    assert first.button("◀ Previous").get("disabled")

    await anthology.restart()  # old buttons keep working
    second = await (await alice.click(first, "Next ▶")).response()
    lines = second.embeds[0]["description"].split("\n")
    assert [line.split(" ")[0] for line in lines] == ["**11.**", "**12.**", "**13.**", "**14.**", "**15.**"]
    assert "Your place" not in fields(second), "the asker is on this page"
    assert second.button("Next ▶").get("disabled")

    posted = await (await alice.click(second, "Post in the channel")).response()
    assert not posted.ephemeral and "Your place" not in fields(posted)
    back = await (await anthology.bob.click(posted, "◀ Previous")).response()
    assert back.id == posted.id and back.embeds[0]["description"].startswith(f"**1.** <@{people[0]}>")
    assert "Your place" not in fields(back), "a posted leaderboard is everyone's"


async def test_a_finished_games_record_shows_its_moves_page_by_page_and_never_a_hand(anthology):
    alice, bob = anthology.alice, anthology.bob
    anthology.next_seed = 1  # a deal that lasts past a page of moves
    board = await anthology.open_table(alice, forfeit=True)
    await (await bob.click(board, "Join")).response()
    await (await alice.click(board, "Start")).response()
    await anthology.settled()
    match = await anthology.match_here()

    elsewhere = anthology.guild.create_text_channel("quiet")
    nothing = await (await alice.slash(elsewhere, "record")).response()
    assert nothing.content == "No game was played here. Name one with /record table: (the numbers are in /history)."
    early = await (await alice.slash(anthology.channel, "record")).response()
    assert early.ephemeral and early.content == "This game is still being played: its record opens when it ends."

    for _ in range(22):
        player = await anthology.actor(match.id)
        await anthology.take_turn(player, await anthology.hand_panel(player, anthology.board(match.id)))
    snapshot = await anthology.bot.host.load(match.id)
    hands = [card.label for seat in (0, 1) for card in snapshot.seat_view(seat).hand]
    asked = await (await bob.slash(anthology.channel, "leave")).response()
    await (await bob.click(asked, "Leave the game")).response()
    await anthology.settled()

    record = await (await bob.slash(anthology.channel, "record")).response()
    embed = record.embeds[0]
    assert record.ephemeral and embed["title"] == f"Anarchy #{match.id}: the record"
    assert embed["footer"]["text"].startswith("Page 1 of 2 · alice, bob")
    pages = [embed["description"]]
    pages.append((await (await bob.click(record, "Next ▶")).response()).embeds[0]["description"])
    text = "\n".join(pages)
    assert text.split("\n")[0].startswith("`  1` ") and " played " in text and "drew a card" in text
    assert text.endswith("**Game over.** bob left the game and so forfeits it. 🏆 " + f"<@{alice.id}> wins.")
    assert "You drew" not in text, "a drawn card is its drawer's secret"
    for card in hands:  # a card in hand at the end shows only where everyone saw it (played, then reshuffled)
        public = text.replace(f"played {card}", "").replace(f"trump indicator, {card}", "")
        assert card not in public, f"{card} was in a hand"

    by_number = await (await alice.slash(anthology.channel, "record", table=match.id)).response()
    assert by_number.embeds[0]["description"] == pages[0]
    missing = await (await alice.slash(anthology.channel, "record", table=match.id + 50)).response()
    assert missing.content == (
        f"No game was played at table #{match.id + 50} in this server (the numbers are in /history)."
    )
    elsewhere = anthology.fake.create_guild("Elsewhere")
    other = elsewhere.create_text_channel("games")
    elsewhere.add_member(alice)
    await anthology.restart()
    foreign = await (await alice.slash(other, "record", table=match.id)).response()
    assert foreign.content.startswith(f"No game was played at table #{match.id} in this server")


COMPUTERS = {"anarchy": 1, "anomia": 2, "not_another_word": 1, "anokera": 2, "anachronism": 1}
"""How many computer players make a table of each game with one person."""
MOVES = {
    "anarchy": (" played ",),
    "anomia": (" flipped ", "⚔️ Face-off 1: "),
    "not_another_word": (" exchanged ", " placed ", " added ", " put the "),
    "anokera": (" played a", " on column "),
    "anachronism": (" placed ", " moved to ", "**Round 1 of 5** begins.", " turned up the "),
}
"""What each game's record tells of its moves (Not Another Word's: any one of them)."""


async def whole_record(user, channel) -> list[str]:
    """Every line of the record of the game played in `channel`, page after page."""
    shown = await (await user.slash(channel, "record")).response()
    pages = int(shown.embeds[0]["footer"]["text"].split(" · ")[0].split()[-1])
    lines = shown.embeds[0]["description"].split("\n")
    for _ in range(pages - 1):
        shown = await (await user.click(shown, "Next ▶")).response()
        lines += shown.embeds[0]["description"].split("\n")
    return lines


@pytest.mark.parametrize("game", list(COMPUTERS))
async def test_a_finished_game_of_each_game_lists_its_moves_and_no_secret(anthology, game):
    """A person starts a game against computers and leaves it; the computers play it to its end; its record
    tells every move in the game's own words, numbered, and ends with the result, naming no card or role that
    stayed secret."""
    alice = anthology.alice
    await anthology.started_game(alice, game=game, options=f"computer_players={COMPUTERS[game]}")
    await anthology.leave_running_game(alice)
    match = await anthology.match_here()
    for _ in range(2000):
        if (await anthology.bot.host.get(match.id)).status is MatchStatus.FINISHED:
            break
        await anthology.run_timers(60)
    else:
        raise AssertionError("the computers did not finish the game")
    snapshot = await anthology.bot.host.load(match.id)

    lines = await whole_record(anthology.bob, anthology.channel)
    text = "\n".join(lines)
    assert re.match(r"`\s*\d+` ", lines[0]) and lines[-1].startswith("**Game over.** ")
    told = [word for word in MOVES[game] if word in text]
    assert told if game == "not_another_word" else told == list(MOVES[game]), text
    assert "You " not in text, "a line told to one player only"
    for secret in secrets_at_the_end(game, snapshot):
        assert secret not in text, f"{secret} stayed secret"


def secrets_at_the_end(game: str, snapshot) -> list[str]:
    """The names of what stayed secret to the end of a game: Anachronism's supports never turned face up (and
    not in play on another side), the Anokera roles nobody was dealt."""
    rules, renderer = GAMES[game].rules, GAMES[game].renderer
    state = decode_state(rules, snapshot.match)
    if game == "anachronism":
        hidden = rules.hidden_from(state, None) | {
            card for fighter in state.fighters for card in fighter.supports[fighter.revealed :]
        }
        public = {
            card for fighter in state.fighters for card in (*fighter.face_up, *fighter.discarded, *fighter.turned_down)
        }
        return [renderer.pool.support(card).name for card in hidden - public if card.startswith("sp-")]
    if game == "anokera":
        return [renderer.sheet.role(role).name for role in state.unused_roles]
    return []


async def test_record_and_replay_ask_for_a_table_number(anthology):
    for command in ("record", "replay"):
        (table,) = anthology.fake.find_command(command, anthology.guild)["options"]
        assert table["description"] == "The table number, from /history (default: the last table here)"
