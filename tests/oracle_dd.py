"""A slow, plainly correct double-dummy solver, used only to check :mod:`equity.dd.solve`.

It is a full minimax over every legal card (no pruning, no search heuristics), memoised
on the position at the start of each trick, and it shares no code with the solver under
test beyond the card vocabulary of :mod:`equity.core.game.cards`. The rules it encodes are the
whole of the card play:

* a player must follow the suit led if able, otherwise may play any card;
* a trick is won by the highest trump in it, or, if it holds no trump, by the highest
  card of the suit led;
* the trick's winner leads to the next trick.

Cards are handled as bit indices (``16 * suit + rank``, the model's layout) for speed;
endings of up to five cards a hand take well under a second.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from equity.core.game.cards import Card, CardSet, Seat, Side, Strain

Hands = tuple[CardSet, CardSet, CardSet, CardSet]


def _bits(cs: CardSet) -> list[int]:
    """The bit indices of a card set."""
    out = []
    while cs:
        low = cs & -cs
        out.append(low.bit_length() - 1)
        cs ^= low
    return out


def legal_cards(hand: CardSet, trick: tuple[Card, ...]) -> list[Card]:
    """The cards ``hand`` may play to ``trick``: the suit led if it has any, else anything."""
    led = trick[0].suit if trick else None
    return [Card.from_bit(i) for i in _legal(hand, None if led is None else int(led))]


def _legal(hand: CardSet, led: int | None) -> list[int]:
    if led is None:
        return _bits(hand)
    following = hand & (0x7FFC << (16 * led))
    return _bits(following or hand)


def trick_winner(trick: tuple[Card, ...], leader: Seat, strain: Strain) -> Seat:
    """The seat that wins a complete four-card trick led by ``leader``."""
    return leader.after(_winner_index([c.suit * 16 + c.rank for c in trick], strain))


def _winner_index(trick: list[int], strain: Strain) -> int:
    """Which of the four cards (0 = the lead) wins: highest trump, else highest of suit led."""
    assert len(trick) == 4
    suits = [c >> 4 for c in trick]
    trumps = [i for i in range(4) if strain != Strain.NT and suits[i] == int(strain)]
    contenders = trumps or [i for i in range(4) if suits[i] == suits[0]]
    return max(contenders, key=lambda i: trick[i] & 15)


Search = Callable[[Hands, int, tuple[int, ...]], int]


def _make_search(strain: Strain) -> Search:
    """The NS-trick minimax for one strain: ``search(hands, leader, trick)``."""

    @cache
    def from_trick_start(hands: Hands, leader: int) -> int:
        if hands[leader] == 0:
            return 0
        return within_trick(hands, leader, ())

    def within_trick(hands: Hands, leader: int, trick: tuple[int, ...]) -> int:
        """NS tricks from here on (this trick included) with ``trick`` already played."""
        seat = (leader + len(trick)) % 4
        led = trick[0] >> 4 if trick else None
        ns_to_move = seat % 2 == 0
        best: int | None = None
        for card in _legal(hands[seat], led):
            rest = list(hands)
            rest[seat] &= ~(1 << card)
            after = (rest[0], rest[1], rest[2], rest[3])
            played = (*trick, card)
            if len(played) < 4:
                value = within_trick(after, leader, played)
            else:
                winner = (leader + _winner_index(list(played), strain)) % 4
                value = (1 if winner % 2 == 0 else 0) + from_trick_start(after, winner)
            if best is None or (value > best if ns_to_move else value < best):
                best = value
        assert best is not None, "the player to move holds no cards"
        return best

    def search(hands: Hands, leader: int, trick: tuple[int, ...]) -> int:
        return within_trick(hands, leader, trick) if trick else from_trick_start(hands, leader)

    return search


def tricks_left(hands: Hands, leader: Seat, trick: tuple[Card, ...]) -> int:
    """Tricks still to be decided, the current one included."""
    return hands[leader.after(len(trick))].bit_count()


def oracle_tricks(
    hands: Hands,
    strain: Strain,
    leader: Seat,
    trick: tuple[Card, ...],
    side: Side,
    search: Search | None = None,
) -> int:
    """Tricks ``side`` takes from this position on (current trick included), best play.

    ``search`` lets several calls on one deal share a memo; by default each call has its own.
    """
    bits = tuple(c.suit * 16 + c.rank for c in trick)
    ns = (search or _make_search(strain))(hands, int(leader), bits)
    return ns if side == Side.NS else tricks_left(hands, leader, trick) - ns


def oracle_card_values(
    hands: Hands, strain: Strain, leader: Seat, trick: tuple[Card, ...], side: Side
) -> dict[Card, int]:
    """For each legal card of the player to play: tricks ``side`` takes if it is played."""
    to_play = leader.after(len(trick))
    search = _make_search(strain)
    out = {}
    for card in legal_cards(hands[to_play], trick):
        rest = list(hands)
        rest[to_play] &= ~card.bit
        after = (rest[0], rest[1], rest[2], rest[3])
        played = (*trick, card)
        if len(played) < 4:
            ns = oracle_tricks(after, strain, leader, played, Side.NS, search)
        else:
            winner = trick_winner(played, leader, strain)
            won = 1 if winner.side == Side.NS else 0
            ns = won + oracle_tricks(after, strain, winner, (), Side.NS, search)
        total = tricks_left(hands, leader, trick)
        out[card] = ns if side == Side.NS else total - ns
    return out
