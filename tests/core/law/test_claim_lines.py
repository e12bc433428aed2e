"""The normal lines of a claim (equity.core.law.claim_lines): the statement binds the
hands it governs, the other side defends double dummy, a line is normal as the claimer's
belief makes it (a guess both ways, his winners as he believes them, a careless slip for a
class that slips), and an announced revoke's trick goes where it would have gone."""

from __future__ import annotations

from equity.core.game import (
    Board,
    Card,
    Claim,
    Contract,
    Position,
    Seat,
    Side,
    Strain,
    Suit,
    replay,
    solved,
)
from equity.core.law import claim_lines
from equity.core.law.claim_lines import ClaimLine, Search, Twist
from equity.core.player import Decision, DecisionModel, Run, checkpoint, player_class
from equity.core.reading import NO_TABLE, Table
from equity.dd import DdsSolver
from equity.formats import read_boards
from tests.builders import CASES


def case(name: str, number: int = 1) -> Board:
    found = [b for b in read_boards(CASES / f"{name}.pbn") if isinstance(b, Board)]
    return next(b for b in found if b.number == number)


def lines(b: Board, statement: str, bound: bool = True, side: Side = Side.NS,
          c70: bool = False, players: str = "club") -> tuple[Search, list[ClaimLine]]:
    """Every normal line from the claim of ``b`` (its last trick complete)."""
    rp = replay(b)
    start = checkpoint(rp, len(rp.tricks))
    run = Run(start.position, dict(start.voids), start.trick)
    run.won = dict(start.won)
    claim = Claim.parse(statement)
    search = Search(claim, rp.contract, side,
                    DecisionModel.of(Table.of(b), players=player_class(players)), bound, c70,
                    overlooked=claim_lines.overlooked(claim, run.pos, rp.contract, c70, 0),
                    slips=claim_lines.SLIPS.get(players, 0))
    return search, solved(search.lines(run), DdsSolver())


def test_the_statement_binds_the_hands_it_governs() -> None:
    b = case("041_stated_order_loses_a_trick")
    _, held = lines(b, "S: DA DK; trumps")
    assert {ln.plays[0].card for ln in held} == {Card.parse("DA")}
    _, free = lines(b, "S: DA DK; trumps", bound=False)
    assert min(ln.declarer_tricks for ln in free) >= min(ln.declarer_tricks for ln in held)
    assert max(ln.declarer_tricks for ln in free) == 10  # trumps first: three of four


def test_the_other_side_defends_double_dummy() -> None:
    # East ruffs the DK with his SQ: the best defence against the stated order
    _, held = lines(case("041_stated_order_loses_a_trick"), "S: DA DK; trumps")
    second = next(p for ln in held for p in ln.plays if p.trick == 11 and p.seat is Seat.E)
    assert second.card == Card.parse("SQ")


def test_the_unstated_finesse_is_no_line_the_ace_played_from_the_top_is() -> None:
    # 041_70e board 1 (70E1): North's HQ finesse, not stated, is neither accepted nor
    # imposed; the HA (the suit from the top) is his line, and it loses a trick
    _, normal = lines(case("041_70e_unstated_finesse"), "S:")
    assert {ln.declarer_tricks for ln in normal} == {8}
    assert {p.card for ln in normal for p in ln.plays if p.seat is Seat.N} >= {
        Card.parse("HA")}


def test_an_experts_lines_are_a_subset_of_a_club_players() -> None:
    # 041_70c: with East's S2 out and nothing said of it, the CA led first is a line of
    # the claimer's belief (70C) for either class; the expert's lines are the club's or fewer
    b = case("041_70c_unmentioned_trump")
    _, club = lines(b, "S:", c70=True)
    _, expert = lines(b, "S:", c70=True, players="expert")
    assert {ln.plays for ln in expert} <= {ln.plays for ln in club}


def test_a_club_player_may_make_one_careless_slip_an_expert_none() -> None:
    # 046 (footnote to Laws 70-71): cashing his last spade stopper before knocking out
    # the DA is careless, not irrational; a club player may do it, an expert not
    b = case("046_club_slip_stopper_cashed")
    _, club = lines(b, "S:")
    _, expert = lines(b, "S:", players="expert")
    assert {ln.plays for ln in expert} < {ln.plays for ln in club}
    assert min(ln.declarer_tricks for ln in club) == 8
    assert min(ln.declarer_tricks for ln in expert) == 10
    assert all(sum("careless" in d.text for d in ln.doubts) <= 1 for ln in club)
    assert not any("careless" in d.text for ln in expert for d in ln.doubts)


