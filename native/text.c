/* Fast reading of PBN text into the kernel's packed arrays (kernel.h, text.h).
 *
 * Only the common, regular case is read here; anything unusual (a hand given as "-",
 * a Unicode suit symbol, an error of any kind) is reported as EQ_TEXT_FALLBACK so that
 * the caller reads that board with the full Python reader, which knows every rule and
 * every error message. So this code never has to be right about an irregular file:
 * it only has to recognise that a board is irregular.
 */
#include "text.h"

#include <string.h>

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

static int seat_of(char c)
{
    switch (c) {
    case 'N': case 'n': return 0;
    case 'E': case 'e': return 1;
    case 'S': case 's': return 2;
    case 'W': case 'w': return 3;
    default: return -1;
    }
}

static int suit_of(char c)
{
    switch (c) {
    case 'S': case 's': return 0;
    case 'H': case 'h': return 1;
    case 'D': case 'd': return 2;
    case 'C': case 'c': return 3;
    default: return -1;
    }
}

static int rank_of(char c)
{
    switch (c) {
    case '2': case '3': case '4': case '5': case '6': case '7': case '8': case '9':
        return c - '0';
    case 'T': case 't': return 10;
    case 'J': case 'j': return 11;
    case 'Q': case 'q': return 12;
    case 'K': case 'k': return 13;
    case 'A': case 'a': return 14;
    default: return -1;
    }
}

/* One hand "AKQ.T98..J2" in [p, end) (a void may be "-"); 0 and the set, or -1. */
static int parse_hand(const char *p, const char *end, uint64_t *out)
{
    uint64_t cs = 0;
    int suit;
    for (suit = 0; suit < 4; suit++) {
        const char *q = p;
        while (q < end && *q != '.')
            q++;
        if ((q == end) != (suit == 3))
            return -1; /* not four suits */
        if (!(q - p == 1 && *p == '-')) {
            for (; p < q; p++) {
                int rank;
                uint64_t bit;
                if (*p == '1' && p + 1 < q && p[1] == '0') {
                    rank = 10;
                    p++;
                } else if ((rank = rank_of(*p)) < 0) {
                    return -1;
                }
                bit = (uint64_t)1 << (16 * suit + rank);
                if (cs & bit)
                    return -1;
                cs |= bit;
            }
        }
        p = q + 1;
    }
    *out = cs;
    return 0;
}

/* A PBN [Deal] value "N:h h h h"; 0 when it is four proper hands, else -1. */
static int parse_deal(const char *p, const char *end, uint64_t hands[4])
{
    int first, i;
    uint64_t all = 0;
    while (p < end && is_space(*p))
        p++;
    while (end > p && is_space(end[-1]))
        end--;
    if (end - p < 2 || p[1] != ':' || (first = seat_of(p[0])) < 0)
        return -1;
    p += 2;
    for (i = 0; i < 4; i++) {
        const char *q;
        uint64_t h;
        int s = (first + i) & 3, n = 0;
        while (p < end && is_space(*p))
            p++;
        q = p;
        while (q < end && !is_space(*q))
            q++;
        if (q == p || (q - p == 1 && *p == '-') || parse_hand(p, q, &h) < 0)
            return -1;
        for (uint64_t x = h; x; x &= x - 1)
            n++;
        if (n != 13 || (h & all))
            return -1;
        all |= h;
        hands[s] = h;
        p = q;
    }
    while (p < end && is_space(*p))
        p++;
    return p == end ? 0 : -1;
}

/* Whether [p, end) is a note "=12=", a NAG "$12", or only '!'/'?' characters. */
static int is_skipped(const char *p, const char *end)
{
    const char *q;
    if (end - p >= 3 && *p == '=' && end[-1] == '=') {
        for (q = p + 1; q < end - 1; q++)
            if (*q < '0' || *q > '9')
                return 0;
        return 1;
    }
    if (end - p >= 2 && *p == '$') {
        for (q = p + 1; q < end; q++)
            if (*q < '0' || *q > '9')
                return 0;
        return 1;
    }
    for (q = p; q < end; q++)
        if (*q != '!' && *q != '?')
            return 0;
    return 1;
}

