/* equity._native: the thin CPython binding of the card-play kernel (kernel.h).
 *
 * Arrays come in through the buffer protocol (numpy arrays, bytearrays ...), so no
 * numpy headers are needed to build; the kernel runs with the GIL released.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "kernel.h"
#include "text.h"

typedef struct {
    const char *name;
    Py_ssize_t itemsize;
    Py_ssize_t per_board; /* items per board; 0 = given by k */
    int writable;
} spec;

/* The arrays of replay_batch, in argument order (see kernel.h for the layout). */
static const spec SPECS[] = {
    {"hands", 8, 4, 0},          {"table", 1, EQ_TRICKS * 4, 0},
    {"leaders", 1, EQ_TRICKS, 0}, {"marks", 1, EQ_TRICKS * 4, 0},
    {"ntricks", 1, 1, 0},         {"strain", 1, 1, 0},
    {"declarer", 1, 1, 0},        {"reqs", 1, 0, 0},
    {"order", 1, EQ_CARDS * 2, 1}, {"revoke", 1, EQ_CARDS * 2, 1},
    {"legal", 8, EQ_CARDS, 1},    {"lead_out", 1, EQ_TRICKS, 1},
    {"winners", 1, EQ_TRICKS, 1}, {"won", 1, (EQ_TRICKS + 1) * 2, 1},
    {"error", 4, 5, 1},           {"first", 1, 1, 0},
};
#define NARRAYS ((int)(sizeof SPECS / sizeof SPECS[0]))

/* Whether two buffers share a byte. */
static int overlap(const Py_buffer *a, const Py_buffer *b)
{
    const char *p = a->buf, *q = b->buf;
    return a->len > 0 && b->len > 0 && p < q + b->len && q < p + a->len;
}

/* replay_batch(*, hands=, table=, ..., k=, order=, ..., error=): every array by its
 * name, so that two arrays of the same shape (order and revoke) cannot be swapped
 * unseen; an output may share no byte with any other array. */
static PyObject *replay_batch(PyObject *self, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"hands",   "table",  "leaders", "marks",    "ntricks", "strain",
                             "declarer", "reqs",   "k",       "order",    "revoke",  "legal",
                             "lead_out", "winners", "won",    "error",    "first",  NULL};
    PyObject *objs[NARRAYS];
    Py_buffer bufs[NARRAYS];
    Py_ssize_t k = -1, n = 0;
    int got = 0, i, j;
    int64_t failed;
    eq_batch b;
    (void)self;

    for (i = 0; i < NARRAYS; i++)
        objs[i] = NULL;
    if (PyTuple_GET_SIZE(args) != 0) {
        PyErr_SetString(PyExc_TypeError,
                        "replay_batch takes its arrays by name only (hands=..., error=...)");
        return NULL;
    }
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|$OOOOOOOOnOOOOOOOO:replay_batch", kwlist,
                                     &objs[0], &objs[1], &objs[2], &objs[3], &objs[4],
                                     &objs[5], &objs[6], &objs[7], &k, &objs[8], &objs[9],
                                     &objs[10], &objs[11], &objs[12], &objs[13], &objs[14],
                                     &objs[15]))
        return NULL;
    for (i = 0; i < NARRAYS; i++) {
        if (objs[i] == NULL) {
            PyErr_Format(PyExc_TypeError, "replay_batch: missing %s=", SPECS[i].name);
            return NULL;
        }
    }
    if (k < 0 || k > EQ_MAX_REQS) {
        PyErr_Format(PyExc_ValueError, "k must be given, 0..%d, not %zd", EQ_MAX_REQS, k);
        return NULL;
    }
    for (i = 0; i < NARRAYS; i++, got++) {
        int flags = PyBUF_C_CONTIGUOUS | (SPECS[i].writable ? PyBUF_WRITABLE : 0);
        Py_ssize_t per = SPECS[i].per_board ? SPECS[i].per_board : k * 4;
        if (PyObject_GetBuffer(objs[i], &bufs[i], flags) < 0)
            goto fail;
        if (bufs[i].itemsize != SPECS[i].itemsize) {
            PyErr_Format(PyExc_TypeError, "%s: items of %zd bytes expected, not %zd",
                         SPECS[i].name, SPECS[i].itemsize, bufs[i].itemsize);
            got++;
            goto fail;
        }
        if (i == 0) {
            n = bufs[0].len / (8 * 4);
        }
        if (bufs[i].len != n * per * SPECS[i].itemsize) {
            PyErr_Format(PyExc_ValueError, "%s: %zd bytes for %zd boards, expected %zd",
                         SPECS[i].name, bufs[i].len, n, n * per * SPECS[i].itemsize);
            got++;
            goto fail;
        }
    }
    for (i = 0; i < NARRAYS; i++)
        for (j = 0; j < NARRAYS; j++)
            if (i != j && SPECS[i].writable && overlap(&bufs[i], &bufs[j])) {
                PyErr_Format(PyExc_ValueError, "%s shares memory with %s", SPECS[i].name,
                             SPECS[j].name);
                goto fail;
            }
    b.hands = bufs[0].buf;
    b.table = bufs[1].buf;
    b.leaders = bufs[2].buf;
    b.marks = bufs[3].buf;
    b.ntricks = bufs[4].buf;
    b.strain = bufs[5].buf;
    b.declarer = bufs[6].buf;
    b.reqs = bufs[7].buf;
    b.k = k;
    b.order = bufs[8].buf;
    b.revoke = bufs[9].buf;
    b.legal = bufs[10].buf;
    b.lead_out = bufs[11].buf;
    b.winners = bufs[12].buf;
    b.won = bufs[13].buf;
    b.error = bufs[14].buf;
    b.first = bufs[15].buf;
    Py_BEGIN_ALLOW_THREADS
    failed = eq_replay_batch(&b, 0, n);
    Py_END_ALLOW_THREADS
    for (i = 0; i < NARRAYS; i++)
        PyBuffer_Release(&bufs[i]);
    return PyLong_FromLongLong(failed);

