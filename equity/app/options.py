"""How to rule a board: one frozen, picklable value, built and checked once.

:class:`RulingOptions` is what the Director says beyond the file: the edition, the table
facts (when attention was drawn, who claimed, requirements in force), and how the Law 64C
check is made (policy, weights, the event's form of scoring). ``equity rule``,
``equity report``, ``equity batch`` (and its worker processes) and the web workbench all
build one and hand it to :func:`equity.app.pipeline.rule_board`.

Each field's command-line option is declared beside it, in :data:`OPTIONS` (:func:`cli`),
so **a new ruling option is added in one module**: a field and its entry here, read where
the rule needs it (the module refuses to load when the two disagree). The parser
(:func:`add_arguments`) and the conversion from the command line or a web form
(:meth:`RulingOptions.from_values`) are generated from them.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from msgspec import Struct, field
from msgspec.structs import replace

from equity.core.adjust import ANNOUNCE, TOTAL_POINTS, Policy, Thresholds, Weights
from equity.core.game import (
    FACTS,
    SIGNALS,
    Board,
    Event,
    Facts,
    Information,
    ModelError,
    Requirement,
    RuledBy,
    Seat,
    UsageError,
    Vulnerability,
    Withdrawal,
    Work,
    parse_later,
    parse_signals,
)
from equity.core.game import (
    STEPS as CLAIM_STEPS,
)
from equity.core.law import AUTHORITIES, EDITIONS, Edition, authority_of
from equity.core.player import (
    DEFAULT_CLASS,
    REFERENCE,
    RULING_CLASS,
    DirectorLine,
    DirectorOutcome,
    Estimate,
    player_class,
)

if TYPE_CHECKING:  # parsed on first use (parse_later): a ruling without them imports none
    from equity.core.game import (
        Claim,
        ClaimAgreement,
        ClaimAware,
        ClaimOrder,
        PlayFrom,
        RevokeReport,
        StartPosition,
    )

Parse = Callable[[Any], Any]

GAME = "equity.core.game"
"""The game's face, whose claim, reported revoke and start types an option given parses
into (:func:`~equity.core.game.later.parse_later`)."""


class OptionError(UsageError):
    """A ruling option that does not make sense; ``name`` is its field (None when the
    options do not fit together), so a form can show the error beside the field."""

    def __init__(self, message: str, name: str | None) -> None:
        super().__init__(message)
        self.name = name


class CliOption(Struct, frozen=True):
    """How a field of :class:`RulingOptions` appears on the command line."""

    flags: tuple[str, ...]
    help: str
    parse: Parse | None = None
    """Turns the command line's value (a string, or a list for ``repeat``) into the
    field's value; None keeps it as given."""
    metavar: str | None = None
    choices: tuple[str, ...] | None = None
    repeat: bool = False
    switch: bool = False
    kind: type | None = None
    group: str = ""
    """Its heading in ``--help`` (a key of :data:`GROUPS`)."""
    hidden: bool = False
    """Accepted, not shown in ``--help`` (an option kept for older command lines)."""


GROUPS: dict[str, str] = {
    "facts": "the table's facts (what the play record cannot show; they override the "
             "file's tags)",
    "64c": "Law 64C: how the candidate lines become a score",
    "event": "the event: the form of scoring Law 64C compares in",
    "work": "work limits: how much single- and double-dummy work a ruling may do",
}
"""The headings of the ruling options in ``--help`` and the docs, in their order."""


def cli(*flags: str, help: str, group: str, parse: Parse | None = None,
        metavar: str | None = None, choices: Sequence[str] | None = None,
        repeat: bool = False, switch: bool = False, kind: type | None = None,
        hidden: bool = False) -> CliOption:
    """A :class:`RulingOptions` field's command-line option (its entry in
    :data:`OPTIONS`), under the heading ``group`` (:data:`GROUPS`)."""
    if group not in GROUPS:
        raise ValueError(f"{flags[0]}: no option group {group!r}")
    return CliOption(tuple(flags), help, parse, metavar,
                     tuple(choices) if choices is not None else None, repeat, switch, kind,
                     group, hidden)


