"""A position in the card play, and the rules of play: the one Python door to the kernel.

A :class:`Position` is who still holds what, the strain, who led the current trick and the
cards already played to it. It knows whose turn it is, which cards he may play
(:meth:`Position.legal`, Law 44C), whether a card would be a revoke
(:meth:`Position.is_revoke`, Law 61A) and what the position is after a card
(:meth:`Position.play`, a complete trick being won by its winner, Laws 44E/44G). Every
rule is decided by the C card-play kernel (:mod:`equity._native`, native/kernel.c); the
whole-record replay is :mod:`equity.core.game.replay`, which uses the same kernel.

A position also carries the requirements of Law 50 in force (:class:`LeadRule` and
major penalty cards, :attr:`Position.penalties`): :meth:`Position.legal` applies them (a
penalty card that may legally be played must be, 50D1; a required or forbidden lead
suit, Laws 26, 50D2, 56) and :meth:`Position.play` keeps them up to date. Where they come
from in a replayed record is :meth:`~.replay.Replay.position`. A position without them
behaves, and costs, exactly as plain follow-suit play.

Like python-chess's ``Board``, a position is a value: playing a card gives a new one.
Held-but-not-legal cards (revokes) may be played, because a revoke is a fact of the play
to be ruled on, not an impossibility; cards not held may not.
"""

from __future__ import annotations

from collections.abc import Sequence

from msgspec import Struct

from equity import _native
from equity.core.game.cards import SEATS, Card, CardSet, ModelError, Seat, Strain, Suit


def follow_suit_cards(hand: CardSet, suit_led: Suit | None) -> CardSet:
    """Law 44C: the cards of the suit led if any are held; otherwise any card."""
    return _native.follow_suit(hand, -1 if suit_led is None else int(suit_led))


def legal_cards(
    hand: CardSet,
    suit_led: Suit | None,
    lead_suit_required: Suit | None = None,
    penalty_card: Card | None = None,
) -> CardSet:
    """The cards a player may play (Laws 44 and 61A).

    ``lead_suit_required`` is a lead penalty in force on this lead (Laws 26, 50D2, 56):
    a card of that suit must be led if held. ``penalty_card`` is a major penalty card
    that must be played at the first legal opportunity (Law 50D1), when following suit
    allows it.
    """
    return _native.legal(hand, -1 if suit_led is None else int(suit_led),
                         -1 if lead_suit_required is None else int(lead_suit_required),
                         -1 if penalty_card is None else 16 * penalty_card.suit
                         + penalty_card.rank)


class LeadRule(Struct, frozen=True):
    """A rule on ``seat``'s lead: he must lead ``suit`` if he can on his next lead (a
    lead penalty, Laws 26 and 56, or declarer's requirement under Law 50D2(a)); or, when
    ``forbidden``, he may not lead ``suit`` (while he can lead another) for as long as he
    retains the lead (declarer's prohibition under Law 50D2(a))."""

    seat: Seat
    suit: Suit
    forbidden: bool = False

    def __str__(self) -> str:
        return f"{self.seat.name} {'not ' if self.forbidden else ''}lead {self.suit.name}"


def trick_winner(plays: Sequence[tuple[Seat, Card]], trump: Suit | None) -> Seat:
    """Law 44E/44G: the highest trump wins, else the highest card of the suit led."""
    return plays[_native.trick_winner(4 if trump is None else int(trump), len(plays),
                                      *(16 * c.suit + c.rank for _, c in plays))][0]