fail:
    for (i = 0; i < got; i++)
        PyBuffer_Release(&bufs[i]);
    return NULL;
}

/* Take a C-contiguous buffer of `count` items of `itemsize` bytes; -1 with an error set. */
static int take(PyObject *obj, Py_buffer *buf, Py_ssize_t itemsize, Py_ssize_t count,
                int writable, const char *name)
{
    if (PyObject_GetBuffer(obj, buf, PyBUF_C_CONTIGUOUS | (writable ? PyBUF_WRITABLE : 0)) < 0)
        return -1;
    if (buf->itemsize != itemsize || buf->len != itemsize * count) {
        PyErr_Format(PyExc_ValueError, "%s: %zd items of %zd bytes expected", name, count,
                     itemsize);
        PyBuffer_Release(buf);
        return -1;
    }
    return 0;
}

static PyObject *read_pbn_games(PyObject *self, PyObject *args)
{
    static const char *names[] = {"state", "spans", "status", "number", "parent", "hands",
                                  "table", "leaders", "marks", "ntricks", "strain",
                                  "declarer"};
    static const Py_ssize_t sizes[] = {8, 8, 1, 4, 4, 8, 1, 1, 1, 1, 1, 1};
    static const Py_ssize_t per[] = {0, 2, 1, 1, 1, 4, EQ_TRICKS * 4, EQ_TRICKS,
                                     EQ_TRICKS * 4, 1, 1, 1};
    PyObject *objs[12];
    Py_buffer text, bufs[12];
    Py_ssize_t cap;
    long long pos;
    int64_t pos64, m;
    int i, got = 0;
    (void)self;
    if (!PyArg_ParseTuple(args, "y*LnOOOOOOOOOOOO:read_pbn_games", &text, &pos, &cap,
                          &objs[0], &objs[1], &objs[2], &objs[3], &objs[4], &objs[5],
                          &objs[6], &objs[7], &objs[8], &objs[9], &objs[10], &objs[11]))
        return NULL;
    if (pos < 0 || pos > text.len || cap < 0) {
        PyBuffer_Release(&text);
        PyErr_SetString(PyExc_ValueError, "pos or cap out of range");
        return NULL;
    }
    for (i = 0; i < 12; i++, got++)
        if (take(objs[i], &bufs[i], sizes[i], per[i] ? cap * per[i] : 5, 1, names[i]) < 0)
            goto fail;
    pos64 = pos;
    Py_BEGIN_ALLOW_THREADS
    m = eq_read_pbn_games(text.buf, text.len, &pos64, cap, bufs[0].buf, bufs[1].buf,
                          bufs[2].buf, bufs[3].buf, bufs[4].buf, bufs[5].buf, bufs[6].buf,
                          bufs[7].buf, bufs[8].buf, bufs[9].buf, bufs[10].buf, bufs[11].buf);
    Py_END_ALLOW_THREADS
    for (i = 0; i < 12; i++)
        PyBuffer_Release(&bufs[i]);
    PyBuffer_Release(&text);
    return Py_BuildValue("LL", (long long)m, (long long)pos64);

fail:
    for (i = 0; i < got; i++)
        PyBuffer_Release(&bufs[i]);
    PyBuffer_Release(&text);
    return NULL;
}