/* The end of a card token without its trailing annotations (!?, =1=, $12). */
static const char *strip_annotation(const char *p, const char *end)
{
    for (;;) {
        const char *q = end;
        if (q > p && (q[-1] == '!' || q[-1] == '?')) {
            while (q > p && (q[-1] == '!' || q[-1] == '?'))
                q--;
        } else if (q - p >= 3 && q[-1] == '=') {
            const char *d = q - 1;
            while (d > p && d[-1] >= '0' && d[-1] <= '9')
                d--;
            if (d == q - 1 || d == p || d[-1] != '=')
                return end;
            q = d - 1;
        } else if (q > p && q[-1] >= '0' && q[-1] <= '9') {
            const char *d = q;
            while (d > p && d[-1] >= '0' && d[-1] <= '9')
                d--;
            if (d == p || d[-1] != '$')
                return end;
            q = d - 1;
        } else {
            return end;
        }
        end = q;
    }
}

/* A [Play] section in [p, end); see text.h. */
static int parse_play(const char *p, const char *end, int first, int8_t *table,
                      int8_t *leaders, int8_t *marks, int8_t *ntricks, int8_t *flags)
{
    int trick = 0, ncards = 0, claimed = 0;
    while (p < end) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        int8_t slots[5];
        int nslots = 0, mark = 0, lead = -1, s;
        int8_t row_marks[4] = {0, 0, 0, 0};
        if (eol == NULL)
            eol = end;
        while (p < eol) {
            const char *q;
            while (p < eol && is_space(*p))
                p++;
            if (p == eol)
                break;
            q = p;
            while (q < eol && !is_space(*q))
                q++;
            if ((unsigned char)*p >= 0x80 || q - p > EQ_LONGEST_TOKEN)
                return EQ_TEXT_FALLBACK; /* the reader strips no annotation from a longer one */
            if (*p == '^' && q - p >= 2) {
                if ((p[1] != 'R' && p[1] != 'L') || mark)
                    return EQ_TEXT_FALLBACK;
                mark = p[1] == 'R' ? MARK_R : MARK_L;
                p += 2;
                if (p == q)
                    continue; /* the card follows as its own token */
            }
            if (q - p == 1 && *p == '*') {
                claimed = 1;
            } else if (is_skipped(p, q)) {
                /* a note, NAG or !? on its own */
            } else if ((q - p == 1 && *p == '+') || *p == '-') {
                const char *d;
                for (d = p; d < q && *d == '-'; d++)
                    ;
                if ((*p == '-' && d != q) || mark)
                    return EQ_TEXT_FALLBACK;
                if (nslots == 5)
                    return EQ_TEXT_FALLBACK;
                slots[nslots++] = -1;
            } else {
                const char *e = strip_annotation(p, q);
                int suit = suit_of(*p), rank = -1;
                if (e - p == 2)
                    rank = rank_of(p[1]);
                else if (e - p == 3 && p[1] == '1' && p[2] == '0')
                    rank = 10;
                if (suit < 0 || rank < 0 || nslots == 5)
                    return EQ_TEXT_FALLBACK;
                if (mark) {
                    if (nslots < 4)
                        row_marks[(first + nslots) & 3] = (int8_t)mark;
                    if (mark == MARK_L)
                        lead = (first + nslots) & 3;
                    mark = 0;
                }
                slots[nslots++] = (int8_t)(16 * suit + rank);
                ncards++;
            }
            p = q;
        }
        p = eol < end ? eol + 1 : end;
        if (mark || nslots > 4)
            return EQ_TEXT_FALLBACK;
        if (nslots == 0)
            continue;
        if (trick == 13)
            return EQ_TEXT_FALLBACK; /* more than 13 tricks: the reader's error */
        for (s = 0; s < nslots; s++)
            table[4 * trick + ((first + s) & 3)] = slots[s];
        for (s = 0; s < 4; s++)
            marks[4 * trick + s] = row_marks[s];
        leaders[trick] = (int8_t)lead;
        trick++;
    }
    *ntricks = (int8_t)trick;
    *flags = (int8_t)((claimed ? EQ_TEXT_CLAIMED : 0) | (ncards == 52 ? EQ_TEXT_ALL52 : 0));
    if (ncards == 0 && !claimed)
        return EQ_TEXT_NO_PLAY;
    return EQ_TEXT_OK;
}

/* ---- whole games ---------------------------------------------------------------- */