def _players(text: str) -> str:
    return player_class(text).name


def _attention(text: str) -> str:
    Facts.parse_attention(text)  # raises ModelError on a bad value
    return text


def _authority(text: str) -> str:
    return authority_of(text).name


def _requirements(items: Sequence[str]) -> tuple[Requirement, ...]:
    return tuple(r for text in items for r in Requirement.parse_list(text))


def _withdrawn(items: Sequence[str]) -> tuple[Withdrawal, ...]:
    return tuple(w for text in items for w in Withdrawal.parse_list(text))


LINE_NAMES = ("a line is named table, likely, line1, outcome1... or by the offender's card "
              "(DT, D5), with 'N:' before it for revoke N")


def _names(names: Sequence[str], option: str) -> None:
    """Each name is a line's name: a typo such as 'T' says what a line's name is (not
    "not a suit")."""
    for name in names:
        try:
            Weights.parse([f"{name}=0"])
        except ModelError:
            raise ModelError(f"{option}: '{name.strip()}' is not a line's name; "
                             f"{LINE_NAMES}") from None


def _weights(items: Sequence[str]) -> Weights:
    _names([item.partition("=")[0] for item in items], "--weight")
    return Weights.parse(items)


def _information(items: Sequence[str]) -> tuple[Information, ...]:
    return tuple(u for text in items for u in Information.parse_list(text))


def _drop(items: Sequence[str]) -> tuple[str, ...]:
    _names(items, "--drop")
    return tuple(items)


def _director_lines(items: Sequence[str]) -> tuple[DirectorLine, ...]:
    return tuple(DirectorLine.parse(text, k + 1) for k, text in enumerate(items))


def _director_outcomes(items: Sequence[str]) -> tuple[DirectorOutcome, ...]:
    return tuple(DirectorOutcome.parse(text, k + 1) for k, text in enumerate(items))


def _traveller(path: str) -> tuple[int, ...] | Path:
    """A traveller of plain numbers is read now; a PBN/LIN file of the other tables'
    results, or the scorer's own export (USEBIO ``.xml``, PBN ``[ScoreTable]``), is kept
    as a path and read for the board ruled (:mod:`equity.app.results`)."""
    p = Path(path)
    if p.suffix.lower() in (".pbn", ".lin", ".xml"):
        if not p.is_file():
            raise UsageError(f"cannot read the traveller {path}")
        return p
    from equity.core.game import read_traveller

    try:
        return read_traveller(p.read_text())
    except OSError as e:
        raise UsageError(str(e)) from None