static PyObject *pbn_irregular(PyObject *self, PyObject *args)
{
    Py_buffer text;
    int64_t at;
    (void)self;
    if (!PyArg_ParseTuple(args, "y*:pbn_irregular", &text))
        return NULL;
    Py_BEGIN_ALLOW_THREADS
    at = eq_pbn_irregular(text.buf, text.len);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&text);
    return PyLong_FromLongLong(at);
}

static PyObject *follow_suit(PyObject *self, PyObject *args)
{
    unsigned long long hand;
    int suit_led;
    (void)self;
    if (!PyArg_ParseTuple(args, "Ki:follow_suit", &hand, &suit_led))
        return NULL;
    return PyLong_FromUnsignedLongLong(eq_follow_suit(hand, suit_led));
}

static PyObject *legal(PyObject *self, PyObject *args)
{
    unsigned long long hand;
    int suit_led, lead_suit, penalty_card;
    (void)self;
    if (!PyArg_ParseTuple(args, "Kiii:legal", &hand, &suit_led, &lead_suit, &penalty_card))
        return NULL;
    return PyLong_FromUnsignedLongLong(eq_legal(hand, suit_led, lead_suit, penalty_card));
}

static PyObject *legal_mask(PyObject *self, PyObject *args)
{
    unsigned long long hand, penalties;
    int suit_led, lead_suit, forbidden;
    (void)self;
    if (!PyArg_ParseTuple(args, "KiiiK:legal_mask", &hand, &suit_led, &lead_suit, &forbidden,
                          &penalties))
        return NULL;
    return PyLong_FromUnsignedLongLong(
        eq_legal_mask(hand, suit_led, lead_suit, forbidden, penalties));
}

static PyObject *trick_winner(PyObject *self, PyObject *args)
{
    int trump, n;
    int8_t cards[4] = {0, 0, 0, 0};
    int c[4] = {0, 0, 0, 0};
    (void)self;
    if (!PyArg_ParseTuple(args, "ii|iiii:trick_winner", &trump, &n, &c[0], &c[1], &c[2], &c[3]))
        return NULL;
    if (n < 1 || n > 4) {
        PyErr_SetString(PyExc_ValueError, "a trick has 1 to 4 cards");
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        if (c[i] < 0 || c[i] > 63) {
            PyErr_SetString(PyExc_ValueError, "card index out of range");
            return NULL;
        }
        cards[i] = (int8_t)c[i];
    }
    return PyLong_FromLong(eq_trick_winner(cards, n, trump));
}

