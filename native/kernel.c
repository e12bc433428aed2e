/* equity card-play kernel; the packed layout and error codes are in kernel.h.
 *
 * The replay follows the Laws as equity/play.py documents them: cards are played in
 * true play order (the leader of each trick by the rules, or the explicit leader of
 * the record when it is marked ^L), a card not held is an error in the record, a held
 * card that is not legal (Law 44 follow suit, Law 61A(b) lead penalties and major
 * penalty cards) is a revoke and the replay goes on, as the play did at the table.
 */
#include "kernel.h"

#include <string.h>

static int popcount64(uint64_t x)
{
    int n = 0;
    while (x) {
        x &= x - 1;
        n++;
    }
    return n;
}

static int valid_card(int c)
{
    return c >= 0 && c < 64 && ((EQ_DECK >> c) & 1);
}

uint64_t eq_follow_suit(uint64_t hand, int suit_led)
{
    uint64_t in_suit;
    if (suit_led < 0 || suit_led > 3)
        return hand;
    in_suit = hand & EQ_SUIT_MASK(suit_led);
    return in_suit ? in_suit : hand;
}

/* Laws 44C, 26, 50D and 56: the cards a player may play. lead_suit (0-3, or -1) is a
 * suit he must lead if he can (a lead penalty); forbidden (a 4-bit mask of suits) the
 * suits he may not lead while he can lead another (Law 50D2(a)); penalties the major
 * penalty cards in force (Law 50D1): any of them he may legally play, he must play. */
uint64_t eq_legal_mask(uint64_t hand, int suit_led, int lead_suit, int forbidden,
                       uint64_t penalties)
{
    uint64_t legal = eq_follow_suit(hand, suit_led), pens;
    if (suit_led < 0 || suit_led > 3) {
        if (lead_suit >= 0 && lead_suit <= 3 && (hand & EQ_SUIT_MASK(lead_suit))) {
            legal = hand & EQ_SUIT_MASK(lead_suit);
        } else if (forbidden & 15) {
            uint64_t banned = 0, rest;
            int s;
            for (s = 0; s < 4; s++)
                if ((forbidden >> s) & 1)
                    banned |= EQ_SUIT_MASK(s);
            rest = legal & ~banned;
            if (rest)
                legal = rest;
        }
    }
    pens = legal & penalties;
    return pens ? pens : legal;
}

uint64_t eq_legal(uint64_t hand, int suit_led, int lead_suit, int penalty_card)
{
    return eq_legal_mask(hand, suit_led, lead_suit, 0,
                         penalty_card >= 0 && penalty_card < 64 ? (uint64_t)1 << penalty_card
                                                                : 0);
}

int eq_trick_winner(const int8_t *cards, int n, int trump)
{
    int best = 0, i;
    for (i = 1; i < n; i++) {
        int best_suit = cards[best] >> 4, suit = cards[i] >> 4;
        if (suit == best_suit) {
            if (cards[i] > cards[best])
                best = i;
        } else if (suit == trump) {
            best = i;
        }
    }
    return best;
}

static void set_error(int32_t *err, int code, int trick, int seat, int card, int extra)
{
    err[0] = code;
    err[1] = trick;
    err[2] = seat;
    err[3] = card;
    err[4] = extra;
}

/* Whether every value of board i is in range (cards in the deck, seats 0..3 ...). */
static int valid_input(const eq_batch *b, int64_t i, int ntricks)
{
    int first = b->first[i];
    const int8_t *table = b->table + i * EQ_TRICKS * 4;
    const int8_t *leaders = b->leaders + i * EQ_TRICKS;
    const int8_t *marks = b->marks + i * EQ_TRICKS * 4;
    const int8_t *reqs = b->reqs + i * b->k * 4;
    int t, s;
    int64_t j;
    if (b->strain[i] < 0 || b->strain[i] > 4 || b->declarer[i] < 0 || b->declarer[i] > 3 ||
        ntricks < 0 || first < 1 || first > EQ_TRICKS || (first > 1 && leaders[0] < 0))
        return 0;
    for (t = 0; t < EQ_TRICKS; t++) {
        if (leaders[t] < -1 || leaders[t] > 3)
            return 0;
        for (s = 0; s < 4; s++) {
            int c = table[4 * t + s];
            if ((c != -1 && !valid_card(c)) || marks[4 * t + s] < 0 || marks[4 * t + s] > 2)
                return 0;
        }
    }
    for (j = 0; j < b->k; j++) {
        const int8_t *r = reqs + 4 * j;
        if (r[0] == REQ_NONE)
            continue;
        if (r[1] < 0 || r[1] > 3 || r[2] < 1 || r[2] > EQ_TRICKS)
            return 0;
        if (r[0] == REQ_LEAD && (r[3] < 0 || r[3] > 3))
            return 0;
        if (r[0] == REQ_PENALTY && !valid_card(r[3]))
            return 0;
        if (r[0] != REQ_LEAD && r[0] != REQ_PENALTY)
            return 0;
    }
    return 1;
}

