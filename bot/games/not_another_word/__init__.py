"""Not Another Word: build 3 to 5 letter words from letter cards; the first to play every card wins.

A word lies on the table as a row of letter stacks. On a turn a player makes a new word by typing it: placing a
card from their hand on one stack, adding a card as a new stack (at most five), or combining two stacks (at
least three remain, no card leaves the hand), rearranging the stacks as they like; or they exchange cards with
the draw pile. Whoever draws its last card starts the final round. Rulings N1-N7 in the project's RULINGS.md
settle what the printed rules leave open, and are cited where they apply.

The modules, each imported by name (this package re-exports nothing):

- `content`: the word list with each word's SCOWL size, and the blocklist, read from data/not_another_word;
- `dictionary`: the index that answers "is this a word?" and "which words can follow this one?" by signature;
- `cards`: the 100 letter cards of the deck and their ids;
- `judging`: which of the three word moves a typed word is, or why it is none (ruling N4), and the stacks after;
- `actions`: making a word and exchanging cards, and their notation;
- `events`: what can happen in a match, and why a match ends;
- `state`: the table options and the whole match state, secrets included;
- `computers`: what a computer player does on its turn, and when;
- `views`: what the table, or one seat, may see;
- `rules`: `NotAnotherWordRules`, the game's declaration and its turns: dealing, words, exchanges and the end.
"""
