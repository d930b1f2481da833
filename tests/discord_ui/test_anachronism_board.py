"""The Anachronism board: its picture shades the grid of the active warrior's face-up weapon, else its own grid;
and each question the game asks shows as the controls that answer it, worded for what it asks."""

from __future__ import annotations

from datetime import UTC, datetime

from games.anachronism.made_up import ability, effect, rules_with, support
from games.anachronism.positions import (
    CRITICAL,
    HIT,
    MISS,
    POOL,
    RULES,
    before_round,
    card,
    duel,
    fighter,
    front,
    play,
    use_of,
    with_dice,
)
from support import GAMES

from bot.discord_ui.renderers.anachronism import AnachronismRenderer
from bot.discord_ui.renderers.arena_picture import arena_png
from bot.matches import Match, MatchStatus, Player

RENDERER = GAMES["anachronism"].renderer


def table() -> Match:
    players = (Player(1, "Ada", 0), Player(2, "Bo", 1))
    when = datetime(2026, 1, 1, tzinfo=UTC)
    return Match(
        id=1, guild_id=1, channel_id=1, game="anachronism", status=MatchStatus.PLAYING, players=players, opener_id=1,
        options={}, seed=7, version=1, created_at=when, updated_at=when,
    )  # fmt: skip


def test_the_picture_shades_the_active_weapons_grid_and_otherwise_the_warriors_own():
    spear = next(support.name for support in POOL.supports if support.type == "weapon")
    armed = RULES.view(duel(fighter("Kaito", [spear]), fighter("Itzel", space=(2, 3), facing="S")), None)
    unarmed = RULES.view(duel(fighter("Kaito"), fighter("Itzel", space=(2, 3), facing="S")), None)
    names = ["Ada", "Bo"]
    assert RENDERER.board_picture(table(), armed) == arena_png(armed, POOL, names, card(spear))
    assert RENDERER.board_picture(table(), unarmed) == arena_png(unarmed, POOL, names)


def controls(state) -> tuple[list[str], list[str], str]:
    """The board's menu placeholders, its buttons' labels and its text, for `state`."""
    view = RULES.view(state, None)
    menus = [menu.placeholder for menu in RENDERER.board_menus(table(), view)]
    buttons = [choice.label for choice in RENDERER.board_actions(table(), view)]
    return menus, buttons, RENDERER.board(table(), view).description


def test_an_abilitys_move_is_a_free_move_menu_or_a_turn_in_place_with_a_stop_button():
    state = duel(fighter("Ulzii", ["Horn-and-Sinew Bow"]), fighter("Arshan", space=(1, 3), facing="S"))
    state, _ = play(with_dice(state, *HIT), "attack sp-09 1", yes_to_hits=False)
    state, _ = play(state, use_of("Wheel Away"), yes_to_hits=False)
    menus, buttons, text = controls(state)
    assert menus == ["Move one space (free)…", "Turn in place instead (free)…"] and buttons == ["Stop here"]
    assert "moves with Wheel Away: up to 1 more space(s), or turns in place instead, or stops there." in text


def test_an_attack_an_ability_made_asks_what_to_attack_with():
    state = duel(fighter("Hrafnhild", ["Long-Hafted Axe"]), front("Arshan", life=20))
    state, _ = play(with_dice(state, *CRITICAL, None, None, None, None), "attack sp-10 1")
    menus, buttons, text = controls(state)
    assert menus == ["Attack (free) with…"] and buttons == []
    assert "chooses what to make the attack an ability gave with" in text


def test_two_abilities_at_one_moment_are_two_buttons_and_one_no():
    state = duel(fighter("Kaito", ["The Still Water Way", "Laced Plate Sleeves"]), front("Arshan"))
    state, _ = play(with_dice(state, *MISS), "attack basic 1")
    _, buttons, _ = controls(state)
    assert buttons == ["Use Second Breath", "Use Turn the Edge", "Use none of them"]


def test_while_another_player_is_asked_to_discard_the_board_claims_no_turn_with_no_actions():
    state = before_round(
        fighter("Arshan", face_down=["Sickle-Sword"]),
        fighter("Ulzii", ["Horn-and-Sinew Bow"], face_down=["Curved Longsword"], space=(2, 3), facing="S"),
        round=2,
    )
    state, _ = play(state, "end")  # the round begins: Bo reveals a second weapon and must discard one
    assert RULES.view(state, None).active == 0
    _, _, text = controls(state)
    assert text == "<@2> has too many cards of a kind in play and chooses which to discard."


# What the board's "Latest" lines and /record say of each thing that happens.


def lines(state, notation: str, dice=()) -> list[str]:
    """What the board and the record tell of `notation`, played in `state` with the next dice `dice`."""
    _, events = play(with_dice(state, *dice) if dice else state, notation)
    return RENDERER.describe(table(), events, None)


def test_a_move_and_a_turn_are_told_with_the_space_in_words():
    state = duel(fighter("Itzel", space=(1, 1)), fighter("Arshan", space=(2, 3), facing="S"))
    assert lines(state, "move N E") == ["Ada moved to B3 and faces east."]
    assert lines(state, "face W") == ["Ada turned to face west."]


