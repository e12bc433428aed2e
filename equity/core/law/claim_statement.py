"""What a claim statement says at each card of the play (Laws 68C, 70B, 70D1).

Law 68C asks for "a clear statement of the line of play or defence through which the
claimer proposes to win the tricks claimed, including the order in which the cards will
be played"; Law 70B holds him to it (he may not add to it); 70D1 fills what he left
unsaid with the normal line least successful for him. This module reads the
statement (:class:`~equity.core.game.claim.Claim`) card by card: at each card of a hand
the claimer controls it gives the cards the statement leaves him (:class:`Said`), or
nothing when the statement says nothing of that card (every normal card is then
considered, :mod:`equity.core.law.claim_lines`).

The steps are taken in the order stated; a step is under way until it is done:

* ``HA HK`` — each card is played by its holder as soon as it is the next card of the
  step still held and may be played; done when its cards are gone;
* ``trumps`` — each lead of the claimer's side is a trump while the opponents hold one
  (a hand without trumps leads as it will); done when they hold none;
* ``ruff SUIT [SEAT]`` — the ruffer (the claimer unless named) ruffs the trick of SUIT
  in progress or the next one, and his partner, on lead, leads the suit for it; done
  when the ruffer has played to a trick of SUIT. A ruffer who still holds the suit
  announces a revoke (seed 003, :attr:`Said.revoke`);
* ``crossruff`` — each lead is a side suit that the other hand can ruff, and a hand
  void in the suit led ruffs (unless partner's trump already lies on the trick); done
  at the first lead that cannot be one;
* ``winners`` — each lead is a card no opponent can beat in its suit; done at the first
  lead without one;
* ``concede N`` — says how many tricks he gives up, nothing of the play;
* ``N SUIT`` — says how many tricks he counted in a suit, nothing of the order: every
  normal order is his (70D1; "a statement of intended tricks does not necessarily mean
  that this was the line of play to be adopted", EBU appeal, 2011); what it tells is
  his belief, :func:`~equity.core.law.claim_lines.overlooked`;
* ``finesse CARD`` — his partner, on lead, leads CARD's suit, and CARD is played when
  its holder plays to that suit (unless an opponent's higher card lies on the trick);
  done when CARD's holder has played to a trick of that suit;
* ``squeeze`` — the rest of the play: every card is his to choose, but as one who
  executes the squeeze he stated (no careless slip: :mod:`equity.core.law.claim_lines`);
* ``if CONDITION: STEP`` — a line stated for one layout (70D1: a line embraced in his
  statement): STEP is followed once the play has shown the layout (the condition holds
  on every layout he could believe in); done when it has shown another. Until then it
  says nothing (every normal card is his: the doubt is his, 70A) and the steps after it
  wait;
* ``provided CONDITION: STEP`` — a line stated on his reading of the hands: when the
  deal bears the reading out (the Director sees the cards: no doubtful point), STEP is
  followed from the claim and the reading is part of his belief; when it does not, the
  step is no line of his.

Whether a condition holds is the caller's to say (:data:`Shown`): from what the claimer
can see for ``if``, from the deal for ``provided``.

The hands a statement governs (:func:`controlled`): declarer speaks for his own hand and
dummy's; a defender for his own only — Law 70D2: no part of a defender's claim that
depends on his partner choosing one of several normal plays is accepted, so his
partner's cards are every normal play.
"""

from __future__ import annotations

from collections.abc import Callable

from msgspec import Struct

from equity.core.game import (
    Card,
    CardSet,
    Claim,
    ClaimStep,
    ClaimWord,
    Condition,
    Contract,
    Position,
    Seat,
    Suit,
    cards,
)


class Said(Struct, frozen=True):
    """What the statement says of one card: the cards it leaves the player (None: it
    says nothing of this card), the step that said it, and whether the card it names
    would be a revoke."""

    allowed: CardSet | None
    step: int | None = None
    revoke: bool = False
    """The statement announces a revoke: he said he would ruff a suit he still holds
    (seed 003, "a wrong claim"); ``allowed`` are his trumps, none of them legal."""


NOTHING = Said(None)

Shown = Callable[[Condition], bool | None]
"""Whether a step's condition holds (True), fails (False) or is not yet shown (None)."""