typedef struct {
    const char *s, *e; /* value span */
    const char *line_end;
    int found;
} tag_value;

/* Tags a game holds at most once (pbn.py's _ONCE; the Equity* ones are never read
 * here): a second one is the full reader's error ("is the blank line missing?"). */
static const char *const ONCE[] = {"Board",    "Dealer", "Vulnerable", "Deal", "Declarer",
                                   "Contract", "Result", "Auction",    "Play"};

enum { T_DEAL, T_DECLARER, T_CONTRACT, T_RESULT, T_PLAY, T_BOARD, T_DEALER, T_VUL, T_COUNT };
static const char *const TAG_NAMES[T_COUNT] = {"Deal", "Declarer", "Contract", "Result",
                                               "Play", "Board", "Dealer", "Vulnerable"};

/* Python's str.isspace() for an ASCII byte: \t \n \v \f \r, 0x1C-0x1F and space. */
static int is_ascii_ws(unsigned char c)
{
    return c == ' ' || (c >= 9 && c <= 13) || (c >= 0x1c && c <= 0x1f);
}

/* Whether the line [p, eol) is blank as the normative reader (equity/formats/lines.py)
 * decides it: the line, decoded as UTF-8 or else as ISO-8859-1, is empty or only
 * whitespace in Python's sense (str.isspace). Exact, not an approximation:
 * - only ASCII whitespace and the bytes 0x85, 0xA0: blank (with 0x85 or 0xA0 the line
 *   is not UTF-8, and in ISO-8859-1 they are NEL and NBSP, both whitespace);
 * - else it is blank only if it is UTF-8 made of whitespace code points (U+0085,
 *   U+00A0, U+1680, U+2000-U+200A, U+2028, U+2029, U+202F, U+205F, U+3000): any other
 *   byte makes it either UTF-8 with a non-space or not UTF-8, and then its ISO-8859-1
 *   reading holds a byte other than those above, which is not whitespace. */
static int is_blank_line(const char *p, const char *eol)
{
    const unsigned char *q = (const unsigned char *)p, *e = (const unsigned char *)eol;
    for (; q < e; q++)
        if (!is_ascii_ws(*q) && *q != 0x85 && *q != 0xA0)
            break;
    if (q == e)
        return 1;
    for (q = (const unsigned char *)p; q < e;) {
        if (is_ascii_ws(*q)) {
            q++;
        } else if (*q == 0xC2 && e - q >= 2 && (q[1] == 0x85 || q[1] == 0xA0)) {
            q += 2;
        } else if (e - q >= 3 &&
                   ((q[0] == 0xE1 && q[1] == 0x9A && q[2] == 0x80) ||
                    (q[0] == 0xE2 && q[1] == 0x80 &&
                     ((q[2] >= 0x80 && q[2] <= 0x8A) || q[2] == 0xA8 || q[2] == 0xA9 || q[2] == 0xAF)) ||
                    (q[0] == 0xE2 && q[1] == 0x81 && q[2] == 0x9F) ||
                    (q[0] == 0xE3 && q[1] == 0x80 && q[2] == 0x80))) {
            q += 3;
        } else {
            return 0;
        }
    }
    return 1;
}

static const char *line_end(const char *p, const char *end)
{
    const char *q = memchr(p, '\n', (size_t)(end - p));
    return q ? q : end;
}

static void strip(const char **s, const char **e)
{
    while (*s < *e && is_space(**s))
        (*s)++;
    while (*e > *s && is_space((*e)[-1]))
        (*e)--;
}

static int equals_upper(const char *s, const char *e, const char *word)
{
    size_t n = strlen(word);
    size_t i;
    if ((size_t)(e - s) != n)
        return 0;
    for (i = 0; i < n; i++) {
        char c = s[i];
        if (c >= 'a' && c <= 'z')
            c = (char)(c - 'a' + 'A');
        if (c != word[i])
            return 0;
    }
    return 1;
}

/* A seat value as the fast path accepts it ("N", "s", "NORTH"); -1 otherwise. */
static int seat_value(const char *s, const char *e, int any_case_names)
{
    static const char *const names[4] = {"NORTH", "EAST", "SOUTH", "WEST"};
    int i;
    if (e - s == 1)
        return seat_of(*s);
    for (i = 0; i < 4; i++) {
        size_t n = strlen(names[i]);
        if ((size_t)(e - s) == n && (any_case_names ? equals_upper(s, e, names[i])
                                                     : memcmp(s, names[i], n) == 0))
            return i;
    }
    return -1;
}