class RulingOptions(Struct, frozen=True):
    """Everything that says how to rule a board beyond the file itself. ``None`` means
    "as the file says" (its fact tags), else the default of the law or of the tool. Each
    field's option, its words and heading, is its entry in :data:`OPTIONS`."""

    # --- Facts the play record cannot show (override the board's tags) ---
    laws: str | None = None
    authority: str | None = None
    ruled_by: RuledBy | None = None
    attention: str | None = None
    claimer: Seat | None = None
    claim: Claim | None = None
    claim_status: ClaimAgreement | None = None
    claim_aware: ClaimAware | None = None
    claim_order: ClaimOrder | None = None
    requirements: tuple[Requirement, ...] = ()
    withdrawn: tuple[Withdrawal, ...] = ()
    unauthorised: tuple[Information, ...] = ()
    authorised: tuple[Information, ...] = ()
    revoke: RevokeReport | None = None
    claim_position: StartPosition | None = None
    play_from: PlayFrom | None = None
    # --- Law 64C: how the lines become a score ---
    policy: Policy | None = None
    weights: Weights = field(default_factory=Weights)
    drop: tuple[str, ...] = ()
    lines: tuple[DirectorLine, ...] = ()
    outcomes: tuple[DirectorOutcome, ...] = ()
    samples: int = Estimate().samples
    players: str | None = None
    signals: str | None = None
    max_positions: int | None = None
    reference: bool = False
    seed: int = 1
    likely: float = 1 / 3
    probable: float = 1 / 6
    announce: float = ANNOUNCE
    serious_error: bool = False
    self_inflicted: int | None = None
    equity: bool = True
    # --- The event's form of scoring (Law 64C compares scores) ---
    traveller: tuple[int, ...] | Path = ()
    field_from_input: bool = False
    other_table: int | None = None
    imps: bool = False
    in_tricks: bool = False

    def __post_init__(self) -> None:
        self.thresholds  # noqa: B018 -- checks 0 <= probable <= likely <= 1
        self.estimate  # noqa: B018 -- checks samples

    # --- Reading the options -------------------------------------------------------

    @property
    def thresholds(self) -> Thresholds:
        return Thresholds(self.likely, self.probable, self.announce)

    @property
    def estimate(self) -> Estimate:
        """How the likely lines are estimated, with the Director's lines and outcomes."""
        return Estimate(self.samples, self.reference, self.lines, self.outcomes,
                        player_class(self.players, RULING_CLASS))

    def estimate_for(self, board: Board, players: str = RULING_CLASS) -> Estimate:
        """:attr:`estimate` with the class of player these options, else the board's
        ``[EquityPlayers]``, else ``players``: for a ruling
        :data:`~equity.core.player.RULING_CLASS` (the decision model alone: a ruling
        credits no careless error unless the Director says so)."""
        return replace(self.estimate, players=player_class(
            self.players or board.facts.players, players))

    def work(self) -> Work:
        """A fresh account of what one board's ruling costs, within ``--max-positions``."""
        return Work(limit=self.max_positions or 0)

    @property
    def line_weights(self) -> Weights:
        """The Director's weights with the dropped lines at 0."""
        return self.weights.dropping(self.drop) if self.drop else self.weights

    def facts_for(self, board: Board) -> Facts:
        """The board's facts with these options on top of its tags, each fact's options
        as its declaration says they land (:data:`~equity.core.game.facts.FACTS`)."""
        f = board.facts
        for fact in FACTS:
            for option in fact.options:
                value = getattr(self, option)
                if value is not None and value != ():
                    f = fact.apply(f, option, value)
        return f

    def edition_for(self, board: Board) -> Edition:
        """Law edition: these options', else the board's ``[EquityLaws]``, else 2017."""
        return EDITIONS[self.laws or board.facts.laws or "2017"]

    def event_for(self, board: Board, field_scores: Sequence[int] = ()) -> Event:
        """The form of scoring Law 64C compares in for ``board``; ``field_scores`` are
        the other tables' N-S scores when the caller found them (the input file's, for
        ``field_from_input``, or a PBN/LIN traveller's)."""
        scores = tuple(field_scores) or (self.traveller if isinstance(self.traveller, tuple)
                                         else ())
        if self.other_table is not None:
            return Event("imps", scores, float(self.other_table))
        if scores:
            return Event.imps_against_datum(scores) if self.imps else Event("mp", scores)
        return Event("tricks") if self.in_tricks else TOTAL_POINTS

    @property
    def needs_field(self) -> bool:
        """Whether the other tables' scores must be read from a file per board."""
        return self.field_from_input or isinstance(self.traveller, Path)

    # --- Building them ----------------------------------------------------------------

    @classmethod
    def from_values(cls, values: Mapping[str, Any]) -> RulingOptions:
        """Options from raw values by field name, as the command line or a web form gives
        them (strings, lists of strings for repeatable options, booleans for switches;
        absent or None: the default). Raises :class:`UsageError` naming the option."""
        kwargs: dict[str, Any] = {}
        for name, cli in OPTIONS.items():
            raw = values.get(name)
            if raw is None or (cli.repeat and not raw) or (cli.switch and raw is False):
                continue
            try:
                value = raw
                if cli.kind is None and cli.parse is not None and not cli.repeat \
                        and isinstance(raw, (int, float)) and not isinstance(raw, bool):
                    value = str(raw)  # a web form's number where a text is read
                if cli.kind is not None and not isinstance(raw, cli.kind):
                    value = cli.kind(raw)
                if cli.parse is not None:
                    value = cli.parse(value)
            except (ModelError, ValueError) as e:  # the core's words, the option named
                said = str(e)
                raise OptionError(said if said.startswith(cli.flags) else
                                  f"{cli.flags[0]}: {said}", name) from None
            kwargs[name] = value
        try:
            return cls(**kwargs)
        except (ModelError, ValueError) as e:
            raise OptionError(str(e), None) from None

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> RulingOptions:
        """Options from a namespace that :func:`add_arguments` filled."""
        return cls.from_values({name: getattr(args, name, None)
                                for name in cls.__struct_fields__})

    def describe(self) -> dict[str, Any]:
        """The options as plain JSON values (what a batch output records)."""
        out: dict[str, Any] = {}
        for name in self.__struct_fields__:
            v = getattr(self, name)
            if isinstance(v, Weights):
                v = dict(sorted(v.given.items()))
            elif isinstance(v, tuple):
                v = [x.text if isinstance(x, DirectorLine) else
                     f"{x.revoke}:{x.tricks}" if isinstance(x, DirectorOutcome) and x.revoke
                     else str(x.tricks) if isinstance(x, DirectorOutcome) else str(x)
                     for x in v]
            elif isinstance(v, Seat):
                v = v.name
            elif v is not None and type(v) not in (bool, int, float, str):
                v = str(v)  # a path, a word, a claim, a reported revoke: as written
            out[name] = v
        return out