def test_tricks_counted_in_a_suit_call_its_counted_cards_good() -> None:
    # "2 C": he counted two club tricks, so took the two highest of his longest clubs
    # (dummy's C3 C2) for winners: West's CK CQ above them he overlooked
    b = case("041_70c_unmentioned_trump")
    rp = replay(b)
    start = checkpoint(rp, len(rp.tricks))
    pos, contract = start.position, rp.contract
    missed = claim_lines.overlooked(Claim.parse("S: 2 C"), pos, contract, False, 0)
    assert missed == Card.parse("CK").bit | Card.parse("CQ").bit
    assert claim_lines.overlooked(Claim.parse("S: 1 D"), pos, contract, False, 0) == 0
    assert claim_lines.overlooked(Claim.parse("S:"), pos, contract, False, 0) == 0


def test_70c_side_winners_are_normal_leads_while_a_trump_is_out() -> None:
    b = case("041_70c_unmentioned_trump")
    _, aware = lines(b, "S: winners")
    _, unaware = lines(b, "S: winners", c70=True)
    assert min(ln.declarer_tricks for ln in unaware) == 9
    assert any(d.law == "70C" for ln in unaware for d in ln.doubts)
    assert all(d.law != "70C" for ln in aware for d in ln.doubts)


def test_69b_the_agreeing_side_plays_its_normal_lines_against_double_dummy() -> None:
    _, theirs = lines(case("041_agreed_claims_69_71", 2), "S: winners", bound=False,
                      side=Side.EW)
    assert {ln.declarer_tricks for ln in theirs} == {8}  # East's ace on every line


def test_seed_003_the_trick_goes_where_it_would_have_gone_had_he_followed() -> None:
    search, _ = lines(case("041_stated_order_loses_a_trick"), "S:")  # spades are trumps
    ruffed = [(Seat.W, Card.parse("HT")), (Seat.N, Card.parse("H5")),
              (Seat.E, Card.parse("HJ")), (Seat.S, Card.parse("S9"))]
    # he ruffs, holding the H8: had he followed, East's jack wins the trick
    assert search._had_he_followed(ruffed, Twist(9, 3, (Card.parse("H8"),))) is Seat.E
    discarded = [(Seat.W, Card.parse("ST")), (Seat.N, Card.parse("S5")),
                 (Seat.E, Card.parse("SJ")), (Seat.S, Card.parse("H9"))]
    # he throws a heart, holding the SQ: had he followed, he wins it himself
    assert search._had_he_followed(discarded, Twist(9, 3, (Card.parse("SQ"),))) is Seat.S


def test_within_a_suit_any_order_of_believed_winners_unless_top_down_or_an_honour() -> None:
    b = case("041_70c_unmentioned_trump")
    search, _ = lines(b, "S:")
    hj, h6, ha, h5 = (Card.parse(c) for c in ("HJ", "H6", "HA", "H5"))
    decision = Decision(h6, ((h6, 1.0),), (), 0, "clear")
    believed = {hj: True, h6: True}
    assert set(search._in_order(believed, [hj, h6], decision)) == {hj, h6}  # 754: any order
    search.order = "top"  # 70E2: the ACBL deems the suit played from the top
    assert set(search._in_order(believed, [hj, h6], decision)) == {hj}
    search.order = None  # AK5 opposite 42: the ace first
    assert set(search._in_order({ha: False, h5: True}, [ha, h5], decision)) == {ha}


def _south_to_play(hands: tuple[str, str, str, str], voids: dict[Seat, int] | None = None,
                   led: str = "S2") -> tuple[Search, Run]:
    """A 3-card notrump ending, South (declarer) claiming with nothing said after North
    led ``led`` and East followed with the S3: South to play, West last."""
    held = tuple(sum(Card.parse(c).bit for c in h.split()) for h in hands)
    pos = Position((held[0], held[1], held[2], held[3]), Strain.NT, Seat.N, ())
    run = Run(pos, dict(voids or {}), 11)
    run.play(Card.parse(led))
    run.play(Card.parse("S3"))
    search = Search(Claim.parse("S:"), Contract(3, Strain.NT, 0, Seat.S), Side.NS,
                    DecisionModel.of(NO_TABLE, players=player_class("club")))
    return search, run


def _to_south(hands: tuple[str, str, str, str], voids: dict[Seat, int] | None = None
              ) -> tuple[Search, list[ClaimLine]]:
    search, run = _south_to_play(hands, voids)
    return search, solved(search.lines(run), DdsSolver())


def test_70e1_an_unstated_finesse_is_no_line_of_his_the_suit_is_played_from_the_top() -> None:
    # his SA wins the trick whatever West holds; the S4 wins only if West lacks the SK: a
    # finesse he did not state, neither accepted nor imposed: he plays the ace
    _, found = _to_south(("S2 H2 H3", "S3 C2 C3", "SA S4 HA", "SK DA DK"))
    assert {ln.plays[2].card for ln in found} == {Card.parse("SA")}
    assert [ln.declarer_tricks for ln in found] == [3]