/* One line of a simple game: a tag pair alone on its line, or plain section data.
 * Returns 1 for a tag (name and value spans set), 0 for data, -1 for anything else. */
static int simple_line(const char *p, const char *eol, const char **name, const char **name_end,
                       const char **val, const char **val_end, const char **after)
{
    const char *q;
    if (eol > p && eol[-1] == '\r')
        eol--;
    while (p < eol && (*p == ' ' || *p == '\t'))
        p++;
    if (p < eol && *p == '[') {
        q = ++p;
        while (q < eol && ((*q >= 'A' && *q <= 'Z') || (*q >= 'a' && *q <= 'z') ||
                           (*q >= '0' && *q <= '9') || *q == '_'))
            q++;
        if (q == p)
            return -1;
        *name = p;
        *name_end = q;
        while (q < eol && (*q == ' ' || *q == '\t'))
            q++;
        if (q == eol || *q != '"')
            return -1;
        *val = ++q;
        while (q < eol && *q != '"') {
            if (*q == '\\') {
                if (q + 1 == eol || q[1] == '"')
                    return -1;
                q++;
            }
            q++;
        }
        if (q == eol)
            return -1;
        *val_end = q++;
        while (q < eol && (*q == ' ' || *q == '\t'))
            q++;
        if (q == eol || *q != ']')
            return -1;
        *after = ++q;
        while (q < eol && (*q == ' ' || *q == '\t'))
            q++;
        return q == eol ? 1 : -1;
    }
    for (q = p; q < eol; q++)
        if (*q == '[' || *q == ']' || *q == '{' || *q == '}' || *q == ';' || *q == '%' ||
            *q == '"' || *q == '\r')
            return -1;
    return 0;
}