class Position(Struct, frozen=True):
    """The cards each seat still holds, the strain, who led the current trick and the
    cards already played to it (0-3, in order). The player to play is
    ``leader.after(len(trick))``.

    ``hands`` are the cards still held, indexed by :class:`~equity.core.game.cards.Seat`; the
    cards in ``trick`` are no longer in anyone's hand. Nothing is checked on
    construction: the double-dummy stage validates what it is given
    (:mod:`equity.dd.checks`).
    """

    hands: tuple[CardSet, CardSet, CardSet, CardSet]
    strain: Strain
    leader: Seat
    trick: tuple[Card, ...] = ()
    penalties: CardSet = 0
    """Major penalty cards in force (Law 50): face up on the table, still in their
    holders' hands (a card here that no seat holds means nothing)."""
    leads: tuple[LeadRule, ...] = ()
    """Rules on leads in force (Laws 26, 50D2, 56), in the order they arose."""

    @property
    def free(self) -> Position:
        """The same cards without any requirement: what a double-dummy solver, which
        knows no penalty card, is asked about (free play from here)."""
        if not (self.penalties or self.leads):
            return self
        return Position(self.hands, self.strain, self.leader, self.trick)

    @property
    def to_play(self) -> Seat:
        """The seat whose turn it is: the leader, then clockwise once per card on the trick."""
        return SEATS[(self.leader + len(self.trick)) % 4]

    @property
    def tricks_left(self) -> int:
        """Tricks still to be decided, the current trick included: the cards the player to
        play still holds."""
        return self.hands[self.to_play].bit_count()

    @property
    def suit_led(self) -> Suit | None:
        """The suit led to the current trick (None when the next card is a lead)."""
        return self.trick[0].suit if self.trick else None

    def legal(self) -> CardSet:
        """The cards the player to play may play: Law 44C, follow suit if able; with
        requirements in force, also Law 50D1 (of his major penalty cards, those he may
        legally play are then the only legal cards: with two or more, which one is the
        non-offenders' designation, :mod:`equity.core.player.decision`) and a lead rule on his
        lead (Laws 26, 50D2, 56). Decided in the kernel (``eq_legal_mask``)."""
        if self.penalties or self.leads:
            return self._legal_required()
        return follow_suit_cards(self.hands[self.to_play], self.suit_led)

    def _legal_required(self) -> CardSet:
        seat = self.to_play
        lead, forbidden = -1, 0
        if not self.trick:
            for r in self.leads:
                if r.seat != seat:
                    continue
                if r.forbidden:
                    forbidden |= 1 << r.suit
                elif lead < 0:
                    lead = int(r.suit)
        return _native.legal_mask(self.hands[seat],
                                  -1 if not self.trick else int(self.trick[0].suit),
                                  lead, forbidden, self.penalties)

    def is_revoke(self, card: Card) -> bool:
        """Whether playing ``card`` now would be a revoke: held, but not legal (Law 61A;
        with requirements in force, also 61A2: a penalty card or a lead not made)."""
        hand = self.hands[self.to_play]
        return bool(hand & card.bit) and not self.legal() & card.bit

    @property
    def penalty_due(self) -> bool:
        """Whether the player to play must play one of his major penalty cards now (Law
        50D1): the decision is forced, or the non-offenders designate among them."""
        return bool(self.penalties and self.legal() & self.penalties)

    @property
    def revoke_on_trick(self) -> bool:
        """Whether a card already on the current trick was a revoke: its player could have
        followed suit with a card he still holds (a standing revoke in mid-trick, which a
        double-dummy solver cannot take)."""
        if not self.trick:
            return False
        led = self.trick[0].suit
        return any(c.suit != led and self.hands[self.leader.after(i)] & led.mask
                   for i, c in enumerate(self.trick) if i > 0)

    def play(self, card: Card) -> Position:
        """The position after the player to play plays ``card`` (legal or a revoke); the
        fourth card of a trick completes it and its winner leads next (Laws 44E/44G).
        Raises :class:`~equity.core.game.cards.ModelError` for a card he does not hold."""
        seat = self.to_play
        if not self.hands[seat] & card.bit:
            raise ModelError(f"{seat.long_name} does not hold {card}")
        hands = list(self.hands)
        hands[seat] &= ~card.bit
        h = (hands[0], hands[1], hands[2], hands[3])
        trick = (*self.trick, card)
        if self.penalties or self.leads:
            return self._play_required(h, trick, seat, card)
        if len(trick) < 4:
            return Position(h, self.strain, self.leader, trick)
        winner = trick_winner([(self.leader.after(i), c) for i, c in enumerate(trick)],
                              self.strain.trump)
        return Position(h, self.strain, winner, ())

    def _play_required(self, h: tuple[CardSet, CardSet, CardSet, CardSet],
                       trick: tuple[Card, ...], seat: Seat, card: Card) -> Position:
        """:meth:`play` keeping the requirements up to date: a penalty card played is
        gone (50D1); a lead requirement lasts for the seat's next lead (26, 50D2, 56: met,
        or void in the suit); a lead prohibition lasts while its seat retains the lead
        (50D2(a))."""
        penalties = self.penalties & ~card.bit
        leads = self.leads
        if len(trick) == 1:
            i = next((k for k, r in enumerate(leads) if r.seat == seat and not r.forbidden),
                     None)
            if i is not None:
                leads = leads[:i] + leads[i + 1:]
        if len(trick) < 4:
            return Position(h, self.strain, self.leader, trick, penalties, leads)
        winner = trick_winner([(self.leader.after(i), c) for i, c in enumerate(trick)],
                              self.strain.trump)
        leads = tuple(r for r in leads if not r.forbidden or r.seat == winner)
        return Position(h, self.strain, winner, (), penalties, leads)

    def with_requirements(self, penalties: CardSet, leads: tuple[LeadRule, ...] = ()
                          ) -> Position:
        """This position with these requirements in force (replacing any)."""
        return Position(self.hands, self.strain, self.leader, self.trick, penalties, leads)