def test_70e1_the_finesse_is_his_once_an_opponent_has_shown_out() -> None:
    # West showed out of spades before: the S4 wins on every layout he could believe in
    search, found = _to_south(("S2 H2 H3", "SK S3 C2", "SA S4 HA", "DA DK C3"),
                              {Seat.W: 1 << Suit.S})
    assert {ln.plays[2].card for ln in found} == {Card.parse("S4")}
    assert [d.law for d in search.in_favour] == ["70E1"]


def test_70e1_a_low_card_under_partners_sure_winner_is_no_finesse() -> None:
    sa, s4 = Card.parse("SA"), Card.parse("S4")
    decision = Decision(s4, ((s4, 1.0),), (), 0, "clear")
    search, run = _south_to_play(("S2 H2 H3", "S3 C2 C3", "SA S4 HA", "SK DA DK"))
    assert search._unstated_finesses(run.pos, [s4, sa], decision) == {s4}
    # North led the SK: West's SQ cannot beat it, so the S4 keeps the trick his side's
    search, run = _south_to_play(("SK H2 H3", "S3 C2 C3", "SA S4 HA", "SQ DA DK"),
                                 led="SK")
    assert search._unstated_finesses(run.pos, [s4, sa], decision) == set()


def _south_on_lead(hands: tuple[str, str, str, str]) -> tuple[Search, Run]:
    """A notrump ending (hands N, E, S, W), South (declarer) on lead, claiming with
    nothing said."""
    held = tuple(sum(Card.parse(c).bit for c in h.split()) for h in hands)
    pos = Position((held[0], held[1], held[2], held[3]), Strain.NT, Seat.S, ())
    run = Run(pos, {}, 13 - len(hands[2].split()))
    search = Search(Claim.parse("S:"), Contract(3, Strain.NT, 0, Seat.S), Side.NS,
                    DecisionModel.of(NO_TABLE, players=player_class("club")))
    return search, run


# South's SK is good (the SA and SQ gone); his diamonds are losers; dummy's winners he
# cannot reach (the blml Director's simplified hand, 2012: "she knows the spades are good")
_IN_HAND = ("HA CA CK", "SJ H5 C5", "SK D4 D3", "DK DQ DJ")


def test_70e1_an_unstated_throw_in_is_no_line_of_his_he_cashes_his_known_winner() -> None:
    # a diamond first wins where the opponent who takes it must lead to dummy: an unstated
    # line that depends on the layout, neither accepted nor imposed: he cashes the SK
    search, run = _south_on_lead(_IN_HAND)
    found = solved(search.lines(run), DdsSolver())
    assert {ln.plays[0].card for ln in found} == {Card.parse("SK")}
    assert min(ln.declarer_tricks for ln in found) == 1  # the SK; the diamonds theirs


def test_70e1_a_loser_led_first_that_is_never_worse_stays_his_line() -> None:
    sk, d3 = Card.parse("SK"), Card.parse("D3")
    search, run = _south_on_lead(_IN_HAND)
    guess = Decision(sk, ((sk, 0.67), (d3, 0.33)), ((d3, 1.3), (sk, 1.1)), 8, "close")
    assert search._unstated_throw_ins(run.pos, [d3, sk], guess, {sk: False}) == {d3}
    # as good as his winner on every layout (a suit's ace knocked out first): his line
    even = Decision(sk, ((sk, 1.0),), ((sk, 2.0), (d3, 2.0)), 8, "clear")
    assert search._unstated_throw_ins(run.pos, [d3, sk], even, {sk: False}) == set()
    # a winner of his side in the suit led (a diamond to partner's ace): no loser
    search, run = _south_on_lead(("HA CA DA", "SJ H5 C5", "SK D4 D3", "DK DQ DJ"))
    assert search._unstated_throw_ins(run.pos, [d3, sk], guess, {sk: False}) == set()


def test_a_claim_of_all_the_rest_overlooks_the_one_card_above_his_in_a_suit() -> None:
    # dummy's HK claimed with the rest ("dummy is good"); they hold HA HJ HT: only the ace
    # beats his king, the miscount of one card (the Aylesbury Director: "the principle of
    # the losing winner"); with two cards above his (HA HQ over the HJ) it is no miscount
    contract = Contract(3, Strain.NT, 0, Seat.S)

    def missed(north: str, west: str, aware: int = 0) -> int:
        hands = (north, "C9 C8 C7 C6", "C5 C4 C3 C2", west)
        held = tuple(sum(Card.parse(c).bit for c in h.split()) for h in hands)
        pos = Position((held[0], held[1], held[2], held[3]), Strain.NT, Seat.N, ())
        return claim_lines.overlooked(Claim.parse("S:"), pos, contract, False, aware, True)

    ha = Card.parse("HA").bit
    assert missed("SK SQ HK DK", "HA HJ HT D9") == ha
    assert missed("SK SQ HJ DK", "HA HQ HT D9") == 0
    assert missed("SK SQ HK DK", "HA HJ HT D9", aware=ha) == 0  # the Director found him aware