/* Classify and read one game [g, end) of a segment; see eq_read_pbn_games. */
static int read_game(const char *g, const char *end, const int64_t *state, int8_t *first_out,
                     int32_t *number, const char **deal_s, const char **deal_e, int *inherits,
                     int8_t *strain, int8_t *declarer, const char **play_s, const char **play_e)
{
    tag_value tags[T_COUNT];
    const char *p = g, *s, *e;
    int i, decl, level, first, num = -1, strn;
    const char *section_start = NULL;
    int in_play = 0;
    unsigned once = 0;

    memset(tags, 0, sizeof tags);
    *play_e = end;
    if (p == end || *p != '[')
        return 0;
    while (p < end) {
        const char *eol = line_end(p, end), *name, *name_end, *val, *val_end, *after;
        int kind = simple_line(p, eol, &name, &name_end, &val, &val_end, &after);
        if (kind < 0)
            return 0;
        if (kind == 1) {
            size_t n = (size_t)(name_end - name);
            if (in_play) {
                *play_e = p;
                in_play = 0;
            }
            if (n >= 6 && memcmp(name, "Equity", 6) == 0)
                return 0;
            for (i = 0; i < (int)(sizeof ONCE / sizeof ONCE[0]); i++) {
                if (strlen(ONCE[i]) == n && memcmp(name, ONCE[i], n) == 0) {
                    if (once & (1u << i))
                        return 0; /* a second one: the full reader's error */
                    once |= 1u << i;
                }
            }
            for (i = 0; i < T_COUNT; i++) {
                if (!tags[i].found && strlen(TAG_NAMES[i]) == n &&
                    memcmp(name, TAG_NAMES[i], n) == 0) {
                    tags[i].found = 1;
                    tags[i].s = val;
                    tags[i].e = val_end;
                    if (i == T_PLAY) {
                        section_start = after;
                        in_play = 1;
                    }
                }
            }
        }
        p = eol < end ? eol + 1 : end;
    }
    if (!tags[T_DECLARER].found || !tags[T_CONTRACT].found || !tags[T_PLAY].found)
        return 0;
    /* declarer */
    s = tags[T_DECLARER].s;
    e = tags[T_DECLARER].e;
    strip(&s, &e);
    while (s < e && *s == '^')
        s++;
    if ((decl = seat_value(s, e, 0)) < 0)
        return 0;
    /* contract: [1-7](NT|N|S|H|D|C)X{0,2}, any case */
    s = tags[T_CONTRACT].s;
    e = tags[T_CONTRACT].e;
    strip(&s, &e);
    if (e - s < 2 || *s < '1' || *s > '7')
        return 0;
    level = *s++ - '0';
    (void)level;
    if (e - s >= 2 && (s[0] == 'N' || s[0] == 'n') && (s[1] == 'T' || s[1] == 't')) {
        strn = 4;
        s += 2;
    } else if (*s == 'N' || *s == 'n') {
        strn = 4;
        s++;
    } else if ((strn = suit_of(*s)) >= 0) {
        s++;
    } else {
        return 0;
    }
    if (e - s > 2)
        return 0;
    for (; s < e; s++)
        if (*s != 'X' && *s != 'x')
            return 0;
    /* result: ^? digits, at most 13 */
    if (tags[T_RESULT].found) {
        int r = 0, digits = 0;
        s = tags[T_RESULT].s;
        e = tags[T_RESULT].e;
        strip(&s, &e);
        if (s < e && *s == '^')
            s++;
        while (s < e && is_space(*s))
            s++;
        for (; s < e && *s >= '0' && *s <= '9' && digits < 3; s++, digits++)
            r = 10 * r + (*s - '0');
        if (!digits || digits > 2 || s != e || r > 13)
            return 0; /* "010" too: the full reader takes at most two digits */
    }
    if (tags[T_DEALER].found) {
        s = tags[T_DEALER].s;
        e = tags[T_DEALER].e;
        strip(&s, &e);
        if (!(s == e || (e - s == 1 && *s == '?') || seat_value(s, e, 1) >= 0))
            return 0;
    }
    if (tags[T_VUL].found) {
        static const char *const vuls[] = {"NONE", "LOVE", "-", "O", "ALL", "BOTH", "B", "NS",
                                           "N-S", "N", "EW", "E-W", "E", "?"};
        int ok = 0;
        s = tags[T_VUL].s;
        e = tags[T_VUL].e;
        strip(&s, &e);
        ok = s == e;
        for (i = 0; i < (int)(sizeof vuls / sizeof vuls[0]) && !ok; i++)
            ok = equals_upper(s, e, vuls[i]);
        if (!ok)
            return 0;
    }
    /* the seat on lead */
    s = tags[T_PLAY].s;
    e = tags[T_PLAY].e;
    strip(&s, &e);
    if (s == e || (e - s == 1 && *s == '?'))
        first = (decl + 1) & 3;
    else if ((first = seat_value(s, e, 1)) < 0)
        return 0;
    /* deal: own, or inherited from the previous game (the other table) */
    *inherits = 0;
    if (tags[T_DEAL].found) {
        s = tags[T_DEAL].s;
        e = tags[T_DEAL].e;
        strip(&s, &e);
        if (s == e || (e - s == 1 && (*s == '?' || *s == '#')))
            return 0;
        *deal_s = tags[T_DEAL].s;
        *deal_e = tags[T_DEAL].e;
    } else {
        if (!state[0] || state[4] >= 8)
            return 0;
        *inherits = 1;
        num = (int)state[3];
    }
    if (tags[T_BOARD].found) {
        int digits = 0;
        s = tags[T_BOARD].s;
        e = tags[T_BOARD].e;
        strip(&s, &e);
        if (e - s == 1 && *s == '#')
            return 0;
        num = 0;
        for (; s < e && *s >= '0' && *s <= '9'; s++, digits++)
            num = digits < 9 ? 10 * num + (*s - '0') : num;
        if (digits >= 9)
            return 0;
        if (!digits || s != e)
            num = -1;
    }
    *number = num;
    *first_out = (int8_t)first;
    *strain = (int8_t)strn;
    *declarer = (int8_t)decl;
    *play_s = section_start;
    if (in_play)
        *play_e = end;
    return 1;
}

