"""Attacks and abilities' effects in Anachronism: rolling an attack, the after-roll choices, counting it (ties,
criticals, damage), the hit and miss abilities, defeat and the end; and carrying out one ability's cost and
effects. `Combat` is a part of `AnachronismRules` (rules.py), which holds the turn structure; what the cards add
to a warrior's numbers is in `abilities`.
"""

from __future__ import annotations

from dataclasses import replace

from bot.engine import Event, Seat, SeededRandom
from bot.engine.codec import encode
from bot.games.anachronism import abilities
from bot.games.anachronism.abilities import in_play, number, other_party, with_fighter, without_turn_uses
from bot.games.anachronism.arena import FACINGS
from bot.games.anachronism.content import Ability, CardPool, Effect
from bot.games.anachronism.events import AnachronismEnd, AnachronismEvent
from bot.games.anachronism.qualities import amount, has_quality
from bot.games.anachronism.routines import ROUTINES
from bot.games.anachronism.state import (
    CHOOSE_ATTACK,
    CHOOSE_TARGET,
    PLAYING,
    STEP,
    USE,
    WHILE_IN_PLAY,
    AnachronismState,
    AttackRoll,
    Lasting,
    Offer,
    Roll,
)

HIT_OR_MISS = ("on_hit", "on_being_hit", "on_miss", "on_being_missed")
"""The triggers of the abilities that answer an attack once it is counted."""
AIMED = ("extra_attack", "push", "rotate", "code")
"""Effects on the ability's own warrior that still need an opposing warrior: to attack, push away, turn toward, or
(the one routine) trade places with."""


