/* Fast reading of PBN text into the kernel's packed arrays (layout in kernel.h).
 *
 * Only the regular game is read here; anything unusual is reported so that the caller
 * reads that game with the full Python reader (equity/formats/pbn.py), which knows every
 * rule and error message. This code need never be right about an irregular file: it
 * only has to recognise one.
 */
#ifndef EQUITY_TEXT_H
#define EQUITY_TEXT_H

#include "kernel.h"

enum { EQ_TEXT_OK = 0, EQ_TEXT_NO_PLAY = 1, EQ_TEXT_FALLBACK = 2 };
enum { EQ_TEXT_CLAIMED = 1, EQ_TEXT_ALL52 = 2 };

/* eq_read_pbn_games reads up to cap whole games of PBN text from byte *pos on (and
 * moves *pos past them). A game is a run of non-blank lines, a blank line being one
 * that is empty or only whitespace once decoded as the normative reader decodes it
 * (equity/formats/lines.py: UTF-8 or else ISO-8859-1, Python's str.isspace, so NBSP,
 * U+3000, U+2028, NEL and 0x1C-0x1F too); call it only on a text for which
 * eq_pbn_irregular returns -1, where this split is the normative one. A game longer
 * than EQ_LONGEST_FAST_GAME bytes is EQ_GAME_SLOW. For game j it writes
 * spans[j] = (start, end) of its lines, status[j]:
 *   EQ_GAME_OK       read into row j of hands, table, leaders, marks, ntricks, strain,
 *                    declarer; number[j] = its board number or -1
 *   EQ_GAME_NO_PLAY  a board without play (nothing else written)
 *   EQ_GAME_SLOW     not a regular game, or something wrong with it: read it fully
 *   EQ_GAME_NONE     only escape lines (%), no game
 * and parent[j] = the game whose deal game j inherits (PBN's other table of a board):
 * -1 none, -2 the game before this call, else its index j' < j.
 * state (int64[5], in/out, zeroed at the start of a file) carries the previous game
 * across calls: (it was read here, deal start, deal end, board number, inheritance
 * depth). Returns the number of games written. */
enum { EQ_GAME_OK = 0, EQ_GAME_NO_PLAY = 1, EQ_GAME_SLOW = 2, EQ_GAME_NONE = 3 };

int64_t eq_read_pbn_games(const char *text, int64_t len, int64_t *pos, int64_t cap,
                          int64_t *state, int64_t *spans, int8_t *status, int32_t *number,
                          int32_t *parent, uint64_t *hands, int8_t *table, int8_t *leaders,
                          int8_t *marks, int8_t *ntricks, int8_t *strain, int8_t *declarer);

/* The reader's limits (equity/formats/lines.py): a line holds at most EQ_LONGEST_LINE
 * bytes; a card token with annotations longer than EQ_LONGEST_TOKEN is not stripped. A
 * game longer than EQ_LONGEST_FAST_GAME bytes is left to the full reader, so that the
 * fast path never needs to know the reader's limits on a game. */
enum {
    EQ_LONGEST_LINE = 1 << 20,
    EQ_LONGEST_TOKEN = 40,
    EQ_LONGEST_FAST_GAME = 1 << 16,
};

/* eq_pbn_irregular tells whether the games of a whole file can be split here as the
 * normative reader splits them. It returns -1 when they can, else the offset of the
 * first thing that prevents it (the caller then reads the whole file in Python):
 * a byte order mark; a lone CR (a run of CRs not followed by LF or the end: old Mac
 * line ends); a line with a { comment still open at its end (a comment may span blank
 * lines); a line longer than EQ_LONGEST_LINE bytes (its line end not counted). With
 * none of these, a line ends at LF (any CRs before it belong to the line end) and the
 * blank-line test of eq_read_pbn_games is exact, so both readers see the same games. */
int64_t eq_pbn_irregular(const char *text, int64_t len);

#endif