static PyMethodDef methods[] = {
    {"replay_batch", (PyCFunction)(void (*)(void))replay_batch, METH_VARARGS | METH_KEYWORDS,
     "replay_batch(*, hands, table, leaders, marks, ntricks, strain, declarer, reqs, k, "
     "order, revoke, legal, lead_out, winners, won, error, first) -> number of boards in "
     "error\n"
     "Replay a packed batch of play records (layout in native/kernel.h); every argument "
     "by name, the outputs sharing no memory with any other array."},
    {"read_pbn_games", read_pbn_games, METH_VARARGS,
     "read_pbn_games(text, pos, cap, state, spans, status, number, parent, hands, table, "
     "leaders, marks, ntricks, strain, declarer) -> (games, new pos)\n"
     "Read up to cap whole PBN games from byte pos on (native/text.h)."},
    {"pbn_irregular", pbn_irregular, METH_VARARGS,
     "pbn_irregular(text) -> -1, or the offset of the first thing (BOM, lone CR, a { "
     "comment open at a line end, a line longer than LONGEST_LINE) that keeps the fast "
     "reader from splitting the file into games (native/text.h)."},
    {"follow_suit", follow_suit, METH_VARARGS,
     "follow_suit(hand, suit_led) -> the cards that follow suit (Law 44C); suit_led -1 "
     "for a lead."},
    {"legal", legal, METH_VARARGS,
     "legal(hand, suit_led, lead_suit, penalty_card) -> the legal cards (Laws 44, 61A); "
     "-1 for none."},
    {"legal_mask", legal_mask, METH_VARARGS,
     "legal_mask(hand, suit_led, lead_suit, forbidden, penalties) -> the legal cards (Laws "
     "44C, 26, 50D): lead_suit -1 for none, forbidden a 4-bit mask of suits he may not "
     "lead (50D2), penalties the major penalty cards in force (50D1)."},
    {"trick_winner", trick_winner, METH_VARARGS,
     "trick_winner(trump, n, c0, c1=0, c2=0, c3=0) -> position of the winning card among "
     "the n card indices in play order; trump 4 for no trump."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "equity._native",
    "The card-play kernel of equity (C); see native/kernel.h.", -1, methods,
    NULL, NULL, NULL, NULL,
};

typedef struct {
    const char *name;
    int value;
} named;

/* A dict {name: value} as a module constant; -1 on error. */
static int add_dict(PyObject *m, const char *attr, const named *items, size_t count)
{
    PyObject *d = PyDict_New();
    size_t i;
    if (d == NULL)
        return -1;
    for (i = 0; i < count; i++) {
        PyObject *v = PyLong_FromLong(items[i].value);
        if (v == NULL || PyDict_SetItemString(d, items[i].name, v) < 0) {
            Py_XDECREF(v);
            Py_DECREF(d);
            return -1;
        }
        Py_DECREF(v);
    }
    if (PyModule_AddObject(m, attr, d) < 0) {
        Py_DECREF(d);
        return -1;
    }
    return 0;
}

static const named ERROR_CODES[] = {
    {"OK", EQ_OK},
    {"BAD_DEAL", EQ_BAD_DEAL},
    {"TOO_MANY_TRICKS", EQ_TOO_MANY_TRICKS},
    {"NOT_ON_LEAD", EQ_NOT_ON_LEAD},
    {"LEAD_MARK_IN_TURN", EQ_LEAD_MARK_IN_TURN},
    {"AFTER_MISSING", EQ_AFTER_MISSING},
    {"NOT_HELD", EQ_NOT_HELD},
    {"REVOKE_MARK_LEGAL", EQ_REVOKE_MARK_LEGAL},
    {"BAD_INPUT", EQ_BAD_INPUT},
};
static const named REVOKE_KINDS[] = {
    {"follow", REV_FOLLOW}, {"lead", REV_LEAD}, {"penalty", REV_PENALTY}};
static const named MARKS[] = {{"R", MARK_R}, {"L", MARK_L}};
static const named REQUIREMENT_KINDS[] = {{"lead", REQ_LEAD}, {"penalty", REQ_PENALTY}};
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

PyMODINIT_FUNC PyInit__native(void)
{
    PyObject *m = PyModule_Create(&module);
    if (m == NULL)
        return NULL;
    if (PyModule_AddIntConstant(m, "TRICKS", EQ_TRICKS) < 0 ||
        PyModule_AddIntConstant(m, "CARDS", EQ_CARDS) < 0 ||
        add_dict(m, "ERROR_CODES", ERROR_CODES, COUNT(ERROR_CODES)) < 0 ||
        add_dict(m, "REVOKE_KINDS", REVOKE_KINDS, COUNT(REVOKE_KINDS)) < 0 ||
        add_dict(m, "MARKS", MARKS, COUNT(MARKS)) < 0 ||
        add_dict(m, "REQUIREMENT_KINDS", REQUIREMENT_KINDS, COUNT(REQUIREMENT_KINDS)) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    if (PyModule_AddIntConstant(m, "MAX_REQS", EQ_MAX_REQS) < 0 ||
        PyModule_AddIntConstant(m, "LONGEST_LINE", EQ_LONGEST_LINE) < 0 ||
        PyModule_AddIntConstant(m, "LONGEST_TOKEN", EQ_LONGEST_TOKEN) < 0 ||
        PyModule_AddIntConstant(m, "LONGEST_FAST_GAME", EQ_LONGEST_FAST_GAME) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