class Combat:
    """Attacks and abilities' effects, for `AnachronismRules` (which supplies the pool, the numbers, ties and
    card restrictions)."""

    pool: CardPool

    # -- attacks ------------------------------------------------------------------------------------------------

    def _roll_attack(self, state: AnachronismState, pending: AttackRoll, events: list) -> AnachronismState:
        """Roll both dice (or take a set roll), then offer the after-roll abilities: the active player first."""
        rng = SeededRandom(state.rng_state)
        set_rolls = tuple(seat for seat in (pending.attacker, pending.defender) if state.fighters[seat].set_next_roll)
        attack_dice, attack_keep, state = self._dice(state, pending.attacker, pending, rng)
        defense_dice, defense_keep, state = self._dice(state, pending.defender, pending, rng)
        attack = replace(
            pending, attack_dice=attack_dice, defense_dice=defense_dice, set_rolls=set_rolls, attack_keep=attack_keep,
            defense_keep=defense_keep,
        )  # fmt: skip
        state = replace(state, rng_state=rng.state, attack=attack, passed=())
        if state.stage != "turn":
            # Outside any turn (a Reveal ability's attack, say), "once each turn" is once in each situation where
            # it applies, and each attack roll is its own (usage restrictions).
            state = replace(state, fighters=tuple(without_turn_uses(fighter) for fighter in state.fighters))
        active = self._roll_owner(state)
        offers = []
        for seat in (active, other_party(state.attack, active)):
            for card, index, ability in in_play(self.pool, state.fighters[seat]):
                mandatory = ability.trigger == "after_rolls" and not ability.optional
                if mandatory and abilities.usable(self.pool, state, seat, card, index, ability, attack):
                    state = self._use(state, seat, card, index, ability, events)
            offers.extend(self._after_roll_offers(state, seat))
        return replace(state, offers=tuple(offers))

    def _roll_owner(self, state: AnachronismState) -> Seat:
        """Who decides first about the rolls of the attack in progress (see `_first_to_answer`)."""
        return self._first_to_answer(state, state.attack.attacker, state.attack.defender)

    def _first_to_answer(self, state: AnachronismState, attacker: Seat, defender: Seat) -> Seat:
        """Who is asked first about abilities reacting to an attack: the active player (outside a turn, the one
        who won the round's Initiative: the glossary), or for an attack between two others the attacker."""
        return state.active if state.active in (attacker, defender) else attacker

    def _after_roll_offers(self, state: AnachronismState, seat: Seat) -> list[Offer]:
        """The seat's optional after-roll abilities that it may use on the rolls in progress, and that would do
        something (a set roll has no die to re-roll)."""
        attack = state.attack
        return [
            Offer(seat, USE, card, index)
            for card, index, ability in in_play(self.pool, state.fighters[seat])
            if ability.trigger == "after_rolls"
            and ability.optional
            and abilities.usable(self.pool, state, seat, card, index, ability, attack)
            and self._does_something(state, seat, card, index, ability)
        ]

    def _bonuses(self, state: AnachronismState, attack: AttackRoll) -> tuple[int, int]:
        """What the attack and defence rolls add to their dice: the grid's and the cards' modifiers (an attack "at
        +X" adds X alone, ruling C5)."""
        attack_bonus = attack.modifier
        if not attack.fixed:
            attack_bonus += number(self.pool, state, attack.attacker, "attack_roll", attack)
        return attack_bonus, number(self.pool, state, attack.defender, "defense_roll", attack)

    def _pending_roll(self, state: AnachronismState) -> Roll | None:
        attack = state.attack
        if attack is None:
            return None
        attack_bonus, defense_bonus = self._bonuses(state, attack)
        return Roll(
            attack.attacker, attack.defender, attack.source, attack.counted(attack.attacker), attack_bonus,
            attack.counted(attack.defender), defense_bonus,
        )  # fmt: skip

    def _resolve_attack(self, state: AnachronismState, events: list) -> AnachronismState:
        """Count the rolls: a hit beats the defence; ties go to Experience, then a roll. Doubles on a hit double
        the base damage before other changes. Then the hit or miss abilities, and the end of the attack."""
        pool, attack = self.pool, state.attack
        attacker, defender = attack.attacker, attack.defender
        attack_bonus, defense_bonus = self._bonuses(state, attack)
        attack_dice, defense_dice = attack.counted(attacker), attack.counted(defender)
        attack_total = sum(attack_dice) + attack_bonus
        defense_total = sum(defense_dice) + defense_bonus
        if attack_total != defense_total:
            hit = attack_total > defense_total
        else:
            state, winner, _ = self._tie(state, attacker, defender, events)
            hit = winner == attacker
        # Doubles, or an ability that makes the hit count as a critical one (the glossary: critical hit).
        critical = hit and (
            attack.doubles(attacker) or attack.critical or number(pool, state, attacker, "critical", attack) > 0
        )
        damage = 0
        if hit:
            base = (
                pool.warrior(state.fighters[attacker].warrior).damage
                if attack.source == "basic"
                else pool.support(attack.source).damage
            )
            damage = max(0, base * (2 if critical else 1) + number(pool, state, attacker, "damage", attack))
            target = state.fighters[defender]
            state = with_fighter(state, defender, replace(target, life=target.life - damage))
        data = {
            "source": attack.source, "target": defender, "attack_dice": list(attack_dice),
            "defense_dice": list(defense_dice), "attack_total": attack_total, "defense_total": defense_total,
            "hit": hit, "critical": critical, "damage": damage, "created": attack.created,
        }  # fmt: skip
        for role, seat in (("attack", attacker), ("defense", defender)):
            if len(attack.dice_of(seat)) != len(attack.counted(seat)):  # the best two of more dice counted
                data[f"{role}_rolled"] = list(attack.dice_of(seat))
        events.append(Event(AnachronismEvent.ATTACKED, attacker, data))
        # The attacker's "next attack" effects are spent by this one: dropped before the hit or miss abilities,
        # which may give a new one for the attack after (Find the Range, Glass Teeth).
        state = abilities.ended(state, lambda each: each.seat == attacker and each.until == "next_attack", events)
        state = replace(state, attack=None, passed=())
        if any(fighter.life <= 0 for fighter in state.fighters if not fighter.fallen):
            # The attack that defeats a warrior ends the game (of two): abilities after it are not used (advanced
            # rules), nor in a game of more, where it goes on without the fallen warrior.
            return self._check_defeat(state, events, by=attacker)
        triggers = {attacker: "on_hit", defender: "on_being_hit"} if hit else {
            attacker: "on_miss", defender: "on_being_missed"
        }  # fmt: skip
        first = self._first_to_answer(state, attacker, defender)  # simultaneous abilities: the active player first
        offers = []
        for seat in (first, other_party(attack, first)):
            trigger = triggers[seat]
            for card, index, ability in list(in_play(pool, state.fighters[seat])):
                if self._over(state):
                    break  # an ability before this one ended the game
                if ability.trigger != trigger or not abilities.usable(pool, state, seat, card, index, ability, attack):
                    continue
                if not ability.optional:
                    state = self._use(state, seat, card, index, ability, events, attack)
                elif self._does_something(state, seat, card, index, ability, attack):
                    # A limited ability is its owner's choice (usage restrictions), asked only when it would do
                    # something, so a limit is never spent on nothing.
                    offers.append(Offer(seat, USE, card, index, target=other_party(attack, seat)))
        state = self._check_defeat(state, events, by=attacker)
        return state if self._over(state) else replace(state, offers=(*state.offers, *offers))

    def _check_defeat(self, state: AnachronismState, events: list, by: Seat | None = None) -> AnachronismState:
        """Warriors at 0 Life or below fall and leave the arena; the last warrior (or team) standing wins, and
        when the last ones fall at once they share the win. In a game that goes on, the warrior `by` whose attack
        or ability defeated them may use its `on_defeat` abilities."""
        down = tuple(seat for seat in abilities.standing(state) if state.fighters[seat].life <= 0)
        if not down or self._over(state):
            return state
        standing = tuple(seat for seat in abilities.standing(state) if seat not in down)
        if len({abilities.team_of(state, seat) for seat in standing}) > 1:
            for seat in down:
                fighter = state.fighters[seat]
                state = with_fighter(state, seat, replace(fighter, space=None, fallen=True))
                # Its cards leave play, and it has no next turn: what lasted until then ends now (ruling C8).
                state = abilities.left_play(state, seat, (fighter.warrior, *fighter.face_up), next_turn=True)
            events.append(Event(AnachronismEvent.FELL, None, {"seats": list(down)}))
            state = self._without(replace(state, fallen=(*state.fallen, down)), down)
            return self._defeated_by(state, by, down, events)
        # The game is over: the fallen stay where they fell, on the last picture.
        state = replace(state, fallen=(*state.fallen, down))
        # Placings: the side left standing (a team counts its fallen), then the fallen, the last to fall first.
        first = tuple(seat for seat in range(state.seat_count) if standing and
                      abilities.team_of(state, seat) == abilities.team_of(state, standing[0]))  # fmt: skip
        rest = [tuple(seat for seat in group if seat not in first) for group in reversed(state.fallen)]
        placings = tuple(group for group in (first, *rest) if group)
        result = AnachronismEnd.DEFEAT if len(placings) > 1 else AnachronismEnd.DRAW
        return self._end(replace(state, offers=(), queued=(), attack=None), result, placings, events)

    def _without(self, state: AnachronismState, down: tuple[Seat, ...]) -> AnachronismState:
        """The game goes on without the fallen: their questions, their attacks and the attacks on them are gone
        (a fallen active player's turn is over: it has no actions left)."""
        offers = tuple(offer for offer in state.offers if offer.seat not in down and offer.target not in down)
        queued = tuple(each for each in state.queued if each.attacker not in down and each.defender not in down)
        attack = state.attack
        if attack is not None and (attack.attacker in down or attack.defender in down):
            attack = None
        passed = tuple(offer for offer in state.passed if offer.seat not in down and offer.target not in down)
        return replace(state, offers=offers, queued=queued, attack=attack, passed=passed)

    def _finish_after_five(self, state: AnachronismState, events: list) -> AnachronismState:
        """After the fifth round: more Life wins, then more Experience, else a draw (a team counts its standing
        warriors' Life, then Experience, together); the fallen come after, the last to fall first."""
        standing = abilities.standing(state)
        sides: dict[int, list[Seat]] = {}
        for seat in standing:
            sides.setdefault(abilities.team_of(state, seat), []).append(seat)

        def strength(side: int) -> tuple[int, int]:
            members = sides[side]
            return (sum(state.fighters[seat].life for seat in members),
                    sum(self.experience(state, seat) for seat in members))  # fmt: skip

        groups: list[tuple[Seat, ...]] = []
        for level in sorted({strength(side) for side in sides}, reverse=True):
            level_sides = [side for side in sides if strength(side) == level]
            # A team is placed whole, its fallen with it; in a free-for-all each standing warrior is its own side.
            groups.append(
                tuple(
                    seat
                    for seat in range(state.seat_count)
                    if abilities.team_of(state, seat) in level_sides and (state.teams or seat in standing)
                )
            )
        placed = {seat for group in groups for seat in group}
        for group in reversed(state.fallen):
            if rest := tuple(seat for seat in group if seat not in placed):
                groups.append(rest)
        tied = len([side for side in sides if strength(side) == max(map(strength, sides))]) > 1
        return self._end(state, AnachronismEnd.DRAW if tied else AnachronismEnd.LIFE, tuple(groups), events)

    def _over(self, state: AnachronismState) -> bool:
        """Whether the game in play has ended (in a tournament match, the next game may have begun)."""
        return state.result is not None or state.phase != PLAYING

    def _end(self, state: AnachronismState, result: AnachronismEnd, placings: tuple, events: list) -> AnachronismState:
        if state.tournament is not None:
            return self.game_ended(state, result, placings, events)
        state = replace(state, result=result, placings=placings)
        events.append(Event(AnachronismEvent.GAME_OVER, None, encode(self.outcome(state))))
        return state

    # -- using an ability ----------------------------------------------------------------------------------------

    def _aims(self, state: AnachronismState, seat: Seat, ability: Ability, attack: AttackRoll | None) -> tuple:
        """The warriors the ability may be aimed at ("your opponent", "another warrior"): during an attack the seat
        is in, the other warrior of it; else each opposing warrior for which its condition holds, or for "another"
        each warrior but its own, a teammate too (in a game of more than two, its owner chooses one). Empty when
        it aims at nobody."""
        aimed = any(effect.who != "self" or effect.kind in AIMED for effect in ability.effects)
        if not aimed:
            return ()
        if attack is not None and seat in (attack.attacker, attack.defender):
            return (other_party(attack, seat),)
        if any(effect.who == "another" for effect in ability.effects):
            return tuple(other for other in abilities.standing(state) if other != seat)
        if ability.condition == "adjacent":
            return abilities.adjacent_opposing(state, seat)
        if ability.condition.startswith("opponent_"):
            quality, _, value = ability.condition.removeprefix("opponent_").partition(":")
            return tuple(other for other in abilities.opposing(state, seat)
                         if has_quality(self.pool, state, other, quality, value))  # fmt: skip
        return abilities.opposing(state, seat)

    def _use(
        self, state: AnachronismState, seat: Seat, card: str, index: int, ability: Ability, events: list,
        attack: AttackRoll | None = None, aim: Seat = -1,
    ) -> AnachronismState:  # fmt: skip
        """Pay the ability's cost, then carry out its effects (see the `content` module for what each does), on
        the opposing warrior `aim` (or the only one it can be; with several, first ask its owner which). An
        ability whose cost it cannot pay does nothing."""
        attack = attack or state.attack
        if aim < 0:
            aims = self._aims(state, seat, ability, attack)
            if len(aims) > 1:
                choice = Offer(seat, CHOOSE_TARGET, card, index, options=tuple(str(each) for each in aims))
                return replace(state, offers=(choice, *state.offers))
            aim = aims[0] if aims else -1
        if state.fighters[seat].life <= ability.life_cost:
            return state  # the cost cannot be paid any more
        state = abilities.mark_used(state, seat, card, index, ability)
        state = self._pay(state, seat, card, ability, events)
        events.append(Event(AnachronismEvent.ABILITY_USED, seat, {"card": card, "ability": ability.name}))
        return self._effects(state, seat, card, index, ability, aim, 0, events)

    def _pay(self, state: AnachronismState, seat: Seat, card: str, ability: Ability, events: list) -> AnachronismState:
        """The ability's cost: its card to the discard pile, or Life (the costs)."""
        if ability.cost == "discard_this" and card in state.fighters[seat].face_up:
            state = self._discard(state, seat, card, events)
        if ability.life_cost:
            fighter = state.fighters[seat]
            state = with_fighter(state, seat, replace(fighter, life=fighter.life - ability.life_cost))
            told = {"ability": ability.name, "change": -ability.life_cost}
            events.append(Event(AnachronismEvent.LIFE_CHANGED, seat, told))
        return state

    def _effects(
        self, state: AnachronismState, seat: Seat, card: str, index: int, ability: Ability, other: Seat, start: int,
        events: list,
    ) -> AnachronismState:  # fmt: skip
        """Carry out the ability's effects from the `start`th on, aimed at `other` (-1: nobody). A move asks its
        player space by space: the effects after it wait until the move is done (`_after_step`)."""
        for position, effect in enumerate(ability.effects[start:], start):
            target = seat if effect.who == "self" else other
            if target < 0:
                continue  # aimed at an opponent, with none to aim at
            kind = effect.kind
            told = {"ability": ability.name}
            value = amount(self.pool, state, seat, effect)
            if kind == "move" and abilities.ability_moves(self.pool, state, seat):
                # The player moves space by space where they choose, or turns in place instead; a card that
                # forbids moving or turning overrides this one (the golden rules), which `ability_moves` follows.
                then = position + 1 if position + 1 < len(ability.effects) else 0
                step_by_step = Offer(seat, STEP, card, index, steps=value, target=other, then=then)
                return self._check_defeat(replace(state, offers=(step_by_step, *state.offers)), events, by=seat)
            if kind == "critical" and state.attack is not None and not ability.duration:
                if state.attack.attacker == target:
                    state = replace(state, attack=replace(state.attack, critical=True))
            elif kind in (*abilities.NUMBERS, "critical", "extra_die", "keep_best"):
                if kind == "experience" and not ability.duration:
                    fighter = state.fighters[target]
                    state = with_fighter(
                        state, target, replace(fighter, experience_change=fighter.experience_change + value)
                    )
                    events.append(Event(AnachronismEvent.EXPERIENCE_CHANGED, target, {**told, "change": value}))
                else:
                    state = self._lasting(state, seat, card, ability, replace(effect, amount=value, per=""), other)
            elif kind in ("life", "deal_damage"):
                change = value if kind == "life" else -value
                fighter = state.fighters[target]
                state = with_fighter(state, target, replace(fighter, life=fighter.life + change))
                events.append(Event(AnachronismEvent.LIFE_CHANGED, target, {**told, "change": change}))
                if kind == "life" and ability.duration:
                    # Life given for a while is taken back when the duration ends (the ability durations).
                    timed = Lasting(seat, replace(effect, amount=change, per=""), ability.duration, state.round,
                                    target, card)  # fmt: skip
                    state = replace(state, lasting=(*state.lasting, timed))
            elif kind == "reroll" and state.attack is not None and effect.what == "choose":
                state = self._choose_die(state, seat, card, index, target)
            elif kind == "reroll" and state.attack is not None:
                state = self._reroll(state, target, events, own=target == seat)
            elif kind == "set_roll":
                state = with_fighter(state, seat, replace(state.fighters[seat], set_next_roll=value))
            elif kind == "extra_attack" and other >= 0:
                state = self._extra_attack(state, seat, other, replace(effect, amount=value))
            elif kind == "push" and other >= 0:
                state = self._displaced(state, abilities.pushed_away(self.pool, state, seat, other), told, events)
            elif kind == "rotate" and other >= 0 and not abilities.prohibited(self.pool, state, target, "rotate"):
                # Your warrior turns to face the opposing one; an opposing warrior turns its back on yours.
                facing = abilities.toward(state, seat, other)
                if target != seat:
                    facing = FACINGS[(FACINGS.index(abilities.toward(state, other, seat)) + 2) % 4]
                state = with_fighter(state, target, replace(state.fighters[target], facing=facing))
                events.append(Event(AnachronismEvent.ROTATED, target, {**told, "facing": facing}))
            elif kind == "flip":
                state = self._flip(state, target, events, own=target == seat)
            elif kind == "code" and other >= 0:
                state = self._displaced(state, ROUTINES[effect.what](self.pool, state, seat, other), told, events)
            elif kind == "prohibit" and ability.trigger != "continuous":
                state = self._lasting(state, seat, card, ability, effect, other)
        return self._check_defeat(state, events, by=seat)

    def _after_step(self, state: AnachronismState, offer: Offer, events: list) -> AnachronismState:
        """An ability's move is done: the effects after it follow ("move two spaces, then attack")."""
        if not offer.then:
            return state
        ability = self._ability(offer.card, offer.index)
        return self._effects(state, offer.seat, offer.card, offer.index, ability, offer.target, offer.then, events)

    def _lasting(
        self, state: AnachronismState, seat: Seat, card: str, ability: Ability, effect: Effect, target: Seat
    ) -> AnachronismState:
        """An effect that lasts for the ability's duration; with none given, while its card is in play, so not at
        all when the card paid for it by leaving play (the ability durations)."""
        until = ability.duration or WHILE_IN_PLAY
        if until == WHILE_IN_PLAY and not abilities.is_in_play(state.fighters[seat], card):
            return state
        return replace(state, lasting=(*state.lasting, Lasting(seat, effect, until, state.round, target, card)))

    def _does_something(
        self, state: AnachronismState, seat: Seat, card: str, index: int, ability: Ability,
        attack: AttackRoll | None = None, aim: Seat = -1,
    ) -> bool:  # fmt: skip
        """Whether using the ability would change the match beyond paying its cost and counting its use: a move
        with no room, a re-roll of a set roll or a card to turn that is not there would not (on some warrior it
        may be aimed at). Such an ability is neither offered nor used, so that nobody waits on a choice nobody
        has."""
        aims = self._aims(state, seat, ability, attack or state.attack) if aim < 0 else (aim,)
        if len(aims) > 1:
            return any(self._does_something(state, seat, card, index, ability, attack, each) for each in aims)
        paid = self._pay(state, seat, card, ability, [])
        used = self._use(state, seat, card, index, ability, [], attack, aims[0] if aims else -1)

        def without_uses(each: AnachronismState) -> AnachronismState:
            return replace(each, fighters=tuple(replace(fighter, uses=()) for fighter in each.fighters))

        return without_uses(used) != without_uses(paid)

    def _displaced(
        self, before: AnachronismState, after: AnachronismState, told: dict, events: list
    ) -> AnachronismState:
        """`after`, with an event for each warrior an ability moved from where it stood in `before`."""
        for seat, (was, now) in enumerate(zip(before.fighters, after.fighters, strict=True)):
            if now.space != was.space and now.space is not None:
                events.append(Event(AnachronismEvent.PUSHED, seat, {**told, "to": list(now.space)}))
        return after

    def _extra_attack(self, state: AnachronismState, seat: Seat, target: Seat, effect: Effect) -> AnachronismState:
        """An attack the ability makes: "at +X" from anywhere (with the basic attack, or where the card says a
        weapon attack, a face-up weapon of the player's choice), else from a grid that reaches the target; limited
        to a basic or a weapon attack where the card says so ("extra", "additional" and "created" attacks)."""
        if effect.what == "at_plus":
            sources = self.usable_sources(state, seat, effect.attack or "basic")
        else:
            sources = self.sources_in_reach(state, seat, target, effect.attack)
        at_plus = effect.amount if effect.what == "at_plus" else None
        if len(sources) > 1:
            choice = Offer(seat, CHOOSE_ATTACK, options=sources, target=target, at_plus=at_plus)
            return replace(state, offers=(choice, *state.offers))
        # With nothing in reach the attack is not possible from here: nothing happens.
        return self._queue_created(state, seat, target, sources[0], at_plus) if sources else state

    def usable_sources(self, state: AnachronismState, seat: Seat, kind: str = "") -> tuple[str, ...]:
        """What `seat` may attack with, wherever the target is: its face-up weapons, then the basic attack, less
        what a card forbids, and only a `basic` or `weapon` attack where `kind` says so."""
        weapons = () if abilities.prohibited(self.pool, state, seat, "weapon_attack") else self.weapons(state, seat)
        basic = () if abilities.prohibited(self.pool, state, seat, "basic_attack") else ("basic",)
        return {"basic": basic, "weapon": weapons}.get(kind, (*weapons, *basic))

    def sources_in_reach(self, state: AnachronismState, seat: Seat, target: Seat, kind: str = "") -> tuple[str, ...]:
        """What `seat` could attack `target` with from where it stands, weapons first: the sources it may use (see
        `usable_sources`) whose grids hold the target."""
        where = state.fighters[target].space
        return tuple(source for source in self.usable_sources(state, seat, kind)
                     if where in self.grid_of(state, seat, source))  # fmt: skip

    def _queue_created(
        self, state: AnachronismState, seat: Seat, target: Seat, source: str, at_plus: int | None = None
    ) -> AnachronismState:
        if at_plus is None:
            modifier = self.grid_of(state, seat, source)[state.fighters[target].space]
            created = AttackRoll(seat, target, source, modifier, False, (0, 0), (0, 0), created=True)
        else:
            created = AttackRoll(seat, target, source, at_plus, True, (0, 0), (0, 0), created=True)
        return replace(state, queued=(*state.queued, created))

    def _flip(self, state: AnachronismState, target: Seat, events: list, *, own: bool) -> AnachronismState:
        """Turn your own leftmost face-down support face up (its Reveal ability is not used), or another player's
        newest face-up support face down. The card restrictions are checked again at once, either way (rules.py
        does so before anything else happens)."""
        fighter = state.fighters[target]
        if own and fighter.face_down:
            card = fighter.face_down[0]
            events.append(Event(AnachronismEvent.REVEALED, target, {"card": card, "flipped": True}))
            return with_fighter(state, target, fighter.turning_up(card))
        if not own and fighter.face_up:
            card = fighter.face_up[-1]
            fighter = replace(fighter, face_up=fighter.face_up[:-1], turned_down=(*fighter.turned_down, card))
            events.append(Event(AnachronismEvent.TURNED_DOWN, target, {"card": card}))
            return abilities.left_play(with_fighter(state, target, fighter), target, (card,))
        return state
