/* equity card-play kernel: replay of whole batches of bridge play records.
 *
 * Pure C99, no Python: the binding (binding.c) hands in pointers to packed arrays.
 *
 * Encoding (the same as equity/model.py and DDS):
 *   card index  16*suit + rank, suit S=0 H=1 D=2 C=3, rank 2..14 (ace 14);
 *               -1 = no card.  A card set is a uint64 with bit (card index) set.
 *   seat        N=0 E=1 S=2 W=3; -1 = none.
 *   strain      S=0 H=1 D=2 C=3 NT=4.
 *
 * Packed batch layout (n boards, all arrays C-contiguous):
 *
 * inputs
 *   hands    uint64 [n][4]       each seat's 13 cards as dealt; for a record that starts
 *                                at trick first > 1, the 14 - first cards each seat
 *                                still held there
 *   first    int8   [n]          the number (1..13) of the record's first trick; 1 for
 *                                a record of the whole play. Row t of table, leaders,
 *                                marks and of every per-trick output is trick first + t;
 *                                trick numbers in reqs and in errors are the tricks'
 *   table    int8   [n][13][4]   card of row t (0-based) played by seat s, or -1
 *   leaders  int8   [n][13]      explicit leader of row t (LIN order of play, PBN ^L),
 *                                or -1: the leader then follows from the rules; when
 *                                first > 1, leaders[0] is required: the seat that led
 *                                the first trick (not checked: the play before is not
 *                                known)
 *   marks    int8   [n][13][4]   PBN 2.1 marks: 0 none, MARK_R (1) ^R, MARK_L (2) ^L
 *   ntricks  int8   [n]          rows in the record (may exceed 14 - first: an error)
 *   strain   int8   [n]
 *   declarer int8   [n]          the opening leader is declarer's left-hand opponent
 *   reqs     int8   [n][k][4]    Law 61A(b) requirements, in the order given:
 *                                (kind, seat, trick 1..13, arg); kind REQ_NONE (0),
 *                                REQ_LEAD (1, arg = suit to lead) or
 *                                REQ_PENALTY (2, arg = card index of the penalty card)
 *
 * outputs (fully written for every board, -1 / 0 where nothing applies)
 *   order    int8   [n][52][2]   (seat, card) of each card in true play order; play p
 *                                belongs to trick p/4 (a record stops at its first
 *                                incomplete trick)
 *   revoke   int8   [n][52][2]   (kind, requirement index) per play: kind REV_NONE (0),
 *                                REV_FOLLOW (1, failed to follow suit, Law 44/61A1),
 *                                REV_LEAD (2, failed to lead a required suit),
 *                                REV_PENALTY (3, failed to play a major penalty card
 *                                that could legally be played, whatever card was played
 *                                instead: of the suit led or of another suit);
 *                                the index into reqs of the requirement broken, or -1
 *   legal    uint64 [n][52]      the legal cards of the player at each play
 *   lead_out int8   [n][13]      who led each trick (-1 for a trick without cards)
 *   winners  int8   [n][13]      winner of each complete trick, else -1
 *   won      int8   [n][14][2]   tricks won in play by side NS (0) / EW (1) from
 *                                trick t+1 on; row 13 is zero
 *   error    int32  [n][5]       (code, trick 1..13, seat, card, extra), -1 where not
 *                                applicable; code EQ_OK (0) when the record replays.
 *
 * error codes and their extra field:
 *   EQ_BAD_DEAL          the hands are not four disjoint hands of 14 - first cards
 *   EQ_TOO_MANY_TRICKS   trick = ntricks
 *   EQ_NOT_ON_LEAD       seat led trick but was not on lead and has no ^L;
 *                        extra = the seat that was on lead
 *   EQ_LEAD_MARK_IN_TURN ^L on a lead made in turn
 *   EQ_AFTER_MISSING     a card follows a missing one
 *   EQ_NOT_HELD          seat does not hold card; extra = trick (1-based) where that card
 *                        was already played, or 0
 *   EQ_REVOKE_MARK_LEGAL ^R on a legal card
 *   EQ_BAD_INPUT         a value out of range in the packed arrays
 */
#ifndef EQUITY_KERNEL_H
#define EQUITY_KERNEL_H

#include <stdint.h>

#define EQ_TRICKS 13
#define EQ_CARDS 52

enum { MARK_NONE = 0, MARK_R = 1, MARK_L = 2 };
enum { REQ_NONE = 0, REQ_LEAD = 1, REQ_PENALTY = 2 };
enum { REV_NONE = 0, REV_FOLLOW = 1, REV_LEAD = 2, REV_PENALTY = 3 };
enum {
    EQ_OK = 0,
    EQ_BAD_DEAL = 1,
    EQ_TOO_MANY_TRICKS = 2,
    EQ_NOT_ON_LEAD = 3,
    EQ_LEAD_MARK_IN_TURN = 4,
    EQ_AFTER_MISSING = 5,
    EQ_NOT_HELD = 6,
    EQ_REVOKE_MARK_LEGAL = 7,
    EQ_BAD_INPUT = 8
};

/* Every card of suit s (ranks 2..14). */
#define EQ_SUIT_MASK(s) ((uint64_t)0x7FFC << (16 * (s)))
#define EQ_DECK (EQ_SUIT_MASK(0) | EQ_SUIT_MASK(1) | EQ_SUIT_MASK(2) | EQ_SUIT_MASK(3))

typedef struct {
    /* inputs */
    const uint64_t *hands;
    const int8_t *table;
    const int8_t *leaders;
    const int8_t *marks;
    const int8_t *ntricks;
    const int8_t *first;
    const int8_t *strain;
    const int8_t *declarer;
    const int8_t *reqs;
    int64_t k; /* requirements per board (second dimension of reqs) */
    /* outputs */
    int8_t *order;
    int8_t *revoke;
    uint64_t *legal;
    int8_t *lead_out;
    int8_t *winners;
    int8_t *won;
    int32_t *error;
} eq_batch;

/* Law 44C: the cards of the suit led if any are held, else the whole hand.
 * suit_led < 0 means this card is a lead. */
uint64_t eq_follow_suit(uint64_t hand, int suit_led);

/* Laws 44 and 61A(b): the cards a player may play. lead_suit >= 0 is a lead penalty in
 * force on a lead; penalty_card >= 0 is a major penalty card (Law 50D1). */
uint64_t eq_legal(uint64_t hand, int suit_led, int lead_suit, int penalty_card);
/* eq_legal with the requirements of a position in the play: a required lead suit (or -1),
 * a mask of suits he may not lead (Law 50D2), a set of major penalty cards (Law 50D1). */
uint64_t eq_legal_mask(uint64_t hand, int suit_led, int lead_suit, int forbidden,
                       uint64_t penalties);

/* Law 44E/G: the position (0..n-1) in play order of the card that wins the (possibly
 * unfinished) trick cards[0..n-1]; trump = 0..3, or 4 for no trump. */
int eq_trick_winner(const int8_t *cards, int n, int trump);

/* Most requirements one board may carry (the binding checks k against it). */
#define EQ_MAX_REQS 64

/* Replay boards [start, stop) of a batch. Returns the number of boards with an error. */
int64_t eq_replay_batch(const eq_batch *b, int64_t start, int64_t stop);

#endif