def _north_discards(north: str, east: str = "S8 HJ H6") -> tuple[Search, Run]:
    """A 3-card notrump ending, South (declarer) claiming "the HK next", his C8 believed
    good (West's CT overlooked): South led the CQ, West followed, North to play with no
    club; East has shown out of clubs."""
    hands = (north, east, "CQ C8 HK", "CT C7 SJ")
    held = tuple(sum(Card.parse(c).bit for c in h.split()) for h in hands)
    pos = Position((held[0], held[1], held[2], held[3]), Strain.NT, Seat.S, ())
    run = Run(pos, {Seat.E: 1 << Suit.C}, 11)
    run.play(Card.parse("CQ"))
    run.play(Card.parse("C7"))
    search = Search(Claim.parse("S: HK"), Contract(3, Strain.NT, 0, Seat.S), Side.NS,
                    DecisionModel.of(NO_TABLE, players=player_class("club")),
                    overlooked=Card.parse("CT").bit)
    return search, run


def test_his_discards_follow_his_belief_as_his_leads_do() -> None:
    # 70A, 70D1 (BBO 81146): every card of his side a winner in his eyes (the CT
    # overlooked), which North throws on the CQ is open, the HA too — though on what he
    # could know it is beaten (East has shown out of clubs: the HA thrown, South's HK
    # wins and his C8 loses to the CT, where the HA kept takes the lead to dummy's SA)
    search, run = _north_discards("HA SA DJ")
    found = solved(search.lines(run), DdsSolver())
    assert Card.parse("HA") in {ln.plays[2].card for ln in found if ln.normal}
    assert min(ln.declarer_tricks for ln in found if ln.normal) == 2
    # a card he believes a winner is not thrown while he holds one he believes a loser:
    # with the D2 (East's D3 beats it) North's discard is the D2, never the SA or the HA
    search, run = _north_discards("HA SA D2", "S8 HJ D3")
    assert search._discards(run.pos, run.pos.legal()) == Card.parse("D2").bit
    assert search._all_good(run.pos) == 0


def _clubs_counted(statement: str) -> tuple[Search, Run]:
    """A 3-card notrump ending, South (declarer) on lead with the HK CK C8, North the HA
    SA DJ (his only heart the ace), West's CT (above his C8) and East's hearts and spade."""
    hands = ("HA SA DJ", "S8 HJ H6", "HK CK C8", "CT C7 SJ")
    held = tuple(sum(Card.parse(c).bit for c in h.split()) for h in hands)
    pos = Position((held[0], held[1], held[2], held[3]), Strain.NT, Seat.S, ())
    claim = Claim.parse(statement)
    contract = Contract(3, Strain.NT, 0, Seat.S)
    missed = claim_lines.overlooked(claim, pos, contract, False, 0, True)
    search = Search(claim, contract, Side.NS,
                    DecisionModel.of(NO_TABLE, players=player_class("expert")),
                    overlooked=missed,
                    presumed=missed & ~claim_lines.overlooked(claim, pos, contract, False, 0))
    return search, Run(pos, {}, 11)


def test_his_equal_winners_of_two_suits_are_two_lines_where_his_statement_shows_a_misbelief(
        ) -> None:
    # 70A, 70D1: "two club tricks" calls the C8 good (West's CT overlooked): the HK and
    # the CK score alike double dummy, but the CK first leaves him the C8 to lead for a
    # winner (West wins it and cashes the SJ), the HK first lets dummy's HA and SA win
    search, run = _clubs_counted("S: 2 C")
    found = solved(search.lines(run), DdsSolver())
    assert {ln.plays[0].card for ln in found if ln.normal} >= {Card.parse("HK"),
                                                                Card.parse("CK")}
    assert min(ln.declarer_tricks for ln in found if ln.normal) == 2
    # the same misbelief presumed from a claim of all the rest ("S:") is met once, on the
    # card that shows it: the two winners score alike and are one line
    search, run = _clubs_counted("S:")
    assert search.presumed == Card.parse("CT").bit
    found = solved(search.lines(run), DdsSolver())
    assert len({ln.plays[0].card for ln in found if ln.normal}) == 1