/* Replay board i; returns its error code. */
static int replay_one(const eq_batch *b, int64_t i)
{
    const int8_t *table = b->table + i * EQ_TRICKS * 4;
    const int8_t *leaders = b->leaders + i * EQ_TRICKS;
    const int8_t *marks = b->marks + i * EQ_TRICKS * 4;
    const int8_t *reqs = b->reqs + i * b->k * 4;
    int8_t *order = b->order + i * EQ_CARDS * 2;
    int8_t *revoke = b->revoke + i * EQ_CARDS * 2;
    uint64_t *legal_out = b->legal + i * EQ_CARDS;
    int8_t *lead_out = b->lead_out + i * EQ_TRICKS;
    int8_t *winners = b->winners + i * EQ_TRICKS;
    int8_t *won = b->won + i * (EQ_TRICKS + 1) * 2;
    int32_t *err = b->error + i * 5;
    int ntricks = b->ntricks[i], first = b->first[i], held;
    uint64_t hands[4], all = 0;
    int8_t played_at[64];
    unsigned char active[EQ_MAX_REQS];
    int trump, leader, stopped = 0, np = 0, t, s;
    int64_t j;

    memset(order, -1, EQ_CARDS * 2);
    for (t = 0; t < EQ_CARDS; t++) {
        revoke[2 * t] = REV_NONE;
        revoke[2 * t + 1] = -1;
        legal_out[t] = 0;
    }
    memset(lead_out, -1, EQ_TRICKS);
    memset(winners, -1, EQ_TRICKS);
    memset(won, 0, (EQ_TRICKS + 1) * 2);
    set_error(err, EQ_OK, -1, -1, -1, -1);

    if (b->k > EQ_MAX_REQS || !valid_input(b, i, ntricks)) {
        set_error(err, EQ_BAD_INPUT, -1, -1, -1, -1);
        return EQ_BAD_INPUT;
    }
    /* a record from trick `first` on starts from the cards still held there */
    held = EQ_TRICKS + 1 - first;
    for (s = 0; s < 4; s++) {
        hands[s] = b->hands[4 * i + s];
        if (popcount64(hands[s]) != held || (hands[s] & ~EQ_DECK) || (hands[s] & all)) {
            set_error(err, EQ_BAD_DEAL, -1, -1, -1, -1);
            return EQ_BAD_DEAL;
        }
        all |= hands[s];
    }
    if (ntricks > held) {
        set_error(err, EQ_TOO_MANY_TRICKS, ntricks, -1, -1, -1);
        return EQ_TOO_MANY_TRICKS;
    }

    memset(played_at, 0, sizeof played_at);
    for (j = 0; j < b->k; j++)
        active[j] = reqs[4 * j] != REQ_NONE;
    trump = b->strain[i];
    /* the opening leader, or the seat that led the record's first trick when it starts
       later (who was on lead there is not known: not checked) */
    leader = first > 1 ? leaders[0] : (b->declarer[i] + 1) & 3;

    for (t = 0; t < ntricks; t++) {
        const int8_t *slots = table + 4 * t;
        int number = first + t, given = leaders[t], nplays = 0, suit_led = -1, k, gap = 0;
        int8_t cards[4], seats[4];

        if (given >= 0 && given != leader) {
            if (marks[4 * t + given] != MARK_L) {
                set_error(err, EQ_NOT_ON_LEAD, number, given, slots[given], leader);
                return EQ_NOT_ON_LEAD;
            }
            leader = given; /* Law 53: a lead out of turn, accepted */
        } else if (given >= 0 && marks[4 * t + given] == MARK_L) {
            set_error(err, EQ_LEAD_MARK_IN_TURN, number, given, slots[given], -1);
            return EQ_LEAD_MARK_IN_TURN;
        }
        for (k = 0; k < 4; k++) {
            int seat = (leader + k) & 3, card = slots[seat], lead_req = -1, pen_req = -1;
            int kind = REV_NONE, broken = -1, leading = nplays == 0;
            uint64_t bit, basic, legal, pens;
            if (card < 0) {
                stopped = 1;
                gap = 1;
                continue;
            }
            if (stopped) {
                /* A gap in the record's last trick: the play stopped there (attention
                   was drawn); the cards after it came later and are not part of the
                   play (seed 003, WC 2012). Anywhere else the record cannot go on. */
                if (gap && t == ntricks - 1)
                    continue;
                set_error(err, EQ_AFTER_MISSING, number, seat, card, -1);
                return EQ_AFTER_MISSING;
            }
            bit = (uint64_t)1 << card;
            if (!(hands[seat] & bit)) {
                set_error(err, EQ_NOT_HELD, number, seat, card, played_at[card]);
                return EQ_NOT_HELD;
            }
            /* The first pending lead requirement that binds this player now, and all
               his major penalty cards in force (Law 50D1: any of them he may legally
               play, he must; pen_req: the first of those, for the report). */
            pens = 0;
            for (j = 0; j < b->k; j++) {
                const int8_t *r = reqs + 4 * j;
                if (!active[j] || r[1] != seat || r[2] > number)
                    continue;
                if (r[0] == REQ_LEAD && leading && lead_req < 0)
                    lead_req = (int)j;
                if (r[0] == REQ_PENALTY && ((hands[seat] >> r[3]) & 1))
                    pens |= (uint64_t)1 << r[3];
            }
            basic = eq_follow_suit(hands[seat], suit_led);
            legal = eq_legal_mask(hands[seat], suit_led,
                                  lead_req >= 0 ? reqs[4 * lead_req + 3] : -1, 0, pens);
            if (legal & pens) {
                for (j = 0; j < b->k && pen_req < 0; j++) {
                    const int8_t *r = reqs + 4 * j;
                    if (active[j] && r[0] == REQ_PENALTY && r[1] == seat && r[2] <= number &&
                        ((legal >> r[3]) & 1))
                        pen_req = (int)j;
                }
            }
            if (!(legal & bit)) {
                if (pen_req >= 0 && !(legal & ~pens)) {
                    /* Laws 50D1, 64B3: the major penalty card could legally be played and
                       another card was (of the suit led or not): failure to play a
                       penalty card, whatever else the card broke. */
                    kind = REV_PENALTY;
                    broken = pen_req;
                } else if (!(basic & bit)) {
                    kind = REV_FOLLOW;
                } else if (lead_req >= 0 && (card >> 4) != reqs[4 * lead_req + 3]) {
                    kind = REV_LEAD;
                    broken = lead_req;
                } else {
                    kind = REV_PENALTY;
                    broken = pen_req;
                }
            } else if (marks[4 * t + seat] == MARK_R) {
                set_error(err, EQ_REVOKE_MARK_LEGAL, number, seat, card, -1);
                return EQ_REVOKE_MARK_LEGAL;
            }
            if (leading && lead_req >= 0)
                active[lead_req] = 0; /* a lead penalty lasts for one lead */
            for (j = 0; j < b->k; j++) /* a penalty card played is gone */
                if (active[j] && reqs[4 * j] == REQ_PENALTY && reqs[4 * j + 1] == seat &&
                    reqs[4 * j + 3] == card)
                    active[j] = 0;
            hands[seat] &= ~bit;
            played_at[card] = (int8_t)number;
            order[2 * np] = (int8_t)seat;
            order[2 * np + 1] = (int8_t)card;
            revoke[2 * np] = (int8_t)kind;
            revoke[2 * np + 1] = (int8_t)broken;
            legal_out[np] = legal;
            np++;
            cards[nplays] = (int8_t)card;
            seats[nplays] = (int8_t)seat;
            if (nplays == 0)
                suit_led = card >> 4;
            nplays++;
        }
        if (nplays > 0)
            lead_out[t] = (int8_t)leader;
        if (nplays == 4) {
            winners[t] = seats[eq_trick_winner(cards, 4, trump)];
            leader = winners[t];
        } else {
            stopped = 1;
        }
    }
    for (t = EQ_TRICKS - 1; t >= 0; t--) {
        won[2 * t] = won[2 * t + 2];
        won[2 * t + 1] = won[2 * t + 3];
        if (winners[t] >= 0)
            won[2 * t + (winners[t] & 1)]++;
    }
    return EQ_OK;
}

int64_t eq_replay_batch(const eq_batch *b, int64_t start, int64_t stop)
{
    int64_t i, failed = 0;
    for (i = start; i < stop; i++)
        if (replay_one(b, i) != EQ_OK)
            failed++;
    return failed;
}
