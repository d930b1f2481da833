"""Anokera: the doomed city. Players play resource cards onto three columns; a marked card clears its column and
the citizens die by violence, famine or disaster. Each player secretly serves a god who favours one kind of death.

A turn plays one marked card, or one or two unmarked cards, from a face-up row onto the columns. Three different
resources on top of a column cancel out (a combo); a marked card counts runs down its column and kills by the
resources it meets. The game ends when the city is empty or the deck has run out twice; then the secret roles
are shown and scored. Rulings K1-K6 in the project's RULINGS.md settle what the printed rules leave open (the
role sheet is missing from them and is our design), and are cited where they apply.

The modules, each imported by name (this package re-exports nothing):

- `content`: the role sheet read from data/anokera: patrons, templates, roles, and how a role scores;
- `cards`: the 36 resource cards, which are marked, and the death each pair of resources brings;
- `columns`: combos and clearings on one column;
- `actions`: playing a card onto a column, and ending a turn after one card;
- `events`: what can happen in a match, and why a match ends;
- `state`: the table options and the whole match state, secret roles included;
- `computers`: which card a computer plays, weighed by its own role;
- `views`: what the table, or one seat, may see, and the roles shown at the end;
- `rules`: `AnokeraRules`, the game's declaration and its turns, the end and the scores.
"""
