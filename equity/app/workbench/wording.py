"""The workbench's words for the ruling options: a label, help written for a Director at
the table rather than for the command line, and an example in place of a metavar.

Keyed by the :class:`~equity.app.options.RulingOptions` field name. An option without
words here is still offered, with its command-line help (the page is built from
``/api/options`` whatever fields there are); a test checks that every key names a field.
"""

from __future__ import annotations

from equity.core.game import CHIPS, STEPS

Words = tuple[str, str, str]
"""(label, help, placeholder)."""

DIRECTOR_WORDS: dict[str, Words] = {
    "laws": ("Edition of the Laws", "The Laws in force at the event.", ""),
    "authority": ("Regulating authority",
                  "Whose Law 12 elections apply: WBF (default), EBU or ACBL. The ACBL gave "
                  "no weighted score under the 1997 Laws, nor under the 2007 Laws before "
                  "2016 (the board's date decides).", "e.g. ACBL"),
    "ruled_by": ("Who assigns the score",
                 "director (default), committee (an appeals committee) or delegated (the "
                 "Director using the committee's power). Under the 1997 Laws only a "
                 "committee, or a Director by delegation where allowed, weights the score "
                 "(Law 12C3); a Director assigns Law 12C2's scores, each side its own.", ""),
    "attention": ("When was attention drawn to the revoke?",
                  "Decides whether the revoke is established (Law 63) and whether Law 64B4 "
                  "or 64B5 removes the transfer.", "e.g. returned, or 5=play for trick 5"),
    "claimer": ("Who claimed or conceded?", "Only when the play ended in a claim or a "
                "concession (Law 63A3: a claim by the offending side establishes the "
                "revoke).", "N, E, S or W"),
    "claim": ("What did the claimer say?",
              f"His statement as he made it, step by step: {STEPS}. The Director then "
              "rules on the claim (Laws 69-71): a disputed one against the claimer, with "
              "every normal line of the class of player (club unless you name one).",
              "e.g. S: HA HK; trumps; winners"),
    "claim_status": ("Was the claim agreed?", "A disputed claim is adjudicated (Law 70), a "
                     "revoke before it corrected. When only one opponent agreed: "
                     "'disputed; N agreed'.", ""),
    "claim_aware": ("Was the claimer aware of the card he did not mention?",
                    "What you found at the table: 'all' when he knew every outstanding "
                    "card, or the cards he knew of (an outstanding trump: Law 70C2 is "
                    "then not met). Leave empty when you could not tell: the doubt is "
                    "his (70A).", "e.g. S2, or all"),
    "claim_order": ("Did the claimer state the order of his suits?",
                    "What you found at the table: 'top' when he said he would play each "
                    "suit from the top (Law 70B: his statement stands). Leave empty when "
                    "he did not: the regulating authority's order applies (70E2), or any "
                    "normal order (70D1).", "top"),
    "revoke": ("The revoke, as reported (no card play)",
               "Who revoked, with which card, on which trick, established or corrected; "
               "who won the revoke trick; whether the offending side won a later trick. "
               "Law 64A rules from these and declarer's tricks in all.",
               "e.g. 4 E S3 established; won E; later yes"),
    "claim_position": ("The claim from the cards still held (no play)",
                       "Without the play: the cards each player still holds, who is on "
                       "lead, the tricks each side has won. The claim is ruled from there; "
                       "no one is known to have shown out (Law 70A: doubt goes against the "
                       "claimer). Tap them under 'Claim or concession'.",
                       "e.g. lead S; won NS 3 EW 5; N SK S7; E ..."),
    "play_from": ("The play entered from a trick (not before)",
                  "The play is given from this trick to the end, not before: the cards "
                  "played from it are the hands there; no one is known to have shown out "
                  "before it. The tricks each side won before it follow from declarer's "
                  "tricks in all.",
                  "e.g. 5, or 5; won NS 3 EW 1"),
    "requirements": ("Penalty cards and lead requirements",
                     "A major penalty card (Law 50D1), or a suit a player must lead, from "
                     "the trick it applied.", "e.g. 3 E penalty SK, or 1 W lead H"),
    "withdrawn": ("Cards withdrawn at a corrected revoke",
                  "When the revoke was corrected and play went on (Law 62): the revoke card "
                  "first, then the cards taken back after it; the play shows each trick as "
                  "finally played.", "e.g. 2 E S3; 2 S HJ; 2 W H6"),
    "unauthorised": ("Unauthorised information a player had (Law 16B)",
                     "A question or a hesitation by partner and what it told him: 'TRICK "
                     "SEAT: FACT', e.g. '3 E: S D=6' (South has six diamonds).",
                     "e.g. 3 E: S D=6"),
    "authorised": ("What he could infer without it (authorised)",
                   "With the unauthorised information: what the auction and the play told "
                   "him anyway, in the same form.", "e.g. 3 E: S D<=5"),
    "policy": ("How to weigh what would have happened",
               "As the Laws say (the default): weighted (Law 12C1(c); 1997: 12C3) — the "
               "table's play and the likely lines by their chances, in whole 5% steps; "
               "favourable — non-reciprocal, the 1997 Director's Law 12C2 and the ACBL's "
               "2007 Law 12C1(e); dd: perfect play.", ""),
    "weights": ("Your weights for the lines",
                "Change a line's weight under the ruling instead; here they are kept as "
                "written, e.g. table=0.6.", "e.g. table=0.6"),
    "drop": ("Lines to leave out", "A line you judge impossible, by its name.",
             "e.g. likely"),
    "lines": ("Your own lines of play",
              "Cards from the revoke on, then 'then sd' (single dummy) or 'then dd' (double "
              "dummy) for the rest.", "e.g. D5 H2 HA then sd"),
    "outcomes": ("Your own outcomes", "Declarer's tricks on a line you judge possible.",
                 "e.g. 10"),
    "samples": ("Likely lines: layouts for a close choice",
                "The most layouts of the unseen cards a player weighs when his choice is "
                "close; clear and forced choices take fewer.", ""),
    "players": ("Likely lines: the players at the table",
                "exact (default: no careless errors), club, expert or robot: how often the "
                "offenders would have misplayed, as players of that class do on real "
                "records; the non-offenders make no errors (Law 84D).", "e.g. expert"),
    "signals": ("Likely lines: the defenders' signals",
                "standard (default: high encourages, high-low shows an even number) or "
                "upside-down: how the players read the third hand's card to the opening "
                "lead.", ""),
    "reference": ("Check the estimate (16 times the layouts)",
                  "Slow: the same ruling, measured with many more layouts, to see that it "
                  "holds.", ""),
    "max_positions": ("Most double-dummy positions a ruling may take",
                      "A ruling that needs more stops and says so.", "e.g. 10000"),
    "seed": ("Likely lines: seed", "Names the layout streams; the ruling does not depend "
             "on it.", ""),
    "likely": ("'Likely' threshold (favourable)", "The share of the results from which "
               "a result is likely, for the non-offenders.", ""),
    "probable": ("'At all probable' threshold (favourable)", "The share of the results "
                 "from which a result is at all probable, for the offenders (1997 Law "
                 "12C2, 2007 Law 12C1(e)).", ""),
    "announce": ("Least share a weighted score announces", "A result weighing less is "
                 "left out of a weighted score (default 10%: 85/15 can be announced).", ""),
    "serious_error": ("Serious error by the non-offenders (2017 Law 12C1(e), 2007 12C1(b))",
                      "They keep no redress for the damage they caused themselves.", ""),
    "self_inflicted": ("Tricks their serious error cost", "With a serious error: the part "
                       "of the damage that was their own.", "e.g. 1"),
    "equity": ("Law 64A only (skip the Law 64C check)",
               "The transfer alone, without asking whether it compensated.", ""),
    "other_table": ("Teams: the other table's N-S score",
                    "Compare in IMPs against it.", "e.g. -430"),
    "imps": ("Compare in IMPs against the field's datum", "Needs the other tables' "
             "scores, which the page does not take.", ""),
    "in_tricks": ("Compare in tricks", "Compare in declarer's tricks instead of points.",
                  ""),
}

DIRECTOR_CHIPS: dict[str, tuple[str, ...]] = {"claim": CHIPS}
"""The chips the page offers for an option, one tap a step (the claim's step words,
:data:`~equity.core.game.claim_steps.STEP_FORMS`)."""

__all__ = ["DIRECTOR_CHIPS", "DIRECTOR_WORDS"]
