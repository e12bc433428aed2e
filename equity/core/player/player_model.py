"""The player model: how often players of a class play each card, their errors included.

The decision model (:mod:`equity.core.player.decision`) says which card is *right* over
the layouts a player cannot tell apart. Real players do not always play it: measured on
real records, cards the decision model gives 95-100 % were played 71 % of the time, and
players make a double-dummy error on 6-11 % of contested decisions where the model
expects 2.7 %. This module turns a decision into **the probabilities of what a player
of a class plays** (Law 12C1(c) weighs "the probabilities of a number of potential
results"):

    p(card) = (1 - mix) * chance'(card)
              + mix * softmax(beta * mean(card) + care * found(card) + conventions)

* ``chance'`` is the decision model's chance, with the share of cards worth the same
  over his layouts (equal means) handed out among them **by convention**: the top of a
  sequence led, second hand low, covering an honour, a high spot under partner's winner,
  ... (:data:`FEATURES`, each a weight fitted on real play), instead of "the lowest card".
* The soft choice is a logit of each card's mean tricks over the player's layouts (how
  much worse a card looks to him), ``care`` for a card the decision model finds right
  in some layout, or one worth the same over all his layouts, where the cards differ
  (``found``: without it the soft choice spreads
  too much on cards that are never right, and predicts more errors than players make),
  plus the same conventions: a card that costs little
  is chosen more often than one that costs a lot, and no legal card has no chance — a
  careless overtake or a textbook "second hand low" that double dummy calls wrong.
* ``mix``, ``beta``, ``care`` and the convention weights are fitted per class of player by
  maximum likelihood on real records (``benchmarks/fitting/fit_players.py``; the parameters are
  package data, :file:`player_model.json` beside this module, with what they were
  fitted on), and scored on records never fitted on (``benchmarks/fidelity/players.py``).
* ``insight`` lifts the cards right in the real layout (:func:`informed`): players read
  more than the cards played — the auction, signals, tempo — and find the right card
  more often than the decision model's sample of layouts says.

Nothing here is random and nothing is solved: the probabilities follow from the
decision (its chances and means, which follow from the position and the knowledge
alone) and the class's parameters, so a ruling is the same under any seed. The outcome
tree (:mod:`equity.core.player.outcome_tree`) groups these probabilities by the cards'
real double-dummy values (:func:`by_value`): equally good cards keep the real-layout
tie-break (a competent player finds the right one of the cards he cannot tell apart),
and a card worse in the real layout is an **error** whose result is known from the real
values already asked — an error costs no double-dummy work. An error costs its side a
trick only when the opponents play for it (:func:`exploited`, a share fitted per class
on real outcomes); otherwise the line ends as the card he meant would have ended it.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

from msgspec import Struct

from equity.core.game import Card, CardSet, ModelError, Position, Seat, Side, cards, trick_winner

if TYPE_CHECKING:  # imported with the fitted classes (classes): a ruling's has none
    from equity.core.player.unforeseen import Unforeseen

FEATURES = ("lead_sequence", "lead_low", "follow_low", "win", "cover", "echo",
            "discard_low", "ruff", "rank")
"""The conventions a card may follow, as 0/1 (``rank``: its rank / 14):

