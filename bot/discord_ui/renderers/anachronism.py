"""How Anachronism looks in Discord: the arena as a picture under the board's embed, both warriors' numbers,
places and cards beside it (and a tournament match's score); every event told in a line (`describe`: moves,
turns, pushes, cards turned up or down, Life lost or gained, every roll with its dice and both warriors' players),
which the board shows under "Latest" and /record lists; the active player's moves, turns, attacks and abilities
as menus and buttons on the board (only what is legal is offered); and each player's force, chosen and ordered
in private, with their tournament stack and both discard piles. Places are named as the picture's edges name
them: columns A-D from the left, rows 1-4 from seat 0's side ("B3")."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.discord_ui.limits import UPLOAD
from bot.discord_ui.renderers import Announcement, Choice, GameRenderer, Menu, PrivatePanel
from bot.discord_ui.renderers.arena_picture import arena_gif, arena_png
from bot.discord_ui.wording import counted, mention
from bot.engine import Event, Outcome, Seat
from bot.games.anachronism.actions import (
    AddSupport,
    Aim,
    Attack,
    ChooseForce,
    ChooseWarrior,
    ClearStack,
    Decline,
    Discard,
    EndTurn,
    KeepOrder,
    LayDown,
    Move,
    Pass,
    Place,
    RerollDie,
    Rotate,
    UseAbility,
)
from bot.games.anachronism.arena import FACING_NAMES, space_name, starting_row, step
from bot.games.anachronism.content import CardPool
from bot.games.anachronism.events import AnachronismEnd, AnachronismEvent
from bot.games.anachronism.state import (
    CHOOSE_ATTACK,
    CHOOSE_DIE,
    CHOOSE_TARGET,
    DISCARD,
    FORCES,
    PLACING,
    ROUNDS,
    STACKS,
    STEP,
    SUPPORTS,
    SUPPORTS_PER_FORCE,
    Roll,
)
from bot.games.anachronism.views import AnachronismPublicView, AnachronismSeatView, FighterView, Prohibition
from bot.matches import Match


def dice_text(dice: Sequence[int], bonus: int = 0) -> str:
    """Two dice, what is added to them (when anything is) and the total: "🎲 5+6 +1 = 12"."""
    added = f" {bonus:+d}" if bonus else ""
    return f"🎲 {'+'.join(str(die) for die in dice)}{added} = {sum(dice) + bonus}"


def the(name: str) -> str:
    """A card's name after "the", which some names begin with already: "the Ash Spear", "The Still Water Way"."""
    return name if name.lower().startswith("the ") else f"the {name}"


SEAT_MARKS = ("🔵", "🟠", "🟢", "🟣")
"""Each seat's colour, as the arena picture draws it."""
TEAM_NAMES = ("A", "B")
"""Two against two: seats 0 and 2 are team A, seats 1 and 3 team B."""
SUPPORT_MENUS = {
    "inspiration": "Add an inspiration",
    "weapon": "Add a weapon",
    "armor": "Add armour",
    "special": "Add a special",
}
"""The placeholder of the menu of each type of support a force or stack is built from."""


