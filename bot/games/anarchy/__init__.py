"""Anarchy: a shedding card game for 2-6 players with one standard 52-card deck.

A face-up indicator card sets trump for the whole game, and both its rank and its suit are trump. A card may
go on the play pile when it is a trump, matches the top card's rank, or follows the top card's suit in the
current direction; plays inside a non-trump suit set that direction up or down, and a Jack, Queen or King
reverses it. A player who cannot play draws. The first player to empty their hand wins.

The published rules leave several points open; rulings A1-A8 in the project's RULINGS.md settle them and are
cited where they apply. Where even the rulings are silent (a game that could otherwise run for ever, how the
seats that did not win are ranked), the decision is explained beside the code that makes it.

The modules, each imported by name (this package re-exports nothing):

- `cards`: the cards and the deck, and which card may follow which: trump, direction, the refusal wording;
- `actions`: what a player may do: play a card, draw, or pass after drawing;
- `events`: what can happen in a match, and why a match ends;
- `state`: the table options and the whole match state, secrets included;
- `views`: what the table, or one seat, may see of the state;
- `computers`: how a computer player chooses its move;
- `rules`: `AnarchyRules`, the game's declaration and its moves: dealing, playing, drawing and the end.
"""
