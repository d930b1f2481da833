"""Anachronism: warriors fight in a 4x4 arena for five rounds, each with four support cards laid face down and
revealed one a round. On a turn a warrior spends its Speed in actions: move, turn, attack with its own grid or a
weapon's, or use an Action ability. Attacks are 2d6 against 2d6, with the grid's and the cards' modifiers.

Two players fight a single game or a tournament match (best of 3 or 5); three or four fight every one for
themselves, or two against two. The state is a tuple of fighters by seat.
Rulings C1-C8 in the project's RULINGS.md settle what the rulebook leaves open.

The modules, each imported by name (this package re-exports nothing):

- `content`: the cards, warriors and supports, with abilities written in a small effect vocabulary (the list is
  in its docstring), read from data/anachronism;
- `arena`: the 4x4 grid's geometry: spaces, facings, starting rows, attack grids turned with the warrior;
- `dice`: two dice from the match's seeded source;
- `actions`: choosing and laying down a force, placing, the turn's actions, and the answers to the game's questions;
- `events`: what can happen in a match, and why a match ends;
- `state`: fighters, rounds, the attack in progress and the choices waiting, and the rolls shown;
- `abilities`: the interpreter: what the cards in play add to a warrior's numbers, and their conditions and limits;
- `routines`: the named routines of the `code` effect, for the rare ability the vocabulary cannot say;
- `computers`: how a computer player chooses its force and plays its turns;
- `timing`: `AnachronismGame`, the rules with the computer players' timers (the rules never import the computer);
- `views`: what the table, or one seat, may see;
- `combat`: attacks (rolls, after-roll choices, ties, criticals, damage, hit and miss abilities, defeat) and
  carrying out a used ability's cost and effects;
- `tournament`: matches of several games (best of 3 or 5): tournament stacks, the games in turn and the score;
- `forces`: choosing forces (or a tournament game's warrior and supports), the set-up rolls and placement;
- `initiative`: the turn order by Initiative, and tie-breaks by Experience and roll-offs;
- `rules`: `AnachronismRules`, the turn structure: forces, set-up, rounds, restrictions, turns and the end.
"""
