/* A driver for the C reader and kernel under AddressSanitizer and UBSan
 * (tests/test_sanitize.py builds it with -fsanitize=address,undefined).
 *
 * Each file named on the command line is checked with eq_pbn_irregular, read game by
 * game with eq_read_pbn_games in chunks of 7 (so games are carried across calls), and
 * every chunk is replayed with eq_replay_batch. The file is copied into a buffer of
 * exactly its size, so a read past its end is reported. Prints "games boards" totals.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel.h"
#include "text.h"

enum { CAP = 7 };

static long long games, boards;

static void run(const char *text, int64_t len)
{
    int64_t pos = 0, state[5] = {0, 0, 0, 0, 0};
    if (eq_pbn_irregular(text, len) >= 0)
        return; /* read in Python */
    for (;;) {
        int64_t spans[2 * CAP];
        int8_t status[CAP], table[CAP * EQ_TRICKS * 4], leaders[CAP * EQ_TRICKS];
        int8_t marks[CAP * EQ_TRICKS * 4], ntricks[CAP], strain[CAP], declarer[CAP];
        int8_t first[CAP];
        int8_t order[CAP * EQ_CARDS * 2], revoke[CAP * EQ_CARDS * 2];
        int8_t lead_out[CAP * EQ_TRICKS], winners[CAP * EQ_TRICKS];
        int8_t won[CAP * (EQ_TRICKS + 1) * 2];
        int32_t number[CAP], parent[CAP], error[CAP * 5];
        uint64_t hands[CAP * 4], legal[CAP * EQ_CARDS];
        eq_batch b;
        int64_t m = eq_read_pbn_games(text, len, &pos, CAP, state, spans, status, number,
                                      parent, hands, table, leaders, marks, ntricks, strain,
                                      declarer);
        int64_t j;
        if (m == 0)
            break;
        games += m;
        for (j = 0; j < m; j++) {
            if (status[j] != EQ_GAME_OK) { /* rows not written: make them an empty board */
                memset(hands + 4 * j, 0, 4 * sizeof(uint64_t));
                memset(table + j * EQ_TRICKS * 4, -1, EQ_TRICKS * 4);
                ntricks[j] = strain[j] = declarer[j] = 0;
            } else {
                boards++;
            }
        }
        memset(first, 1, sizeof first); /* every record from trick 1 */
        memset(&b, 0, sizeof b);
        b.hands = hands;
        b.table = table;
        b.leaders = leaders;
        b.marks = marks;
        b.ntricks = ntricks;
        b.strain = strain;
        b.declarer = declarer;
        b.first = first;
        b.reqs = NULL;
        b.k = 0;
        b.order = order;
        b.revoke = revoke;
        b.legal = legal;
        b.lead_out = lead_out;
        b.winners = winners;
        b.won = won;
        b.error = error;
        eq_replay_batch(&b, 0, m);
    }
}

int main(int argc, char **argv)
{
    int i;
    for (i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        long size;
        char *text;
        if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0) {
            perror(argv[i]);
            return 2;
        }
        rewind(f);
        text = malloc(size > 0 ? (size_t)size : 1);
        if (text == NULL || (long)fread(text, 1, (size_t)size, f) != size) {
            perror(argv[i]);
            return 2;
        }
        fclose(f);
        run(text, size);
        free(text);
    }
    printf("%lld %lld\n", games, boards);
    return 0;
}