def test_an_attack_names_both_players_and_shows_the_dice():
    state = duel(fighter("Arshan", space=(1, 1)), fighter("Brannoc", space=(1, 2), facing="S"))
    told = lines(state, "attack basic 1", HIT)
    assert told[0].startswith("Ada attacked Bo with a basic attack: 🎲 6+5 ")
    assert " vs 🎲 1+2 " in told[0] and told[0].endswith(", hit, 1 damage.")
    # Brannoc's Shoulder of the Ox pushes Arshan back to B1.
    assert told[1:] == [
        "Bo used Shoulder of the Ox (Brannoc of the Black Bog).",
        "Ada was moved to B1 by Shoulder of the Ox.",
    ]


def test_ability_damage_is_told():
    kallias = fighter("Kallias", ["Bronze Round Shield"], space=(1, 1), facing="S")
    told = lines(duel(fighter("Arshan"), kallias), "attack basic 1", MISS)
    assert told[0].endswith(", miss.")
    assert told[1:] == ["Bo used Rim Strike (Bronze Round Shield).", "Ada lost 1 Life to Rim Strike."]


def test_a_pending_roll_shows_its_dice_and_both_players():
    state = duel(fighter("Kaito", ["The Still Water Way"]), front("Arshan"))
    state, _ = play(with_dice(state, *MISS), "attack basic 1")
    _, _, text = controls(state)
    assert "🎲 Ada attacks Bo with a basic attack: 🎲 1+2" in text and "vs 🎲 6+5" in text
    assert "not counted yet" in text


def test_a_warrior_fallen_at_the_end_shows_as_fallen_on_its_space():
    state = duel(fighter("Arshan"), front("Brannoc", life=1))
    state, events = play(with_dice(state, *CRITICAL), "attack basic 1")
    view = RULES.view(state, None)
    fields = {field.name: field.value for field in RENDERER.board(table(), view).fields}
    assert fields["🟠 Bo: Brannoc of the Black Bog"] == "💀 fell on B2 · ⭐ Exp 2"
    assert RENDERER.final_detail(table(), view, view.outcome, 1) == "Brannoc of the Black Bog fell"
    assert RENDERER.describe(table(), events, None)[0].endswith("critical hit (a double), 2 damage.")


def test_the_board_says_which_warrior_cannot_move_and_why():
    # Ruling C8: the board says which warrior cannot move, turn or attack, and why.
    state, _ = play(with_dice(duel(fighter("Itzel"), front("Arshan")), *HIT), "attack basic 1")
    fields = {
        field["name"]: field["value"] for field in RENDERER.board(table(), RULES.view(state, None)).to_dict()["fields"]
    }
    held = next(value for name, value in fields.items() if "Arshan" in name)
    assert "⛔ Cannot move: Ada's Take Them Living (Itzel Obsidian-Eye), until Ada's next turn" in held
    free = next(value for name, value in fields.items() if "Itzel" in name)
    assert "⛔" not in free


def test_a_die_to_roll_again_is_a_menu_of_the_dice_as_they_show_and_the_record_tells_the_best_two():
    knack = ability("after_rolls", effect("reroll", what="choose"), limit="once_each_turn", name="Second Look")
    rules = rules_with(support("sp-t1", "Test Charm", knack, ability("continuous", effect("keep_best", 3))))
    renderer = AnachronismRenderer(rules.pool)
    state = duel(fighter("Kallias", ["Test Charm"], pool=rules.pool), front("Arshan"), rules=rules)
    state, _ = play(with_dice(state, 6, 1, 2, 4, 4, 5), "attack basic 1", rules=rules)
    state, _ = play(state, "use sp-t1 0", rules=rules)
    view = rules.view(state, None)
    (menu,) = renderer.board_menus(table(), view)
    assert menu.placeholder == "Roll which die again?"
    assert [choice.label for choice in menu.choices] == [
        "Roll die 1 again (it shows 6)", "Roll die 2 again (it shows 1)", "Roll die 3 again (it shows 2)",
    ]  # fmt: skip
    assert (
        "chooses which die of Ada's roll (6, 1, 2) Second Look rolls again" in renderer.board(table(), view).description
    )
    _, events = play(state, "reroll 2", rules=rules)
    line = next(line for line in renderer.describe(table(), events, None) if "attacked" in line)
    assert "(best two of 6, 5, 2)" in line


def test_the_board_says_a_warrior_cannot_make_a_basic_attack_this_turn():
    net = ability("action", effect("prohibit", what="basic_attack", who="opponent"), duration="turn", name="Net")
    rules = rules_with(support("sp-t1", "Test Net", net))
    renderer = AnachronismRenderer(rules.pool)
    state, _ = play(
        duel(fighter("Kallias", ["Test Net"], pool=rules.pool), front("Arshan")), "use sp-t1 0", rules=rules
    )
    fields = {
        field["name"]: field["value"] for field in renderer.board(table(), rules.view(state, None)).to_dict()["fields"]
    }
    held = next(value for name, value in fields.items() if "Arshan" in name)
    assert "⛔ Cannot make a basic attack: Ada's Net (Test Net), this turn" in held