* ``lead_sequence`` — a lead from a run of two or more equal cards (top of a sequence);
* ``lead_low`` — the lowest card of a suit of three or more, led;
* ``follow_low`` — following suit with his lowest card of the suit (second hand low,
  third hand low behind partner's winner);
* ``win`` — following suit with a card that beats the trick's winner so far, partner
  not winning (third hand high; the lowest card that does it);
* ``cover`` — second hand, an honour led: the lowest card that covers it;
* ``echo`` — a spot card (ten or lower) other than his lowest, under partner's winner
  (a count or attitude card);
* ``discard_low`` — a discard: the lowest card of its suit;
* ``ruff`` — a trump on a trick he cannot follow to."""

DEFAULT_CLASS = "club"
"""The class ``equity likely`` assumes unless told (``--players``, ``[EquityPlayers]``):
it predicts what a table goes on to make, and tables are at clubs and online far more
often than at the top; the club class's errors are the ones measured most."""

RULING_CLASS = "exact"
"""The class a ruling assumes unless told: the decision model alone, a competent player
whose only errors are the guesses he cannot resolve. *Reading* (docs, Law 64C): Law
12C1(c) weighs the results that were likely, and published rulings adjust to what
competent play would have made (seed 001: "adjust the score to 3NT E making 10"), not
crediting the non-offenders with the offenders' careless later errors; a Director who
judges the players' level makes such errors likely says so with ``--players CLASS``."""


class PlayerClass(Struct, frozen=True):
    """The fitted parameters of one class of player (:data:`FEATURES` order)."""

    name: str
    mix: float
    beta: float
    convention: tuple[float, ...]
    about: str = ""
    """What it was fitted on (records, decisions, log-likelihood)."""
    care: float = 0.0
    """How much more likely than the soft choice alone the cards the decision model
    finds right are, set so that the predicted error rate is the observed one."""
    insight: float = 0.0
    """How much more often than the rest players choose a card that is right in the real
    layout (:func:`informed`): what they read at the table that the decision model does
    not (the auction, partner's signals, the opponents' tempo)."""
    exploited_by_declarer: float = 1.0
    """The share of the defenders' errors that declarer's side turns into a trick
    (:func:`exploited`); the rest cost nothing: he plays on as if the card had been
    the one the defender meant, not seeing what double dummy sees."""
    exploited_by_defenders: float = 1.0
    """The share of declarer's side's errors that the defenders turn into a trick."""
    unforeseen: Unforeseen | None = None
    """How the class's tables depart from double dummy beyond what the outcome tree
    foresees (:mod:`equity.core.player.unforeseen`): added to the prediction of a
    table's result, never to a ruling's lines."""

    def __repr__(self) -> str:
        # unforeseen (a table of 13 rows) left out: the repr names what shapes the tree
        shown = (f"{n}={getattr(self, n)!r}" for n in self.__struct_fields__
                 if n != "unforeseen")
        return f"PlayerClass({', '.join(shown)})"

    def __post_init__(self) -> None:
        if not 0.0 <= self.mix <= 1.0 or self.beta < 0:
            raise ModelError(f"player class {self.name}: 0 <= mix <= 1 and beta >= 0")
        if not (0.0 <= self.exploited_by_declarer <= 1.0
                and 0.0 <= self.exploited_by_defenders <= 1.0):
            raise ModelError(f"player class {self.name}: the shares of errors exploited "
                             "are between 0 and 1")
        if len(self.convention) != len(FEATURES):
            raise ModelError(f"player class {self.name}: {len(FEATURES)} convention weights")


EXACT = PlayerClass("exact", 0.0, 0.0, (0.0,) * len(FEATURES),
                    "no errors, no conventions: the decision model's chances as they are")
"""The decision model alone (what the tool used before the player model)."""


PLAYER_MODEL_FILE = resources.files(__package__).joinpath("player_model.json")
"""Where the fitted classes are kept (``player_model.json`` beside this module): read by
:func:`classes`, written by ``benchmarks/fitting/fit_players.py --write``."""


@cache
def classes() -> Mapping[str, PlayerClass]:
    """The fitted classes of player, by name (from :file:`player_model.json`)."""
    from equity.core.player.unforeseen import Unforeseen

    text = PLAYER_MODEL_FILE.read_text()
    out: dict[str, PlayerClass] = {}
    for name, p in json.loads(text)["classes"].items():
        out[name] = PlayerClass(name, float(p["mix"]), float(p["beta"]),
                                tuple(float(p["convention"][f]) for f in FEATURES),
                                str(p.get("about", "")), float(p["care"]),
                                float(p.get("insight", 0.0)),
                                float(p.get("exploited", {}).get("by_declarer", 1.0)),
                                float(p.get("exploited", {}).get("by_defenders", 1.0)),
                                Unforeseen.from_json(p["unforeseen"]) if "unforeseen" in p
                                else None)
    return out


def player_class(name: str | None, default: str = DEFAULT_CLASS) -> PlayerClass:
    """The class called ``name`` (None: ``default``); raises ModelError."""
    key = (name or default).strip().lower()
    if key == EXACT.name:
        return EXACT
    known = classes()
    if key not in known:
        raise ModelError(f"unknown class of player {name!r}; expected one of "
                         f"{', '.join(sorted([*known, EXACT.name]))}")
    return known[key]


def features(pos: Position, group: Sequence[Card]) -> tuple[float, ...]:
    """The conventions (:data:`FEATURES`) the run of equal cards ``group`` (high card
    first, all legal for the player to play in ``pos``) follows."""
    seat = pos.to_play
    hand = pos.hands[seat]
    top, low = group[0], group[-1]
    suit_cards = [c for c in cards(hand) if c.suit == low.suit]
    lowest_of_suit = min(c.rank for c in suit_cards) == low.rank
    trump = pos.strain.trump
    led = pos.suit_led
    f = dict.fromkeys(FEATURES, 0.0)
    f["rank"] = top.rank / 14
    if led is None:
        f["lead_sequence"] = float(len(group) >= 2)
        f["lead_low"] = float(lowest_of_suit and len(suit_cards) >= 3)
        return tuple(f[k] for k in FEATURES)
    plays = [(pos.leader.after(i), c) for i, c in enumerate(pos.trick)]
    winner_seat = trick_winner(plays, trump)
    winning = next(c for s, c in plays if s == winner_seat)
    partner_wins = winner_seat == seat.partner
    if low.suit == led:
        f["follow_low"] = float(lowest_of_suit)
        beats = winning.suit == led and top.rank > winning.rank
        over = [c for c in suit_cards if winning.suit == led and c.rank > winning.rank]
        if beats and not partner_wins and over and min(c.rank for c in over) == low.rank:
            f["win"] = 1.0
        first = pos.trick[0]
        if (len(pos.trick) == 1 and first.rank >= 11 and low.rank > first.rank
                and min(c.rank for c in suit_cards if c.rank > first.rank) == low.rank):
            f["cover"] = 1.0
        if partner_wins and not lowest_of_suit and top.rank <= 10:
            f["echo"] = 1.0
    elif trump is not None and low.suit == trump:
        f["ruff"] = 1.0
    else:
        f["discard_low"] = float(lowest_of_suit)
    return tuple(f[k] for k in FEATURES)


def mixture(chances: Mapping[Card, float], means: Mapping[Card, float],
            feats: Mapping[Card, Sequence[float]], cls: PlayerClass) -> dict[Card, float]:
    """Each card's probability of being played (module docstring's formula): ``chances``
    the decision model's (cards without one: 0), ``means`` every card's mean tricks
    over his layouts, ``feats`` its conventions. Sums to 1 over ``means``' cards."""
    reps = list(means)
    w = cls.convention
    conv = {c: sum(a * b for a, b in zip(w, feats[c], strict=True)) for c in reps}
    # the decision model's chance, shared among cards equally good over his layouts
    shared = dict.fromkeys(reps, 0.0)
    for c in reps:
        p = chances.get(c, 0.0)
        if p <= 0:
            continue
        level = [d for d in reps if abs(means[d] - means[c]) < 1e-9]
        top = max(conv[d] for d in level)
        z = sum(math.exp(conv[d] - top) for d in level)
        for d in level:
            shared[d] += p * math.exp(conv[d] - top) / z
    # found: a card the decision model finds right in some layout, or one worth the same
    # as such a card over all his layouts (where the cards differ at all)
    right = [means[c] for c in reps if chances.get(c, 0.0) > 0]
    differ = len({round(means[c], 9) for c in reps}) > 1
    score = {c: cls.beta * means[c] + conv[c]
             + (cls.care if differ and any(abs(means[c] - m) < 1e-9 for m in right)
                else 0.0) for c in reps}
    top = max(score.values())
    z = sum(math.exp(s - top) for s in score.values())
    return {c: (1 - cls.mix) * shared[c] + cls.mix * math.exp(score[c] - top) / z
            for c in reps}


def informed(plays: Mapping[Card, float], real: Mapping[Card, int], cls: PlayerClass
             ) -> dict[Card, float]:
    """``plays`` (the player model's probabilities) with the cards right in the real
    layout made ``exp(insight)`` times as likely, then scaled to sum to 1. Measured on real
    play, players find the right card more often than a model that reads only the cards
    played and the suits shown out of: they also read the auction, partner's signals and
    the opponents' tempo. ``insight`` is fitted with the class's other parameters, so the
    card probabilities stay calibrated (``benchmarks/fidelity/players.py``)."""
    if not cls.insight or not plays:
        return dict(plays)
    best = max(real[c] for c in plays)
    lift = math.exp(cls.insight)
    raw = {c: p * (lift if real[c] == best else 1.0) for c, p in plays.items()}
    total = sum(raw.values()) or 1.0
    return {c: p / total for c, p in raw.items()}


def by_value(plays: Mapping[Card, float], chances: Mapping[Card, float],
             real: Mapping[Card, int], found: Card) -> tuple[dict[Card, float],
                                                             dict[Card, float]]:
    """The player's probabilities as the outcome tree follows them: each card the
    decision model gives a chance keeps its own, and takes the probability of the other
    cards worth the same as it in the real layout (equal cards by convention are the
    same outcome: the tie-break decides which of the right cards he finds; the mass of
    cards equal to ``found``, his most likely card, goes to it when no option is equal).
    The rest are **errors**: cards worse (or better) in the real layout than every
    option, each value's mass on the lowest card of it. Returns (choices, errors)."""
    options = [c for c in plays if chances.get(c, 0.0) > 0] or [found]
    choices = {c: plays[c] for c in options}
    errors: dict[Card, float] = {}
    for c, p in plays.items():
        if c in choices or p <= 0:
            continue
        same = [o for o in options if real[o] == real[c]]
        if same:
            total = sum(chances.get(o, 0.0) for o in same) or float(len(same))
            for o in same:
                choices[o] += p * (chances.get(o, 0.0) or 1.0) / total
            continue
        speaker = next((e for e in errors if real[e] == real[c]), None)
        if speaker is None or (c.rank, c.suit) < (speaker.rank, speaker.suit):
            errors[c] = errors.pop(speaker, 0.0) + p if speaker is not None else p
        else:
            errors[speaker] += p
    return choices, errors


def exploited(cls: PlayerClass, erring: Side, declarer: Side,
              favour: Side | None = None) -> float:
    """The share of an error by a player of ``erring`` that his opponents turn into a
    trick. A double-dummy error costs a trick only when the other side plays for it: a
    guard discarded or a trick ducked is often not seen at the table (measured on real
    play: the tables' results spread far less than errors finished double dummy would
    make them). Each class's shares are fitted on real outcomes
    (``benchmarks/fitting/fit_players.py``). The side ``favour`` (the non-offenders, Law 12C1(c)
    and 84D: doubtful points go their way) exploits every error of its opponents."""
    if erring.other == favour:
        return 1.0
    if erring == declarer:
        return cls.exploited_by_defenders
    return cls.exploited_by_declarer


CARELESS_UNDER = 0.2
"""A card worse in the real layout than every card the decision model finds is called
careless only when players of the class play it less often than this (the decision
model's share of a card he might choose): one played a fifth of the time or more is a
choice such players make, named as worse double dummy."""


def described(plays: Sequence[tuple[Card, float]], errors: CardSet = 0,
              least: float = 0.0) -> str:
    """"♦5 70% / ♣3 22% / a careless ♦A 8%": the cards with at least ``least``, most
    likely first; those in ``errors`` (worse in the real layout than every card the
    decision model finds) called careless when rare (:data:`CARELESS_UNDER`), else
    "♣2 34% (worse double dummy)"."""
    def one(c: Card, p: float) -> str:
        if not errors & c.bit:
            return f"{c.pretty} {p:.0%}"
        if p < CARELESS_UNDER:
            return f"a careless {c.pretty} {p:.0%}"
        return f"{c.pretty} {p:.0%} (worse double dummy)"
    return " / ".join(one(c, p) for c, p in plays if p >= least)


def seat_role(seat: Seat, declarer: Seat) -> str:
    """``declarer`` (his own or dummy's card) or ``defender``."""
    return "declarer" if seat.side == declarer.side else "defender"