OPTIONS: dict[str, CliOption] = {
    "laws": cli(
        "--laws", group="facts", choices=tuple(EDITIONS),
        help="edition of the Laws (default: the file's [EquityLaws], else 2017)"),
    "authority": cli(
        "--authority", group="facts", choices=tuple(AUTHORITIES), parse=_authority,
        help=f"the regulating authority whose Law 12 elections apply: "
             f"{', '.join(AUTHORITIES)} (default: the file's [EquityAuthority], else WBF); "
             "e.g. ACBL: no weighted score under the 1997 Laws, nor under the 2007 Laws "
             "before 2016 (the board's [Date] decides)"),
    "ruled_by": cli(
        "--ruled-by", group="facts", choices=[r.value for r in RuledBy], parse=RuledBy.parse,
        help="who assigns the adjusted score: director (default: the file's "
             "[EquityRuledBy], else director), committee (an appeals committee) or "
             "delegated (the Director using the committee's power by delegation); under "
             "the 1997 Laws only a committee, or a Director by delegation where the "
             "authority allows it, weights the score (Law 12C3)"),
    "attention": cli(
        "--attention", group="facts", metavar="WHEN", parse=_attention,
        help="when attention was first drawn to the revokes: play, end (default), "
             "returned, next-call, round; 'T=WHEN' for the revoke on trick T"),
    "claimer": cli(
        "--claimer", group="facts", metavar="SEAT", parse=Seat.parse,
        help="who claimed or conceded (default: declarer)"),
    "claim": cli(
        "--claim", group="facts", metavar="STATEMENT", parse=parse_later(GAME, "Claim"),
        help="the claim as stated (replaces the board's [EquityClaim]): the claimer and his "
             "statement step by step, e.g. 'S: HA HK; trumps; ruff S; crossruff' (steps: "
             f"{CLAIM_STEPS}; 'S:' nothing said); the Director then rules on the claim "
             "(Laws 69-71)"),
    "claim_status": cli(
        "--claim-status", group="facts", metavar="STATUS",
        parse=parse_later(GAME, "ClaimAgreement"),
        help="what became of the claim or concession: agreed (default) or disputed (the "
             "claim is adjudicated, Law 70; an opponent's disputed claim does not establish "
             "a revoke, Law 63A4); 'disputed; N agreed' when only North agreed"),
    "claim_aware": cli(
        "--claim-aware", group="facts", metavar="CARDS", parse=parse_later(GAME, "ClaimAware"),
        help="what the Director found at the table: the claimer was aware of every "
             "outstanding card ('all') or of those named ('S2 HQ': an outstanding trump, "
             "70C2 not met; a higher card in a suit he called good); default: not found, "
             "the doubt is his (70A)"),
    "claim_order": cli(
        "--claim-order", group="facts", metavar="ORDER", parse=parse_later(GAME, "ClaimOrder"),
        help="what the Director found at the table: the claimer stated the order of the "
             "suits he did not name card by card ('top': each from the top, Law 70B); "
             "default: none stated, the authority's order (70E2) or any normal order"),
    "requirements": cli(
        "--require", group="facts", metavar="REQ", repeat=True, parse=_requirements,
        help="a Law 61A(b) requirement, e.g. '1 W lead H', '3 E penalty SK', "
             "'6 S faced' (repeatable)"),
    "withdrawn": cli(
        "--withdrawn", group="facts", metavar="CARDS", repeat=True, parse=_withdrawn,
        help="a revoke corrected at the table, play going on (Law 62): the cards "
             "withdrawn in order, revoke card first, e.g. '2 E S3; 2 S HJ; 2 W H6' "
             "(the record shows the trick as finally played; replaces the board's tag)"),
    "unauthorised": cli(
        "--ui", group="facts", metavar="INFO", repeat=True, parse=_information,
        help="Law 16B: unauthorised information a player had (a question, a hesitation), "
             "as 'T SEAT: FACT; FACT', FACT 'SEAT SUIT=N' (also >=, <=; length as dealt) "
             "or 'SEAT CARD', e.g. '3 E: S D=6'; groups separated by '|' (replaces the "
             "board's [EquityUI])"),
    "authorised": cli(
        "--ai", group="facts", metavar="INFO", repeat=True, parse=_information,
        help="with --ui: what the player may infer from the auction and the play "
             "(authorised; with what the record's auction showed), same form, e.g. "
             "'3 E: S D<=5' (replaces the board's [EquityAI])"),
    "revoke": cli(
        "--revoke", group="facts", metavar="FACTS", parse=parse_later(GAME, "RevokeReport"),
        help="a revoke as reported at the table, for a board ruled without its card play "
             "(a hand record with the contract and the result): 'TRICK SEAT CARD "
             "established|corrected; won SEAT; later yes|no', e.g. '4 E S3 established; "
             "won E; later yes' (who won the revoke trick; whether the offending side won "
             "a later trick); replaces the board's [EquityRevoke]"),
    "claim_position": cli(
        "--claim-position", group="facts", metavar="HELD", parse=parse_later(GAME, "StartPosition"),
        help="a claim as found at the table, for a board ruled without the play before "
             "it: 'lead SEAT; won NS N EW N; N CARDS; E CARDS; S CARDS; W CARDS' (who is "
             "on lead, the tricks each side won, the cards each seat still holds), with "
             "--claim and the result (declarer's tricks in all, as claimed); replaces the "
             "board's [EquityClaimPosition]"),
    "play_from": cli(
        "--play-from", group="facts", metavar="TRICK", parse=parse_later(GAME, "PlayFrom"),
        help="the play record starts at this trick and runs to the end, the play before "
             "it not given (the hands there are the cards played from it): 'TRICK' (the "
             "tricks each side won before it from the result) or 'TRICK; won NS N EW N', "
             "e.g. '5'; replaces the board's [EquityPlayFrom]"),
    "policy": cli(
        "--policy", group="64c", choices=[p.value for p in Policy], parse=Policy.parse,
        help="Law 64C: how the candidate lines become a result: weighted (2017 and 2007 "
             "Law 12C1(c), 1997 Law 12C3), dd (perfect play from the corrected position), "
             "favourable (non-reciprocal: the non-offenders the most favourable likely "
             "result, the offenders the most unfavourable at all probable: 1997 Law 12C2, "
             "2007 Law 12C1(e)); default: as the edition, the authority and who rules "
             "say (weighted, but favourable for a 1997 Director and under the ACBL's "
             "2007 election)"),
    "weights": cli(
        "--weight", group="64c", metavar="LINE=W", repeat=True, parse=_weights,
        help="the Director's weight for a line under --policy weighted: "
             "'table=0.6', 'likely=0.4', 'line1=0.5', 'DT=0.3', '2:table=0.5' for "
             "revoke 2 only (repeatable; the rest of 1 goes to the other lines in the "
             "default proportions)"),
    "drop": cli(
        "--drop", group="64c", metavar="LINE", repeat=True, parse=_drop,
        help="drop a line (weight 0): 'table', 'likely', 'line1', 'outcome1', a card "
             "(repeatable; '2:table' for revoke 2 only)"),
    "lines": cli(
        "--line", group="64c", metavar="CARDS", repeat=True, parse=_director_lines,
        help="a Director's line from the revoke on, the offender's card first, e.g. "
             "'DT S2 SA S5 then sd' (ending 'then dd' (default), 'then sd' or 'then "
             "claim K' for declarer's K of the tricks left; '2:' for revoke 2); named "
             "line1, line2... for --weight (repeatable)"),
    "outcomes": cli(
        "--outcome", group="64c", metavar="TRICKS", repeat=True, parse=_director_outcomes,
        help="a plain outcome the Director weighs: declarer's tricks, e.g. '10' "
             "('2:10' for revoke 2); named outcome1, outcome2... for --weight "
             "(repeatable)"),
    "samples": cli(
        "--samples", group="work", metavar="N", kind=int,
        help=f"the most layouts a close single-dummy decision may use (default "
             f"{Estimate().samples}; clear decisions stop sooner, forced and free ones "
             "use none)"),
    "players": cli(
        "--players", group="64c", metavar="CLASS", parse=_players,
        help=f"the class of player whose errors and conventions the weights (Law 12C1(c)) "
             f"(and equity likely's outcomes) reflect: club (BBO online and club play), "
             f"expert (top-level play), robot (GIB) or exact (the decision model alone, "
             f"no errors); default: the board's [EquityPlayers], else {RULING_CLASS} for a "
             f"ruling (it credits no careless error unless the Director names a class "
             f"whose errors are likely), {DEFAULT_CLASS} for equity likely (what tables "
             f"go on to make)"),
    "signals": cli(
        "--signals", group="64c", metavar="METHOD", parse=parse_signals,
        help=f"the defenders' signals as the single-dummy players read them: "
             f"{' or '.join(SIGNALS)} (high encourages and high-low shows an even number, "
             f"or the reverse; also 'udca'); default: the board's [EquitySignals], else "
             f"standard"),
    "max_positions": cli(
        "--max-positions", group="work", metavar="N", kind=int,
        help="stop a ruling that needs more than N double-dummy positions (an error "
             "naming the board; default: no limit)"),
    "reference": cli(
        "--reference", group="work", switch=True,
        help=f"spend {REFERENCE} times the default sampling on every decision, to check "
             "that the estimate has converged (slow)"),
    "seed": cli(  # kept for older command lines
        "--seed", group="work", hidden=True, metavar="N", kind=int,
        help="accepted and ignored: a ruling does not depend on a seed (a decision's "
             "layouts follow from the position and what the player knows)"),
    "likely": cli(
        "--likely", group="64c", metavar="SHARE", kind=float,
        help="--policy favourable: weight from which a result is 'likely' "
             "(non-offenders' score; default 1/3)"),
    "probable": cli(
        "--probable", group="64c", metavar="SHARE", kind=float,
        help="--policy favourable (1997 Law 12C2, 2007 Law 12C1(e)): weight from which a "
             "result is 'at all probable' (the offenders' score; default 1/6)"),
    "announce": cli(
        "--announce", group="64c", metavar="SHARE", kind=float,
        help="--policy weighted (Law 12C1(c)): the least share of a result the weighted "
             "score announces; less probable results are dropped (default 0.10)"),
    "serious_error": cli(
        "--serious-error", group="64c", switch=True,
        help="the non-offenders' serious error (2017 Law 12C1(e), 2007 12C1(b), 1997 "
             "under 12C2): the non-offenders keep their table score, the offenders get "
             "the adjusted score"),
    "self_inflicted": cli(
        "--self-inflicted", group="64c", metavar="TRICKS", kind=int,
        help="with --serious-error: the tricks of the damage that the "
             "non-offenders' own error caused; they get the adjusted score less these"),
    "equity": cli(
        "--no-equity", group="64c", switch=True, parse=lambda given: not given,
        help="skip the Law 64C check (no double-dummy solving)"),
    "traveller": cli(
        "--traveller", group="event", metavar="FILE", parse=_traveller,
        help="the other tables' N-S scores on the board (numbers, a PBN/LIN file of "
             "the other tables' results, or the scorer's USEBIO .xml or PBN "
             "[ScoreTable] export with --pairs): compare in matchpoints"),
    "field_from_input": cli(
        "--field-from-input", group="event", switch=True,
        help="the other tables are the other boards with the same number in FILE"),
    "other_table": cli(
        "--other-table", group="event", metavar="SCORE", kind=int,
        help="the other table's N-S score (teams): compare in IMPs"),
    "imps": cli(
        "--imps", group="event", switch=True,
        help="with a traveller: IMPs against its datum instead of matchpoints"),
    "in_tricks": cli(
        "--in-tricks", group="event", switch=True,
        help="compare in declarer's tricks instead of total points"),
}
"""Each :class:`RulingOptions` field's option on the command line, in the fields' order
(``--help``, the options reference and the workbench's form are built from it)."""