int64_t eq_read_pbn_games(const char *text, int64_t len, int64_t *pos, int64_t cap,
                          int64_t *state, int64_t *spans, int8_t *status, int32_t *number,
                          int32_t *parent, uint64_t *hands, int8_t *table, int8_t *leaders,
                          int8_t *marks, int8_t *ntricks, int8_t *strain, int8_t *declarer)
{
    const char *end = text + len, *p = text + *pos;
    int64_t m = 0, last_ok = -2; /* the ordinal of the last fast game (-2: carried in) */
    while (m < cap && p < end) {
        const char *seg, *g, *seg_end;
        const char *deal_s = NULL, *deal_e = NULL, *play_s = NULL, *play_e = NULL;
        int8_t first = 0, flags = 0;
        int inherits = 0, only_escapes = 1, slow = 0, st;
        int32_t num = -1;
        /* skip blank lines; the segment is the run of non-blank lines after them */
        while (p < end) {
            const char *eol = line_end(p, end);
            if (!is_blank_line(p, eol))
                break;
            p = eol < end ? eol + 1 : end;
        }
        if (p == end)
            break;
        seg = p;
        g = NULL;
        while (p < end) {
            const char *eol = line_end(p, end);
            if (is_blank_line(p, eol))
                break;
            if (*p != '%') {
                only_escapes = 0;
                if (g == NULL)
                    g = p;
            } else if (g != NULL) {
                slow = 1; /* an escape line inside the game: the full reader's business */
            }
            p = eol < end ? eol + 1 : end;
        }
        seg_end = p;
        if (seg_end - seg > EQ_LONGEST_FAST_GAME)
            slow = 1; /* never near the reader's limits on a game: its business */
        spans[2 * m] = seg - text;
        spans[2 * m + 1] = seg_end - text;
        parent[m] = -1;
        number[m] = -1;
        memset(table + m * EQ_TRICKS * 4, -1, EQ_TRICKS * 4);
        memset(leaders + m * EQ_TRICKS, -1, EQ_TRICKS);
        memset(marks + m * EQ_TRICKS * 4, 0, EQ_TRICKS * 4);
        ntricks[m] = 0;
        if (only_escapes) {
            status[m++] = EQ_GAME_NONE;
            continue;
        }
        if (slow || !read_game(g, seg_end, state, &first, &num, &deal_s, &deal_e, &inherits,
                       strain + m, declarer + m, &play_s, &play_e)) {
            status[m++] = EQ_GAME_SLOW;
            state[0] = 0;
            continue;
        }
        if (inherits) {
            deal_s = text + state[1];
            deal_e = text + state[2];
            parent[m] = (int32_t)last_ok;
        }
        if (parse_deal(deal_s, deal_e, hands + 4 * m) < 0)
            st = EQ_TEXT_FALLBACK;
        else
            st = parse_play(play_s, play_e, first, table + m * EQ_TRICKS * 4,
                            leaders + m * EQ_TRICKS, marks + m * EQ_TRICKS * 4, ntricks + m,
                            &flags);
        number[m] = num;
        if (st == EQ_TEXT_FALLBACK) {
            status[m++] = EQ_GAME_SLOW;
            state[0] = 0;
            continue;
        }
        status[m] = st == EQ_TEXT_OK ? EQ_GAME_OK : EQ_GAME_NO_PLAY;
        state[4] = inherits ? state[4] + 1 : 0;
        state[0] = 1;
        state[1] = deal_s - text;
        state[2] = deal_e - text;
        state[3] = num;
        last_ok = m;
        m++;
    }
    *pos = p - text;
    return m;
}

int64_t eq_pbn_irregular(const char *text, int64_t len)
{
    const unsigned char *t = (const unsigned char *)text;
    int64_t i, line = 0, content_end = -1;
    int open = 0;
    if (len >= 3 && t[0] == 0xEF && t[1] == 0xBB && t[2] == 0xBF)
        return 0;
    for (i = 0; i < len; i++) {
        unsigned char c = t[i];
        if (c == '{') {
            open = 1;
        } else if (c == '}') {
            open = 0;
        } else if (c == '\r') {
            int64_t j = i;
            while (j < len && t[j] == '\r')
                j++;
            if (j < len && t[j] != '\n')
                return i; /* a lone CR ends a line: old Mac line ends */
            if (content_end < 0)
                content_end = i;
            i = j - 1;
        } else if (c == '\n') {
            int64_t n = (content_end < 0 ? i : content_end) - line;
            if (open || n > EQ_LONGEST_LINE)
                return line;
            line = i + 1;
            content_end = -1;
        }
    }
    if (open || (content_end < 0 ? len : content_end) - line > EQ_LONGEST_LINE)
        return line;
    return -1;
}