class AnachronismRenderer(GameRenderer):
    panel_label = "My force"
    panel_noun = "your force"
    shows_picture = True
    latest_lines = 8
    """A move can tell several things at once (a round begins: cards turn up, the Initiative, a turn starts)."""
    names_chapters = True

    def __init__(self, pool: CardPool) -> None:
        self.pool = pool

    # -- the board -------------------------------------------------------------------------------------

    def board(self, match: Match, view: AnachronismPublicView) -> discord.Embed:
        embed = discord.Embed(title=self._title(view), description=self._situation(match, view))
        if view.match is not None:
            embed.add_field(name="Match", value=self._score_text(match, view), inline=False)
        for fighter in view.fighters:
            embed.add_field(
                name=self._fighter_name(match, view, fighter), value=self._fighter_text(match, fighter), inline=True
            )
        embed.set_footer(
            text="The picture: each warrior in its player's colour, pointing the way it faces, with its Life; the "
            "shaded spaces are the active warrior's attack grid and their roll modifiers; columns A-D run left to "
            "right, rows 1-4 bottom to top. /rules game:Anachronism"
        )
        return embed

    def board_picture(self, match: Match, view: AnachronismPublicView) -> bytes | None:
        if view.phase in (STACKS, FORCES):
            return None
        return arena_png(view, self.pool, [player.name for player in match.players], self._grid_shown(view))

    def game_picture(self, match: Match, views: Sequence[AnachronismPublicView]) -> bytes | None:
        moments = [(view, self._grid_shown(view)) for view in views if view.phase not in (STACKS, FORCES)]
        return arena_gif(moments, self.pool, [player.name for player in match.players], UPLOAD)

    def _grid_shown(self, view: AnachronismPublicView) -> str | None:
        """The grid the picture shades: the active warrior's weapon's, when it has one face up (its main attack;
        the Attack menu lists every attack with its modifier), else its own."""
        if view.active is None:
            return None
        weapons = [card for card in view.fighters[view.active].face_up if self.pool.support(card).type == "weapon"]
        return weapons[0] if weapons else None

    def _title(self, view: AnachronismPublicView) -> str:
        game = "" if view.match is None else f", game {view.match.game} of a best of {view.match.games}"
        if view.phase == STACKS:
            return f"Anachronism: building stacks for a best of {view.match.games}"
        if view.phase == FORCES:
            return f"Anachronism{game}: choosing {'warriors' if view.match else 'forces'}"
        if view.phase == PLACING:
            return f"Anachronism{game}: placing the warriors"
        if view.phase == SUPPORTS:
            return f"Anachronism{game}: {'choosing' if view.match else 'laying down'} supports"
        return f"Anachronism{game}: round {view.round} of {ROUNDS}"

    def _score_text(self, match: Match, view: AnachronismPublicView) -> str:
        score = view.match
        wins = " – ".join(f"{match.at_seat(seat).name} {won}" for seat, won in enumerate(score.wins))
        draws = f", {score.draws} drawn" if score.draws else ""
        needed = score.games // 2 + 1
        piles = f" Discard piles: press {self.panel_label}." if self.board_has_buttons(match) else ""
        return f"{wins}{draws} (the first to {needed} wins takes the match).{piles}"

    def _situation(self, match: Match, view: AnachronismPublicView) -> str:
        if view.outcome is not None:
            return "The fight is over."
        if view.phase == STACKS:
            done = [
                f"{mention(match.at_seat(seat))}: {'ready ✅' if ready else 'building…'}"
                for seat, ready in enumerate(view.match.stacks_ready)
            ]
            return (
                f"Each player builds a tournament stack in private (press {self.panel_label}): "
                f"{view.match.games} warriors with different names and four supports for each, no card twice.\n"
                + "\n".join(done)
            )
        if view.phase == FORCES and view.match is not None:
            done = [
                f"{mention(match.at_seat(f.seat))}: {'ready ✅' if f.chosen else 'choosing…'}" for f in view.fighters
            ]
            return (
                f"Each player chooses a warrior from their stack in private (press {self.panel_label}).\n"
                + "\n".join(done)
            )
        if view.phase == FORCES:
            done = [
                f"{mention(match.at_seat(f.seat))}: {'ready ✅' if f.chosen else 'choosing…'}" for f in view.fighters
            ]
            picking = f"Each player picks a warrior and four supports in private (press {self.panel_label})."
            return picking + "\n" + "\n".join(done)
        if view.phase == SUPPORTS:
            done = [
                f"{mention(match.at_seat(f.seat))}: {'ready ✅' if f.chosen else 'choosing…'}" for f in view.fighters
            ]
            what = "chooses four supports from their stack and lays them" if view.match else "lays their four supports"
            return f"Each player {what} down in private (press {self.panel_label}).\n" + "\n".join(done)
        if view.phase == PLACING and view.placing is not None:
            who = mention(match.at_seat(view.placing))
            if view.match is not None and view.match.lead is not None:
                winner = match.at_seat(view.match.lead).name
                return (
                    f"{winner} won the last game, so chooses and places a warrior first; then the other player, "
                    f"having seen it. Now: {who} chooses a warrior (press {self.panel_label}) and places it."
                )
            return f"{who} places a warrior in their starting row (the lower set-up roll places first)."
        lines = []
        if view.pending_roll is not None:
            lines.append(f"{self.roll_text(match, view.pending_roll)}.")
        if view.question is not None:
            lines.append(self._question_text(match, view))
        if view.active is not None:
            who = f"{SEAT_MARKS[view.active]} {mention(match.at_seat(view.active))}"
            actions = counted(view.actions_left, "action")
            if view.question is None:
                lines.append(f"{who}'s turn: {actions} left.")
            elif view.actions_left:  # the turn goes on once the question is answered
                lines.append(f"Then {who}'s turn goes on: {actions} left.")
        return "\n".join(lines)

    def _question_text(self, match: Match, view: AnachronismPublicView) -> str:
        question = view.question
        who = mention(match.at_seat(question.seat))
        if question.kind == STEP:
            name = self._ability_name(UseAbility(question.card, question.index))
            return (
                f"{who} moves with {name}: up to {question.steps} more space(s), or turns in place instead, or "
                "stops there."
            )
        if question.kind == CHOOSE_ATTACK:
            return f"{who} chooses what to make the attack an ability gave with."
        if question.kind == DISCARD:
            return f"{who} has too many cards of a kind in play and chooses which to discard."
        if question.kind == CHOOSE_TARGET:
            name = self._ability_name(UseAbility(question.card, question.index))
            return f"{who} chooses which opposing warrior {name} is aimed at."
        if question.kind == CHOOSE_DIE:
            name = self._ability_name(UseAbility(question.card, question.index))
            dice = ", ".join(question.options)
            return (
                f"{who} chooses which die of {match.at_seat(question.target).name}'s roll ({dice}) {name} rolls again."
            )
        return f"Waiting for {who} to decide whether to use an ability."

    def _decline_label(self, view: AnachronismPublicView) -> str:
        """What saying no means: stopping a move, or using none of the abilities offered at one moment."""
        question = view.question
        if question is not None and question.kind == STEP:
            return "Stop here"
        if sum(isinstance(action, UseAbility) for action in view.offered) > 1:
            return "Use none of them"
        return "Decline"

    def _fighter_name(self, match: Match, view: AnachronismPublicView, fighter: FighterView) -> str:
        player = match.at_seat(fighter.seat).name
        if view.teams:
            player = f"{player} (team {TEAM_NAMES[fighter.team]})"
        if not fighter.warrior:
            return f"{SEAT_MARKS[fighter.seat]} {player}"
        return f"{SEAT_MARKS[fighter.seat]} {player}: {self.pool.warrior(fighter.warrior).name}"

    def _fighter_text(self, match: Match, fighter: FighterView) -> str:
        if fighter.fallen:
            return "💀 fell, and has left the arena"
        if not fighter.warrior:
            return "not in the arena yet"
        if fighter.defeated:
            return f"💀 fell on {space_name(fighter.space)} · ⭐ Exp {fighter.experience}"
        lines = [
            f"❤️ Life {fighter.life} · 🏃 Speed {fighter.speed} · ⭐ Exp {fighter.experience}",
            f"on {space_name(fighter.space)}, facing {FACING_NAMES[fighter.facing]}",
        ]
        lines.extend(f"▸ {self.pool.support(card).name} ({self.pool.support(card).type})" for card in fighter.face_up)
        lines.append(f"{fighter.face_down} face down")
        if fighter.discarded:
            lines.append("Discarded: " + ", ".join(self.pool.support(card).name for card in fighter.discarded))
        lines.extend(self._prohibition_text(match, each) for each in fighter.prohibited)
        return "\n".join(lines)[:1024]

    def _prohibition_text(self, match: Match, prohibition: Prohibition) -> str:
        """What a warrior cannot do, whose ability says so, and until when (ruling C8): "⛔ Cannot move: Bea's
        Take Them Living (Itzel Obsidian-Eye), until Bea's next turn"."""
        card = (
            self.pool.warrior(prohibition.card)
            if prohibition.card.startswith("wr-")
            else self.pool.support(prohibition.card)
        )
        ability = next(
            (each.name for each in card.abilities
             if any(effect.kind == "prohibit" and effect.what == prohibition.what for effect in each.effects)),
            card.name,
        )  # fmt: skip
        owner = match.at_seat(prohibition.seat).name
        doing = {
            "move": "Cannot move", "rotate": "Cannot turn", "weapon_attack": "Cannot attack with a weapon",
            "basic_attack": "Cannot make a basic attack",
        }  # fmt: skip
        until = {
            "turn": "this turn",
            "round": "this round",
            "until_your_next_turn": f"until {owner}'s next turn",
            "next_attack": f"until {owner}'s next attack",
        }.get(prohibition.until, f"while {card.name} is in play")
        return f"⛔ {doing[prohibition.what]}: {owner}'s {ability} ({card.name}), {until}"

    def roll_text(self, match: Match, shown: Roll) -> str:
        """The attack whose rolls wait on choices, in words with its dice: "🎲 Bea attacks Cy with the Ash Spear:
        🎲 5+6 +1 = 12 vs 🎲 2+4 = 6, not counted yet"."""
        attacker, defender = match.at_seat(shown.seat).name, match.at_seat(shown.target).name
        rolls = f"{dice_text(shown.dice, shown.bonus)} vs {dice_text(shown.other_dice, shown.other_bonus)}"
        return f"🎲 {attacker} attacks {defender} with {self._weapon(shown.source)}: {rolls}, not counted yet"

    def _weapon(self, source: str) -> str:
        return "a basic attack" if source == "basic" else the(self.pool.support(source).name)

    def board_menus(self, match: Match, view: AnachronismPublicView) -> Sequence[Menu]:
        actions = self._board_actions_of(match, view)
        menus = []
        moves = [a for a in actions if isinstance(a, Move)]
        if moves:
            mover = view.fighters[view.question.seat if view.question is not None else view.active]
            choices = [
                Choice(
                    f"Move {FACING_NAMES[m.direction]} to {space_name(step(mover.space, m.direction))}, "
                    f"then face {FACING_NAMES[m.facing]}",
                    m.notation,
                )
                for m in moves
            ]
            ability_move = view.question is not None and view.question.kind == STEP
            menus.append(Menu("Move one space (free)…" if ability_move else "Move one space…", choices))
        attacks = [a for a in actions if isinstance(a, Attack)]
        if attacks:
            created = view.question is not None and view.question.kind == CHOOSE_ATTACK
            choices = [Choice(self._attack_label(match, view, a), a.notation) for a in attacks]
            menus.append(Menu("Attack (free) with…" if created else "Attack…", choices))
        turns = [a for a in actions if isinstance(a, Rotate)]
        if turns:
            ability_move = view.question is not None and view.question.kind == STEP
            menus.append(
                Menu(
                    "Turn in place instead (free)…" if ability_move else "Turn to face…",
                    [Choice(f"Face {FACING_NAMES[a.facing]}", a.notation) for a in turns],
                )
            )
        places = [a for a in actions if isinstance(a, Place)]
        if places:
            choices = [
                Choice(
                    f"Space {a.column + 1} of {'your' if a.row < 0 else match.at_seat(a.row).name + chr(39) + 's'} row"
                    f" ({space_name(starting_row(view.placing if a.row < 0 else a.row)[a.column])})",
                    a.notation,
                )
                for a in places
            ]
            menus.append(Menu("Place your warrior…", choices))
        aims = [a for a in actions if isinstance(a, Aim)]
        if aims:
            ability = self._ability_name(UseAbility(view.question.card, view.question.index))
            choices = [Choice(f"{ability} at {match.at_seat(a.seat).name}", a.notation) for a in aims]
            menus.append(Menu("Aim the ability at…", choices))
        rerolls = [a for a in actions if isinstance(a, RerollDie)]
        if rerolls:
            dice = view.question.options
            choices = [Choice(f"Roll die {a.die} again (it shows {dice[a.die - 1]})", a.notation) for a in rerolls]
            menus.append(Menu("Roll which die again?", choices))
        discards = [a for a in actions if isinstance(a, Discard)]
        if discards:
            choices = [Choice(f"Discard {self.pool.support(a.card).name}", a.notation) for a in discards]
            menus.append(Menu("Too many cards: discard which?", choices))
        return menus

    def board_actions(self, match: Match, view: AnachronismPublicView) -> Sequence[Choice]:
        buttons = []
        for action in self._board_actions_of(match, view):
            if isinstance(action, UseAbility):
                buttons.append(Choice(f"Use {self._ability_name(action)}", action.notation))
            elif isinstance(action, Decline):
                buttons.append(Choice(self._decline_label(view), action.notation))
            elif isinstance(action, Pass):
                buttons.append(Choice("Pass (spend an action)", action.notation))
            elif isinstance(action, EndTurn):
                buttons.append(Choice("End turn", action.notation))
        return buttons

    def _board_actions_of(self, match: Match, view: AnachronismPublicView) -> tuple:
        """The actions the player the board waits on may take, from the public view."""
        return view.offered

    def _attack_label(self, match: Match, view: AnachronismPublicView, attack: Attack) -> str:
        target = match.at_seat(attack.target).name
        name = "Basic attack" if attack.source == "basic" else self.pool.support(attack.source).name
        modifier = view.modifier_of(attack.notation)
        return f"{name} on {target} ({modifier:+d})"

    def _ability_name(self, action: UseAbility) -> str:
        card = self.pool.warrior(action.card) if action.card.startswith("wr-") else self.pool.support(action.card)
        return card.abilities[action.index].name

    # -- the private panel ----------------------------------------------------------------------------------

    def panel(self, match: Match, view: AnachronismSeatView) -> PrivatePanel:
        embed = discord.Embed(title="Your force", colour=discord.Colour.dark_gold())
        picks: list[Choice] = []
        buttons: list[Choice] = []
        notes: list[str] = []
        if view.team_cards:
            names = [self.pool.warrior(card).name if card.startswith("wr-") else self.pool.support(card).name
                     for card in view.team_cards]  # fmt: skip
            embed.add_field(name="Your teammate's cards (a team never has a card twice)", value=", ".join(names)[:1024])
        if view.stack is not None:
            self._add_stack_fields(embed, match, view)
            if view.stacking:
                return self._stack_panel(embed, view)
            if not view.warrior:
                warriors = [
                    Choice(self._warrior_label(self.pool.warrior(action.warrior)), action.notation)
                    for action in view.legal_actions
                    if isinstance(action, ChooseWarrior)
                ]
                embed.description = (
                    "Choose the warrior of your stack that fights this game."
                    if warriors
                    else "Waiting for the other player."
                )
                return PrivatePanel(embed, picks=warriors, pick_placeholder="Choose your warrior for this game")
        if not view.warrior:
            embed.description = (
                "**Quick play**: choose a warrior, and its ready-made pack of four supports comes with it. "
                "Or build a **custom force**: choose a warrior, then add any four supports."
            )
            quick, custom = [], []
            taken = set(view.team_cards)
            for warrior in self.pool.warriors if view.choosing else ():
                if warrior.id in taken:
                    continue  # a teammate's: a team never has a card twice
                label = self._warrior_label(warrior)
                if not taken & set(warrior.pack):
                    quick.append(Choice(label, ChooseForce(warrior.id, warrior.pack).notation))
                custom.append(Choice(label, ChooseWarrior(warrior.id).notation))
            menus = (Menu("Custom force: choose a warrior", custom),) if custom else ()
            return PrivatePanel(embed, picks=quick, pick_placeholder="Quick play: choose a warrior", menus=menus)
        warrior = self.pool.warrior(view.warrior)
        embed.description = f"**{warrior.name}**, {warrior.culture}: {warrior.flavour}"
        for ability in warrior.abilities:
            embed.add_field(name=ability.name, value=ability.text, inline=False)
        order = []
        for position, card in enumerate(view.supports, start=1):
            support = self.pool.support(card)
            text = " ".join(ability.text for ability in support.abilities)
            order.append(f"{position}. **{support.name}** ({support.type}, initiative {support.initiative}): {text}")
        supports = "\n".join(order)[:1024] or "none yet"
        embed.add_field(name="Supports, left (revealed first) to right", value=supports, inline=False)
        menus = []
        from_stack = [
            Choice(self._support_label(action.card), action.notation)
            for action in view.legal_actions
            if isinstance(action, AddSupport)
        ]
        if from_stack:
            menus.append(Menu("Add a support of your stack to this game's force", from_stack))
            notes.append(f"Add {SUPPORTS_PER_FORCE - len(view.supports)} more support(s) to your force.")
        if view.building:
            menus.extend(self._pool_support_menus((*view.supports, *view.team_cards)))
            notes.append(f"Add {4 - len(view.supports)} more support(s) to your force.")
        for action in view.legal_actions:
            if isinstance(action, LayDown):
                picks.append(Choice(f"Next: {self.pool.support(action.card).name}", action.notation))
            elif isinstance(action, KeepOrder):
                buttons.append(Choice("Keep this order", action.notation))
            elif isinstance(action, UseAbility) and view.offer is not None:
                buttons.append(Choice(f"Use {self._ability_name(action)}", action.notation))
            elif isinstance(action, Decline):
                buttons.append(Choice(self._decline_label(view.public), action.notation))
        if picks:
            notes.append("Lay your supports down: pick which goes next from the left, or keep this order.")
        elif view.public.phase in (FORCES, PLACING) and len(view.supports) == SUPPORTS_PER_FORCE:
            notes.append("Your force is chosen. Once the warriors are placed, you lay its supports down in order.")
        return PrivatePanel(
            embed, picks=picks, buttons=buttons, pick_placeholder="Lay down next", notes=notes, menus=menus
        )

    def _warrior_label(self, warrior) -> str:
        numbers = f"Life {warrior.life}, Speed {warrior.speed}, Exp {warrior.experience}"
        return f"{warrior.name} ({warrior.culture}): {numbers}"

    def _support_label(self, card: str) -> str:
        support = self.pool.support(card)
        return f"{support.name} ({support.type}, initiative {support.initiative})"

    def _pool_support_menus(self, taken: Sequence[str]) -> list[Menu]:
        """A menu of the pool's supports not `taken` for each type (the panel splits one over 25 options)."""
        untaken = [card for card in self.pool.supports if card.id not in taken]
        menus = []
        for kind, placeholder in SUPPORT_MENUS.items():
            choices = [
                Choice(self._support_label(card.id), AddSupport(card.id).notation)
                for card in untaken
                if card.type == kind
            ]
            if choices:
                menus.append(Menu(placeholder, choices))
        return menus

    def _add_stack_fields(self, embed: discord.Embed, match: Match, view: AnachronismSeatView) -> None:
        """A tournament player's stack (what no game has used yet) and both discard piles, which are open."""
        stack = view.stack
        warriors = [self.pool.warrior(card).name for card in stack.warriors if card not in stack.used]
        supports = [self.pool.support(card).name for card in stack.supports if card not in stack.used]
        embed.add_field(
            name="Your stack, not used yet",
            value=("Warriors: " + (", ".join(warriors) or "none") + "\nSupports: " + (", ".join(supports) or "none"))[
                :1024
            ],
            inline=False,
        )
        for seat, pile in enumerate(view.public.match.discards):
            names = [self.pool.warrior(card).name if card.startswith("wr-") else self.pool.support(card).name
                     for card in pile]  # fmt: skip
            owner = "Your" if seat == view.seat else f"{match.at_seat(seat).name}'s"
            embed.add_field(name=f"{owner} discard pile", value=(", ".join(names) or "empty")[:1024], inline=False)

    def _stack_panel(self, embed: discord.Embed, view: AnachronismSeatView) -> PrivatePanel:
        """Building a tournament stack from the pool: warriors with their packs, warriors alone, supports."""
        games, stack = view.public.match.games, view.stack
        embed.description = (
            f"Build your tournament stack: {games} warriors with different names and {games * SUPPORTS_PER_FORCE} "
            f"supports (four for each warrior), no card twice. Each game of the match uses one warrior and four "
            f"supports of it that no earlier game used."
        )
        menus: list[Menu] = []
        if len(stack.warriors) < games:
            fresh = [warrior for warrior in self.pool.warriors if warrior.id not in stack.warriors]
            room = games * SUPPORTS_PER_FORCE - len(stack.supports) >= SUPPORTS_PER_FORCE
            packs = [
                Choice(self._warrior_label(warrior), ChooseForce(warrior.id, warrior.pack).notation)
                for warrior in fresh
                if room and not set(warrior.pack) & set(stack.supports)
            ]
            if packs:
                menus.append(Menu("Add a warrior with its ready-made pack", packs))
            alone = [Choice(self._warrior_label(warrior), ChooseWarrior(warrior.id).notation) for warrior in fresh]
            menus.append(Menu("Add a warrior alone", alone))
        elif len(stack.supports) < games * SUPPORTS_PER_FORCE:
            # A panel has five rows: the supports' four menus come once the warriors are chosen.
            menus.extend(self._pool_support_menus(stack.supports))
        buttons = [Choice("Start my stack over", action.notation) for action in view.legal_actions
                   if isinstance(action, ClearStack)]  # fmt: skip
        notes = [f"{len(stack.warriors)} of {games} warriors, {len(stack.supports)} of {games * 4} supports."]
        if len(stack.warriors) < games and len(stack.supports) < games * SUPPORTS_PER_FORCE:
            notes.append("Choose your warriors first; then a menu of each type of support lets you add the rest.")
        return PrivatePanel(embed, buttons=buttons, notes=notes, menus=menus)

    def replay_chapter(self, match: Match, events: Sequence[Event]) -> str | None:
        rounds = [event.data["round"] for event in events if event.kind is AnachronismEvent.ROUND_STARTED]
        return f"Round {rounds[-1]}" if rounds else None

    def begins_a_game(self, event: Event) -> bool:
        return event.kind is AnachronismEvent.GAME_ENDED

    def describe(self, match: Match, events: Sequence[Event], seat: int | None) -> list[str]:
        """A line for each thing that happened, in the order it happened; every event of this game is public."""
        lines = []
        for event in events:
            if event.is_visible_to(seat):
                line = self._event_line(match, event)
                if line:
                    lines.append(line)
        return lines

    def _event_line(self, match: Match, event: Event) -> str:
        """One event in words, with its dice and with places named as the picture's edges name them ("B3")."""
        kind, data = event.kind, event.data
        who = match.at_seat(event.seat).name if event.seat is not None else ""
        ability = data.get("ability", "")
        if kind is AnachronismEvent.STACK_READY:
            return f"{who}'s tournament stack is ready."
        if kind is AnachronismEvent.FORCE_CHOSEN:
            return f"{who} is ready (what they chose stays secret until it is revealed)."
        if kind is AnachronismEvent.SETUP_ROLLED:
            return f"{who} rolled {dice_text(data['dice'])} to place (the lower roll places first)."
        if kind is AnachronismEvent.PLACED:
            warrior = self.pool.warrior(data["warrior"]).name
            facing = f", facing {FACING_NAMES[data['facing']]}" if "facing" in data else ""
            return f"{who} placed {warrior} on {space_name(data['space'])}{facing}."
        if kind is AnachronismEvent.ROUND_STARTED:
            return f"**Round {data['round']} of {ROUNDS}** begins."
        if kind is AnachronismEvent.REVEALED:
            how = " (an ability turned it)" if data.get("flipped") else ""
            return f"{who} turned up {self._card_text(data['card'])}{how}."
        if kind is AnachronismEvent.TURNED_DOWN:
            return f"{who}'s {self.pool.support(data['card']).name} was turned face down."
        if kind is AnachronismEvent.INITIATIVE:
            return self._initiative_line(match, data)
        if kind is AnachronismEvent.ROLLED_OFF:
            rolls = ", ".join(
                f"{match.at_seat(roller).name} {dice_text(dice)}"
                for roller, dice in zip(data["seats"], data["dice"], strict=True)
            )
            return f"A tie, settled by a roll-off: {rolls}."
        if kind is AnachronismEvent.TURN_STARTED:
            return f"{who}'s turn: {counted(data['actions'], 'action')}."
        if kind is AnachronismEvent.MOVED:
            return f"{who} moved to {space_name(data['to'])} and faces {FACING_NAMES[data['facing']]}."
        if kind is AnachronismEvent.ROTATED:
            by = f" ({ability})" if ability else ""
            return f"{who} turned to face {FACING_NAMES[data['facing']]}{by}."
        if kind is AnachronismEvent.PUSHED:
            return f"{who} was moved to {space_name(data['to'])} by {ability}."
        if kind is AnachronismEvent.PASSED:
            return f"{who} passed, spending an action."
        if kind is AnachronismEvent.ABILITY_USED:
            return f"{who} used {ability} ({self._card_name(data['card'])})."
        if kind is AnachronismEvent.DISCARDED:
            return f"{who} discarded {the(self.pool.support(data['card']).name)}."
        if kind is AnachronismEvent.REROLLED:
            return f"{who}'s roll had a die rolled again: {dice_text(data['was'])} became {dice_text(data['dice'])}."
        if kind is AnachronismEvent.LIFE_CHANGED:
            change = data["change"]
            if data.get("ended"):  # a Life change given for a while, undone
                verb = "lost" if change < 0 else "got back"
                return f"{who} {verb} {abs(change)} Life as the effect of {the(self._card_name(data['card']))} ended."
            if change < 0:
                return f"{who} lost {-change} Life to {ability}."
            return f"{who} gained {change} Life from {ability}."
        if kind is AnachronismEvent.EXPERIENCE_CHANGED:
            change = data["change"]
            verb = "gained" if change >= 0 else "lost"
            return f"{who} {verb} {abs(change)} Experience from {ability}."
        if kind is AnachronismEvent.ATTACKED:
            return self._attack_line(match, event)
        if kind is AnachronismEvent.FELL:
            names = " and ".join(match.at_seat(fallen).name for fallen in data["seats"])
            return f"💀 {names}'s warrior fell and left the arena."
        if kind is AnachronismEvent.GAME_ENDED:
            return self._game_ended_text(match, event) + "."
        return ""  # GAME_OVER: the record and the board end with the outcome itself

    def _attack_line(self, match: Match, event: Event) -> str:
        """ "bob attacked carol with the Ash Spear: 🎲 5+6 +1 = 12 vs 🎲 2+4 = 6, hit, 2 damage"."""
        data = event.data
        attack, defense = data["attack_dice"], data["defense_dice"]
        rolls = (
            f"{dice_text(attack, data['attack_total'] - sum(attack))}{self._best_of(data, 'attack')} vs "
            f"{dice_text(defense, data['defense_total'] - sum(defense))}{self._best_of(data, 'defense')}"
        )
        if data["hit"] and data["critical"]:
            why = "a double" if len(attack) == 2 and attack[0] == attack[1] else "an ability's"
            result = f"critical hit ({why}), {data['damage']} damage"
        elif data["hit"]:
            result = f"hit, {data['damage']} damage"
        else:
            result = "miss"
        extra = " (an extra attack an ability gave)" if data.get("created") else ""
        attacker, defender = match.at_seat(event.seat).name, match.at_seat(data["target"]).name
        return f"{attacker} attacked {defender} with {self._weapon(data['source'])}{extra}: {rolls}, {result}."

    @staticmethod
    def _best_of(data: dict, role: str) -> str:
        """ " (best two of 1, 6, 5)" where a roll had more dice than counted."""
        rolled = data.get(f"{role}_rolled")
        return f" (best two of {', '.join(map(str, rolled))})" if rolled else ""

    def _initiative_line(self, match: Match, data: dict) -> str:
        """ "Initiative: bob 4, carol 4; carol goes first (more Experience)"."""
        values = ", ".join(
            f"{match.at_seat(seat).name} {'none' if value is None else value}"
            for seat, value in enumerate(data["initiative"])
            if seat in data.get("order", range(len(data["initiative"])))
        )
        order = data.get("order") or [data["first"]]
        why = {"experience": " (more Experience)", "roll": " (won the roll-off)"}.get(data["by"], "")
        first = match.at_seat(order[0]).name
        rest = f", then {', '.join(match.at_seat(seat).name for seat in order[1:])}" if len(order) > 1 else ""
        return f"Initiative: {values}; {first} goes first{why}{rest}."

    def _card_name(self, card: str) -> str:
        return self.pool.warrior(card).name if card.startswith("wr-") else self.pool.support(card).name

    def _card_text(self, card: str) -> str:
        support = self.pool.support(card)
        return f"{the(support.name)} ({support.type}, Initiative {support.initiative})"

    def announcements(self, match: Match, events: Sequence[Event]) -> Sequence[Announcement]:
        """The end of each game of a tournament match, and the score; and each warrior that falls in a game of
        more than two, in the channel."""
        said = []
        for event in events:
            if event.kind is AnachronismEvent.FELL:
                names = " and ".join(match.at_seat(seat).name for seat in event.data["seats"])
                said.append(Announcement(f"💀 {names}'s warrior fell and leaves the arena."))
            if event.kind is AnachronismEvent.GAME_ENDED:
                said.append(Announcement(self._game_ended_text(match, event) + "."))
        return said

    def _game_ended_text(self, match: Match, event: Event) -> str:
        """The end of one game of a tournament match, and the score."""
        data = event.data
        score = " – ".join(f"{match.at_seat(seat).name} {won}" for seat, won in enumerate(data["wins"]))
        if event.seat is None:
            return f"Game {data['game']} of the match is a draw. The score: {score}"
        fell = data["reason"] == AnachronismEnd.DEFEAT
        how = "the other warrior fell" if fell else "more Life or Experience after five rounds"
        return f"⚔️ {match.at_seat(event.seat).name} wins game {data['game']} ({how}). The score: {score}"

    def outcome_text(self, match: Match, outcome: Outcome) -> str:
        if outcome.reason is AnachronismEnd.MATCH and not outcome.winners:
            return "The match is a draw: both players won as many games."
        if not outcome.winners:
            return "After five rounds neither warrior had more Life or Experience: a draw."
        winner = " and ".join(mention(match.at_seat(seat)) for seat in outcome.winners)
        if outcome.reason is AnachronismEnd.MATCH:
            return f"🏆 {winner} won the match."
        if outcome.reason is AnachronismEnd.DRAW:
            return f"🏆 {winner} share the win: after five rounds, as much Life and Experience as each other."
        if len(match.players) > 2:
            side = "team" if len(outcome.winners) > 1 else "warrior"
            if outcome.reason is AnachronismEnd.DEFEAT:
                return f"🏆 {winner} won: the last {side} standing."
            return f"🏆 {winner} won after five rounds, with the most Life (then Experience)."
        if outcome.reason is AnachronismEnd.DEFEAT:
            return f"🏆 {winner} won: the other warrior fell."
        return f"🏆 {winner} won after five rounds, with more Life (or, at equal Life, more Experience)."

    def final_detail(self, match: Match, view: AnachronismPublicView, outcome: Outcome, seat: Seat) -> str:
        """A tournament match's games won; a game's warrior with the Life and Experience it ended with."""
        if view.match is not None:
            return f"{counted(view.match.wins[seat], 'game')} won"
        fighter = view.fighters[seat]
        if not fighter.warrior:
            return ""
        name = self.pool.warrior(fighter.warrior).name
        if fighter.defeated:
            return f"{name} fell"
        return f"{name}: ❤️ Life {fighter.life} · ⭐ Exp {fighter.experience}"