if tuple(OPTIONS) != RulingOptions.__struct_fields__:  # one entry a field, in its order
    raise ValueError("OPTIONS must give the fields of RulingOptions, in their order")


DEFAULT_OPTIONS = RulingOptions()
"""The options of a command line that gives none."""


FORECAST_OPTIONS = ("players", "signals", "samples", "reference", "max_positions")
"""The options ``equity likely`` takes: the players, what they read, the work."""


def add_arguments(parser: argparse.ArgumentParser, only: Sequence[str] | None = None
                  ) -> None:
    """The ruling options on a command's parser (``rule``, ``report``, ``batch``; ``only``
    these fields for ``likely``), under their headings (:data:`GROUPS`)."""
    given = {name: cli for name, cli in OPTIONS.items() if only is None or name in only}
    used = {cli.group for cli in given.values()}
    groups = {key: parser.add_argument_group(title) for key, title in GROUPS.items()
              if key in used}
    for name, cli in given.items():
        kw: dict[str, Any] = {"dest": name,
                              "help": argparse.SUPPRESS if cli.hidden else cli.help}
        if cli.switch:
            kw.update(action="store_true", default=False)
        else:
            kw.update(metavar=cli.metavar, default=[] if cli.repeat else None)
            if cli.repeat:
                kw["action"] = "append"
            if cli.choices is not None:
                kw["choices"] = cli.choices
            if cli.kind is not None:
                kw["type"] = cli.kind
        groups[cli.group].add_argument(*cli.flags, **kw)


def hidden_given(args: argparse.Namespace) -> list[str]:
    """The hidden options given on the command line, each with what it does now (said on
    stderr: a ruling never depends on them)."""
    out = []
    for name, cli in OPTIONS.items():
        if cli.hidden and getattr(args, name, None) is not None:
            out.append(f"{cli.flags[0]}: {cli.help}")
    return out


def vulnerability_of(board: Board) -> Vulnerability:
    """The board's vulnerability: its tag, else from its number, else none."""
    if board.vulnerability is not None:
        return board.vulnerability
    if board.number is not None:
        return Vulnerability.for_board(board.number)
    return Vulnerability.NONE


__all__ = ["DEFAULT_OPTIONS", "FORECAST_OPTIONS", "OPTIONS", "OptionError", "RulingOptions",
           "add_arguments", "cli", "vulnerability_of"]