def _pending(s: ClaimStep, shown: Shown | None) -> bool | None:
    """A conditional step's state: True while it is not yet shown (it says nothing),
    None when it is shown to hold or has no condition (the step as stated), False when
    it is shown to fail (done)."""
    if s.condition is None:
        return None
    held = shown(s.condition) if shown is not None else None
    return True if held is None else (None if held else False)


def controlled(claim: Claim, contract: Contract) -> frozenset[Seat]:
    """The hands whose cards the statement governs: declarer's and dummy's for
    declarer; a defender's own only (Law 70D2)."""
    if claim.claimer == contract.declarer:
        return frozenset((contract.declarer, contract.dummy))
    return frozenset((claim.claimer,))


def _suit(hand: CardSet, suit: Suit | None) -> CardSet:
    return hand & suit.mask if suit is not None else 0


def _opponents_hold(pos: Position, seat: Seat, suit: Suit | None) -> bool:
    return any(_suit(pos.hands[s], suit) for s in (seat.next, seat.partner.next))


def top_cards(pos: Position, seat: Seat, overlooked: CardSet = 0) -> CardSet:
    """The cards of ``seat`` that no opponent can beat in their suit (his winners, as a
    player counts them: by rank, ruffs aside); the opponents' ``overlooked`` cards
    aside (his winners as he believes them)."""
    theirs = (pos.hands[seat.next] | pos.hands[seat.partner.next]) & ~overlooked
    out = 0
    for c in cards(pos.hands[seat]):
        if not any(theirs & Card(c.suit, r).bit for r in range(c.rank + 1, 15)):
            out |= c.bit
    return out


def said(claim: Claim, at: int, pos: Position, contract: Contract,
         shown: Shown | None = None) -> tuple[Said, int]:
    """What the statement says of the next card in ``pos`` (its player one the claimer
    controls), the steps before ``at`` done; and the step under way after skipping
    those that are done now. ``shown``: whether a conditional step's layout is shown
    (without it no condition is)."""
    seat = pos.to_play
    while at < len(claim.steps):
        s = claim.steps[at]
        pending = _pending(s, shown)
        if pending:  # a layout not yet shown: nothing said, the later steps wait
            return NOTHING, at
        if pending is None and not _done(s, pos, seat, contract):
            out = _says(s, pos, seat, contract, claim)
            return (Said(out.allowed, at, out.revoke) if out.allowed is not None
                    else NOTHING), at
        at += 1
    return NOTHING, at


def after(claim: Claim, at: int, pos: Position, contract: Contract,
          shown: Shown | None = None) -> int:
    """The step under way after the player to play in ``pos`` plays: ``ruff`` and
    ``finesse`` are done once their hand has played to a trick of their suit (a
    conditional one only once its layout is shown)."""
    if at >= len(claim.steps) or not pos.trick:
        return at
    s = claim.steps[at]
    if _pending(s, shown) is not None:
        return at
    seat, led = pos.to_play, pos.suit_led
    if s.word == ClaimWord.RUFF and seat == _ruffer(s, claim) and led == s.suit:
        return at + 1
    if s.word == ClaimWord.FINESSE and seat == _holder(s, pos, seat) \
            and led == s.cards[0].suit:
        return at + 1
    return at


def _done(s: ClaimStep, pos: Position, seat: Seat, contract: Contract) -> bool:
    """Whether step ``s`` is over before ``seat`` plays."""
    side = pos.hands[seat] | pos.hands[seat.partner]
    trump = contract.strain.trump
    if s.word in (ClaimWord.CONCEDE, ClaimWord.COUNT):  # nothing said of the play
        return True
    if s.word == ClaimWord.SQUEEZE:  # the rest of the play
        return False
    if s.word == ClaimWord.CARDS:
        return not any(side & c.bit for c in s.cards)
    if s.word == ClaimWord.FINESSE:
        return not side & s.cards[0].bit
    if s.word == ClaimWord.TRUMPS:
        return not _suit(side, trump) or not _opponents_hold(pos, seat, trump)
    if pos.trick:  # the others end only at a lead
        return False
    if s.word == ClaimWord.CROSSRUFF:
        return not _crossruff_leads(pos, seat, trump)
    if s.word == ClaimWord.WINNERS:
        return not top_cards(pos, seat)
    return False


def _says(s: ClaimStep, pos: Position, seat: Seat, contract: Contract, claim: Claim
          ) -> Said:
    hand = pos.hands[seat]
    trump = contract.strain.trump
    led = pos.suit_led
    legal = pos.legal()
    if s.word == ClaimWord.CARDS:
        side = hand | pos.hands[seat.partner]
        nxt = next(c for c in s.cards if side & c.bit)
        return Said(nxt.bit) if hand & legal & nxt.bit else NOTHING
    if s.word == ClaimWord.TRUMPS:
        return Said(_suit(hand, trump)) if led is None and _suit(hand, trump) else NOTHING
    if s.word == ClaimWord.WINNERS:
        return Said(top_cards(pos, seat)) if led is None else NOTHING
    if s.word == ClaimWord.SQUEEZE:  # every card his, as the squeeze's executor
        return Said(hand & legal)
    if s.word == ClaimWord.CROSSRUFF:
        if led is None:
            return Said(_crossruff_leads(pos, seat, trump))
        return Said(_suit(hand, trump)) if _ruffs(pos, seat, trump) else NOTHING
    if s.word == ClaimWord.RUFF:
        return _ruff(s, pos, seat, claim, trump)
    return _finesse(s, pos, seat)


def _crossruff_leads(pos: Position, seat: Seat, trump: Suit | None) -> CardSet:
    """The leads of a crossruff: a side suit that partner can ruff (void in it, holding
    a trump)."""
    partner = pos.hands[seat.partner]
    if trump is None or not _suit(partner, trump):
        return 0
    return sum((_suit(pos.hands[seat], x) for x in Suit
                if x != trump and not _suit(partner, x)), 0)


def _ruffs(pos: Position, seat: Seat, trump: Suit | None) -> bool:
    """A crossruff's follower ruffs: void in a side suit led, holding a trump, his
    partner's card on the trick not a trump."""
    led = pos.suit_led
    if trump is None or led is None or led == trump or _suit(pos.hands[seat], led):
        return False
    mine = {pos.leader.after(i): c for i, c in enumerate(pos.trick)}
    theirs = mine.get(seat.partner)
    return bool(_suit(pos.hands[seat], trump)) and not (
        theirs is not None and theirs.suit == trump)


def _ruffer(s: ClaimStep, claim: Claim) -> Seat:
    return s.seat if s.seat is not None else claim.claimer


def _ruff(s: ClaimStep, pos: Position, seat: Seat, claim: Claim, trump: Suit | None
          ) -> Said:
    """``ruff SUIT``: the ruffer ruffs a trick of SUIT; his partner on lead leads it."""
    ruffer = _ruffer(s, claim)
    hand = pos.hands[seat]
    if pos.suit_led is None:
        if seat == ruffer.partner and _suit(hand, s.suit):
            return Said(_suit(hand, s.suit))
        return NOTHING
    if seat != ruffer or pos.suit_led != s.suit or not _suit(hand, trump):
        return NOTHING
    return Said(_suit(hand, trump), revoke=bool(_suit(hand, s.suit)))


def _holder(s: ClaimStep, pos: Position, seat: Seat) -> Seat | None:
    card = s.cards[0]
    for h in (seat, seat.partner):
        if pos.hands[h] & card.bit:
            return h
    return None


def _finesse(s: ClaimStep, pos: Position, seat: Seat) -> Said:
    """``finesse CARD``: lead the suit from the other hand; play CARD when its holder
    plays to the suit, unless an opponent's higher card (or a trump) is on the trick."""
    card = s.cards[0]
    holder = _holder(s, pos, seat)
    hand = pos.hands[seat]
    if pos.suit_led is None:
        if holder == seat.partner and _suit(hand, card.suit):
            return Said(_suit(hand, card.suit))
        return NOTHING
    if holder != seat or pos.suit_led != card.suit:
        return NOTHING
    for i, c in enumerate(pos.trick):
        if pos.leader.after(i).side != seat.side and (
                (c.suit == card.suit and c.rank > card.rank)
                or (c.suit != card.suit and c.suit == pos.strain.trump)):
            return NOTHING
    return Said(card.bit) if pos.legal() & card.bit else NOTHING
